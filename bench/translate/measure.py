"""Measurements for bench/translate/run (see that script for what and why).

Memory (5) is read from /proc: the PSS (smaps_rollup) of every descendant of a long-lived
`hike-reviews translate` process, per pair and, under a small HIKE_REVIEWS_PIPELINE_MEMORY_MB,
sampled while a mixed-language input forces pipelines in and out.

usage: python3 measure.py --bin BIN --modes-dir DIR --work WORK --out RESULTS.md
                          [--apy-port PORT | --apy-error TEXT] [--bulk-lines N,N,...] [--quick]

Every timing is wall-clock time (time.perf_counter) around a whole child
process, or around a whole series of HTTP requests; references are measured in
the same run, interleaved with ours. Exit status: 0 all goals met, 1 error
(something could not be measured), 3 measured but a goal was missed.
"""
import argparse
import hashlib
import http.client
import json
import os
import platform
import random
import queue
import re
import resource
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from datetime import datetime, timezone

import scaling

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
ROUTES = os.path.join(ROOT, 'sample-data', 'routes.json')
TRUTH = os.path.join(ROOT, 'Tests', 'TranslationEngineTests', 'Fixtures', 'review-languages.json')
SHORT_MAX = 200      # characters, for "short" texts
SHORT_COUNT = 200
RUNS = 3
PER_REVIEW_STEP = 4  # 2: the reference runs one `apertium` process for every 4th short text


def ordinal(n):
    return {2: '2nd', 3: '3rd'}.get(n, '%dth' % n)

# The allocator the engine preloads into its stages (StageAllocator), where Debian puts it.
TCMALLOC = next((p for p in ('/usr/lib/%s-linux-gnu/libtcmalloc_minimal.so.4' % os.uname().machine,
                             '/usr/lib/libtcmalloc_minimal.so.4') if os.path.exists(p)), None)


class BenchError(Exception):
    pass


FOREIGN_SEEN = []   # Apertium processes not started by this benchmark, counted at each log line
LOAD_SEEN = []      # the 1-minute load average at each log line (each step's start)


def log(msg):
    FOREIGN_SEEN.append(foreign_stage_processes())
    LOAD_SEEN.append(os.getloadavg()[0])
    print('bench/translate: ' + msg, file=sys.stderr, flush=True)


def foreign_stage_processes():
    """Apertium stage processes on the machine that bench/translate/run (our parent: it also
    started APy) did not start: someone else's work, competing for the cores and sharing pages."""
    table = proc_table()
    ours = {pid for pid, _, _ in descendants(os.getppid(), table)}
    return sum(1 for pid, (_, _, comm) in table.items() if comm.startswith(STAGE_PROGRAMS) and pid not in ours)


# ---------------------------------------------------------------- inputs

def reviews(lang):
    routes = json.load(open(ROUTES, encoding='utf-8'))['routes']
    truth = json.load(open(TRUTH, encoding='utf-8'))
    out = [' '.join(r['text'].split()) for rt in routes for r in rt['reviews'] if truth.get(r['id']) == lang]
    out = [t for t in out if t]
    if not out:
        raise BenchError('no "%s" reviews in %s' % (lang, TRUTH))
    return out


def sentences(text):
    return [s for s in re.split(r'(?<=[.!?…])\s+', text) if s]


def short_texts(lang, count=SHORT_COUNT):
    """`count` distinct texts of at most SHORT_MAX characters: the short reviews
    themselves, then runs of 1-4 consecutive sentences of one review, then (only
    if that is not enough) two sentences of different reviews joined, picked
    with a fixed seed."""
    revs = reviews(lang)
    out, seen = [], set()

    def add(t):
        if len(t) <= SHORT_MAX and t not in seen:
            seen.add(t)
            out.append(t)

    for r in revs:
        add(r)
    split = [sentences(r) for r in revs]
    for k in (1, 2, 3, 4):
        for ss in split:
            for i in range(len(ss) - k + 1):
                add(' '.join(ss[i:i + k]))
    natural = min(len(out), count)
    rng = random.Random(20261129)
    flat = [(i, s) for i, ss in enumerate(split) for s in ss]
    tries = 0
    while len(out) < count and tries < 100000:
        tries += 1
        (i, a), (j, b) = rng.choice(flat), rng.choice(flat)
        if i != j:
            add(a + ' ' + b)
    if len(out) < count:
        raise BenchError('could only make %d short %s texts' % (len(out), lang))
    return out[:count], natural


def write_lines(path, lines):
    with open(path, 'w', encoding='utf-8') as f:
        for line in lines:
            f.write(line + '\n')


# ---------------------------------------------------------------- running

def children_cpu():
    """CPU seconds (user + system) of every reaped child of this process and their reaped
    descendants. measure.py runs one child at a time (APy is started by bench/translate/run,
    not by us), so the difference around one run is that run's CPU time."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_timed(cmd, stdin_path=None, stdin_bytes=None, stdout_path=None, env=None, expect_lines=None, sampler=None):
    """Runs cmd once; returns (seconds, output bytes, CPU seconds of it and its reaped children).
    With `sampler` (seconds), a `Sampler` watches the process's descendants at that interval
    and is left in `run_timed.last_sampler`."""
    stdin = open(stdin_path, 'rb') if stdin_path else (subprocess.PIPE if stdin_bytes is not None else subprocess.DEVNULL)
    stdout = open(stdout_path, 'wb') if stdout_path else subprocess.PIPE
    try:
        cpu0 = children_cpu()
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, env=env)
        watcher = None
        if sampler:
            watcher = Sampler(p.pid, sampler)
            watcher.start()
        out, err = p.communicate(stdin_bytes)
        dt = time.perf_counter() - t0
        cpu = children_cpu() - cpu0
        if watcher:
            watcher.stop()
            run_timed.last_sampler = watcher
    finally:
        if stdin_path:
            stdin.close()
        if stdout_path:
            stdout.close()
    if stdout_path:
        with open(stdout_path, 'rb') as f:
            out = f.read()
    if p.returncode != 0:
        raise BenchError('%s exited %d: %s' % (' '.join(cmd), p.returncode, err.decode('utf-8', 'replace')[-500:]))
    if expect_lines is not None:
        n = out.count(b'\n')
        if n != expect_lines:
            raise BenchError('%s printed %d lines for %d input lines' % (' '.join(cmd), n, expect_lines))
    return dt, out, cpu


def same_lines(a, b):
    la, lb = a.decode('utf-8', 'replace').splitlines(), b.decode('utf-8', 'replace').splitlines()
    n = sum(1 for x, y in zip(la, lb) if x.strip() == y.strip())
    return n, max(len(la), len(lb))


# ---------------------------------------------------------------- memory (/proc)

# Programs Apertium modes run (LAB-NOTES); used only to notice other Apertium processes on
# the machine, whose shared pages would lower our PSS.
STAGE_PROGRAMS = ('lt-proc', 'apertium-', 'lrx-proc', 'cg-proc', 'lsx-proc', 'hfst-proc', 'vislcg3')


def proc_table():
    """pid -> (ppid, process group, comm) for every process in /proc."""
    table = {}
    for d in os.listdir('/proc'):
        if not d.isdigit():
            continue
        try:
            with open('/proc/%s/stat' % d) as f:
                stat = f.read()
        except OSError:
            continue
        # comm is in parentheses and may hold spaces or parentheses itself.
        comm = stat[stat.find('(') + 1:stat.rfind(')')]
        rest = stat[stat.rfind(')') + 2:].split()
        table[int(d)] = (int(rest[1]), int(rest[2]), comm)
    return table


def descendants(root, table):
    """[(pid, process group, comm)] of every descendant of root."""
    children = {}
    for pid, (ppid, _, _) in table.items():
        children.setdefault(ppid, []).append(pid)
    out, stack = [], [root]
    while stack:
        for c in children.get(stack.pop(), []):
            out.append((c,) + table[c][1:])
            stack.append(c)
    return out


def exe_of(pid):
    try:
        return os.readlink('/proc/%d/exe' % pid)
    except OSError:
        return None


def pss_kb(pid):
    """Proportional set size of pid in kB from /proc/PID/smaps_rollup; None if it is gone."""
    try:
        with open('/proc/%d/smaps_rollup' % pid) as f:
            for line in f:
                if line.startswith('Pss:'):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def snapshot(host):
    """PSS of every descendant of `host`, grouped by process group (one group per pipeline).

    A descendant still running the host's executable has not exec'd yet (posix_spawn's vfork
    child shares the host's memory, and is named after the spawning thread, not the host): it
    is skipped, or the host would be counted again."""
    table = proc_table()
    host_exe = exe_of(host)
    groups, skipped = {}, 0
    for pid, pgid, comm in descendants(host, table):
        exe = exe_of(pid)
        if exe is None or exe == host_exe:
            skipped += 1
            continue
        kb = pss_kb(pid)
        if kb is None:
            continue
        groups.setdefault(pgid, []).append((pid, comm, kb))
    total = sum(kb for g in groups.values() for _, _, kb in g)
    foreign = sum(1 for pid, (_, _, comm) in table.items()
                  if comm.startswith(STAGE_PROGRAMS) and pid not in {p for g in groups.values() for p, _, _ in g})
    return {'total_kb': total, 'groups': groups, 'skipped': skipped, 'host_kb': pss_kb(host) or 0, 'foreign': foreign}


class Sampler(threading.Thread):
    """Samples `snapshot(host)` every `interval` seconds until stopped."""

    def __init__(self, host, interval):
        super().__init__(daemon=True)
        self.host, self.interval = host, interval
        self.samples = []          # (seconds since start, total kB, pipelines, processes)
        self.groups_seen = set()
        self.stop_event = threading.Event()

    def run(self):
        t0 = time.perf_counter()
        while not self.stop_event.is_set():
            snap = snapshot(self.host)
            self.samples.append((time.perf_counter() - t0, snap['total_kb'], len(snap['groups']),
                                 sum(len(g) for g in snap['groups'].values())))
            self.groups_seen.update(snap['groups'])
            self.stop_event.wait(self.interval)

    def stop(self):
        self.stop_event.set()
        self.join()


class LongLived:
    """`hike-reviews translate ...` kept running, fed from a pipe, answers read line by line."""

    def __init__(self, cmd, env):
        self.cmd = cmd
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        self.lines = queue.Queue()
        self.err = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=lambda: self.err.append(self.p.stderr.read()), daemon=True).start()
        self.pids_seen = set()     # (pid, process group, comm) of its children

    def _read(self):
        for line in self.p.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def send(self, lines):
        """Writes the lines on a thread of its own (so a full pipe cannot block reading)."""
        data = ''.join(t + '\n' for t in lines).encode('utf-8')

        def write():
            try:
                self.p.stdin.write(data)
                self.p.stdin.flush()
            except BrokenPipeError:
                pass
        threading.Thread(target=write, daemon=True).start()

    def receive(self, n, timeout=300):
        out, deadline = [], time.monotonic() + timeout
        while len(out) < n:
            try:
                line = self.lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                raise BenchError('%s: no answer within %d s (%d of %d lines)' % (' '.join(self.cmd), timeout, len(out), n))
            if line is None:
                raise BenchError('%s ended after %d of %d lines: %s' % (' '.join(self.cmd), len(out), n, self.stderr()))
            out.append(line.decode('utf-8', 'replace').rstrip('\n'))
        return out

    def stderr(self):
        return b''.join(self.err).decode('utf-8', 'replace')[-500:]

    def remember_children(self):
        self.pids_seen.update((pid, pgid, comm) for pid, pgid, comm in descendants(self.p.pid, proc_table()))

    def close(self):
        """Closes stdin and waits; returns the pids of its children still alive after it exited
        (killed here, by pid, since this benchmark started them)."""
        self.remember_children()
        self.p.stdin.close()
        try:
            self.p.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
            raise BenchError('%s did not exit within 60 s of its input ending' % ' '.join(self.cmd))
        time.sleep(0.2)
        table = proc_table()
        left = [pid for pid, pgid, comm in self.pids_seen if pid in table and table[pid][1:] == (pgid, comm)]
        for pid in left:
            try:
                os.kill(pid, 9)
            except OSError:
                pass
        if self.p.returncode != 0:
            raise BenchError('%s exited %d: %s' % (' '.join(self.cmd), self.p.returncode, self.stderr()))
        return left


def warm_memory(cmd, lines, env, settle=0.3, samples=5):
    """Runs cmd long-lived, feeds it `lines`, waits for every answer, then reads the PSS of its
    descendants `samples` times; returns the median snapshot's figures."""
    host = LongLived(cmd, env)
    try:
        host.send(lines)
        host.receive(len(lines))
        time.sleep(settle)
        snaps = []
        for _ in range(samples):
            snaps.append(snapshot(host.p.pid))
            time.sleep(0.1)
    finally:
        left = host.close()
    snaps.sort(key=lambda x: x['total_kb'])
    snap = snaps[len(snaps) // 2]
    snap['left'] = left
    return snap


# ---------------------------------------------------------------- formatting

def fmt_s(s):
    return '%.2f s' % s if s >= 1 else '%.1f ms' % (s * 1000)


def fmt_rate(x, unit):
    return '{:,.0f} {}'.format(x, unit) if x >= 100 else '{:,.1f} {}'.format(x, unit)


def sha256(path):
    h = hashlib.sha256()
    with open(path, 'rb') as f:
        for chunk in iter(lambda: f.read(1 << 20), b''):
            h.update(chunk)
    return h.hexdigest()


def cpu_model():
    try:
        for line in open('/proc/cpuinfo'):
            if line.startswith('model name'):
                return line.split(':', 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or 'unknown CPU'


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--bin', required=True)
    ap.add_argument('--bin-label', default=None)
    ap.add_argument('--modes-dir', required=True)
    ap.add_argument('--work', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--apy-port', type=int)
    ap.add_argument('--apy-error')
    ap.add_argument('--bulk-lines', default='1000,10000,100000')
    ap.add_argument('--quick', action='store_true',
                    help='only the bulk rows (issue 34\'s goal), for bench/run --quick; no APy')
    a = ap.parse_args()

    started = datetime.now(timezone.utc)
    load_start = '%.2f %.2f %.2f' % os.getloadavg()
    W = a.work
    env = dict(os.environ)
    ours = [a.bin, 'translate']
    ref = ['apertium', '-u', '-d', a.modes_dir]
    rows = []      # (measure, ours, reference, ratio, goal, met)
    notes = []
    errors = []

    # Inputs.
    es_reviews = reviews('es')
    es_short, es_natural = short_texts('es')
    fr_short, fr_natural = short_texts('fr')
    es_file, fr_file = os.path.join(W, 'short.es.txt'), os.path.join(W, 'short.fr.txt')
    write_lines(es_file, es_short)
    write_lines(fr_file, fr_short)
    N, NF = len(es_short), len(fr_short)

    # Warm-up (page cache for the pair data, the binaries): one run each, not counted;
    # also checks that both commands work before timing anything.
    log('warm-up')
    run_timed(ours + ['--from', 'es', '--to', 'en', es_file], stdout_path=os.path.join(W, 'warm.ours'), env=env, expect_lines=N)
    run_timed(ref + ['spa-eng'], stdin_path=es_file, stdout_path=os.path.join(W, 'warm.ref'), expect_lines=N)
    run_timed(ours + ['--from', 'fr', '--to', 'en', fr_file], stdout_path=os.path.join(W, 'warm.fr'), env=env, expect_lines=NF)

    def measure_memory():
        """5: PSS of warm pipelines and the budget's passes; returns (rows, notes, lines fed, mixed lines)."""
        # 5. Memory (PSS) of warm pipelines, measured before anything else starts Apertium
        # processes (APy's would share pages with ours and lower our PSS).
        log('memory: warm pipelines per pair')
        mem = {}
        mem_rows, mem_notes = [], []     # shown after 1-4
        mem_lines = 50
        for key, args, lines in (('es→en', ['--from', 'es', '--to', 'en'], es_short[:mem_lines]),
                                 ('fr→es', ['--from', 'fr', '--to', 'es'], fr_short[:mem_lines]),
                                 ('fr→en', ['--from', 'fr', '--to', 'en'], fr_short[:mem_lines])):
            mem[key] = warm_memory(ours + args, lines, env)
        def mb(kb):
            return kb / 1024.0
        def describe(snap):
            groups = snap['groups']
            return '%.0f MB (%d pipeline%s, %d processes)' % (mb(snap['total_kb']), len(groups), '' if len(groups) == 1 else 's',
                                                             sum(len(g) for g in groups.values()))
        for key, label in (('es→en', 'spa-eng'), ('fr→es', 'fr-es'), ('fr→en', 'chain fr→es→en: fr-es + spa-eng')):
            mem_rows.append(('5%s. memory, %s (%s), warm after %d lines: PSS of the pipeline processes'
                         % ({'es→en': 'a', 'fr→es': 'b', 'fr→en': 'c'}[key], key, label, mem_lines),
                         describe(mem[key]), '–', '–', '(info)', None))
        for key in ('es→en', 'fr→es', 'fr→en'):
            snap = mem[key]
            per = '; '.join(', '.join('%s %.1f' % (comm, mb(kb)) for _, comm, kb in sorted(g)) for g in snap['groups'].values())
            mem_notes.append('Memory %s: PSS by stage, MB: %s. The host process itself: %.0f MB. Other Apertium processes on the machine while'
                         ' measuring: %d. Children left alive after it exited: %d.'
                         % (key, per, mb(snap['host_kb']), snap['foreign'], len(snap['left'])))
        # Budget: just above the larger of the two pairs, so either fits but not both.
        one_pair = max(mem['es→en']['total_kb'], mem['fr→es']['total_kb'])
        both = mem['es→en']['total_kb'] + mem['fr→es']['total_kb']
        budget_mb = int(mb(one_pair) * 1.10) + 1
        if budget_mb * 1024 >= both:
            mem_notes.append('**The budget test cannot force a pipeline out**: %d MB holds both pairs (%.0f MB).' % (budget_mb, mb(both)))
        es_long = [t for t in es_reviews if len(t) >= 100]
        fr_long = [t for t in reviews('fr') if len(t) >= 100]
        k = min(16, len(es_long), len(fr_long))
        mixed, expect = [], []
        for i in range(k):
            mixed += [es_long[i], fr_long[i]]
            expect += [['es', 'en'], ['fr', 'es', 'en']]

        def budget_pass(budget):
            benv = dict(env)
            if budget is not None:
                benv['HIKE_REVIEWS_PIPELINE_MEMORY_MB'] = str(budget)
            else:
                benv.pop('HIKE_REVIEWS_PIPELINE_MEMORY_MB', None)
            host = LongLived(ours + ['--to', 'en', '--json'], benv)
            sampler = Sampler(host.p.pid, 0.02)
            sampler.start()
            t0 = time.perf_counter()
            try:
                host.send(mixed)
                answers = host.receive(len(mixed))
                dt = time.perf_counter() - t0
            finally:
                sampler.stop()
                left = host.close()
            routes = [json.loads(x).get('route') for x in answers]
            errors = sum(1 for x in answers if 'error' in json.loads(x))
            return {'seconds': dt, 'samples': sampler.samples, 'groups': len(sampler.groups_seen), 'left': left,
                    'routed': sum(1 for r, e in zip(routes, expect) if r == e), 'errors': errors}

        log('memory: budget %d MB, %d alternating Spanish and French reviews' % (budget_mb, len(mixed)))
        tight = budget_pass(budget_mb)
        log('memory: the same lines, default budget')
        loose = budget_pass(None)
        peak_kb = max(x[1] for x in tight['samples'])
        over = [x for x in tight['samples'] if x[1] > budget_mb * 1024]
        held = peak_kb <= budget_mb * 1024
        mem_rows.append(('5d. budget holds: `--to en` (language detected), %d reviews alternating es (es→en) and fr (fr→es→en),'
                     ' HIKE_REVIEWS_PIPELINE_MEMORY_MB=%d (largest pair + 10%%): max total PSS of the pipelines, sampled throughout'
                     % (len(mixed), budget_mb),
                     '%.0f MB (%d samples, one every %.0f ms on average; %d over the budget)'
                     % (mb(peak_kb), len(tight['samples']), 1000 * tight['seconds'] / max(1, len(tight['samples'])), len(over)),
                     'budget %d MB' % budget_mb, '%.2fx' % (mb(peak_kb) / budget_mb), 'max PSS ≤ budget', held))
        mem_rows.append(('5e. the same %d lines: wall time with that budget vs the default budget (768 MB)' % len(mixed),
                     '%s (%d pipeline starts)' % (fmt_s(tight['seconds']), tight['groups']),
                     '%s (%d pipeline starts, max PSS %.0f MB)' % (fmt_s(loose['seconds']), loose['groups'], mb(max(x[1] for x in loose['samples']))),
                     '%.1fx' % (tight['seconds'] / loose['seconds']), '(info)', None))
        over_text = ''
        if over:
            over_text = (' Over the budget: %d samples, the first at %.2f s, peak %.0f MB (%.0f MB over; one pair is %.0f MB).'
                         % (len(over), over[0][0], mb(peak_kb), mb(peak_kb) - budget_mb, mb(one_pair)))
        mem_notes.append('Budget pass: lines with the expected route (es→en or fr→es→en): %d of %d with the budget, %d of %d with the default;'
                     ' lines with errors %d and %d; pipeline starts counted as distinct process groups seen by the sampler (a pipeline'
                     ' that starts and stops between two samples is missed); process groups seen in one sample with the budget, at'
                     ' most %d (a group being killed or just spawned counts); children left after exit %d and %d.%s'
                     % (tight['routed'], len(mixed), loose['routed'], len(mixed), tight['errors'], loose['errors'],
                        max(x[2] for x in tight['samples']), len(tight['left']), len(loose['left']), over_text))
        if tight['routed'] < len(mixed):
            mem_notes.append('**Not every budget-pass line took the intended route** (language detection), so fewer switches were tested.')
        return mem_rows, mem_notes, mem_lines, mixed

    if not a.quick:
        mem_rows, mem_notes, mem_lines, mixed = measure_memory()

    # 1. Bulk (scaling.py): distinct review lines made by lines.py, ours, `apertium -u` and the same
    # command with the allocator our stages preload (issue 34's reference), interleaved; every
    # run's output compared with the command's.
    ref_env = None
    if TCMALLOC:
        ref_env = dict(os.environ)
        ref_env['LD_PRELOAD'] = TCMALLOC + (':' + ref_env['LD_PRELOAD'] if ref_env.get('LD_PRELOAD') else '')
    glibc_env = None if a.quick else dict(env, HIKE_REVIEWS_STAGE_ALLOCATOR='0')
    sizes = [int(x) for x in a.bulk_lines.split(',') if x.strip()]
    goal_from = min(sizes[-1], scaling.GOAL_FROM) if a.quick else scaling.GOAL_FROM
    bulk_rows, bulk_notes, bulk_identical = scaling.measure(sizes, ours, ref, W, env, ref_env, glibc_env, run_timed, same_lines, log,
                                                            goal_from)
    if not bulk_identical:
        errors.append('bulk: our output differs from the reference\'s')
    if a.quick:
        return write_results(a, started, load_start, bulk_rows, bulk_notes, errors, [bulk_description(sizes, glibc_env is not None, goal_from)], quick=True)

    # 2. Per review: one process for all N lines vs one apertium process per review.
    log('per review: %d lines' % N)
    per_ours, per_ref = [], []
    ours_cmd = ours + ['--from', 'es', '--to', 'en', es_file]
    # The reference's cost is one process start per text, nearly the same for every text (mean
    # and median of 200 were within 1%), so every PER_REVIEW_STEP-th text is enough.
    sampled = list(range(0, N, PER_REVIEW_STEP))
    halves = [sampled[:len(sampled) // 2], sampled[len(sampled) // 2:]]
    ref_out = []
    dt, ours_short_out, _ = run_timed(ours_cmd, stdout_path=os.path.join(W, 'short.ours'), env=env, expect_lines=N)
    per_ours.append(dt)
    for h in halves:
        for text in (es_short[k] for k in h):
            dt, out, _ = run_timed(ref + ['spa-eng'], stdin_bytes=(text + '\n').encode('utf-8'), expect_lines=1)
            per_ref.append(dt)
            ref_out.append(out)
        dt, _, _ = run_timed(ours_cmd, stdout_path=os.path.join(W, 'short.ours'), env=env, expect_lines=N)
        per_ours.append(dt)
    ours_total = statistics.median(per_ours)
    ours_line = ours_total / N
    ref_line = sum(per_ref) / len(per_ref)
    ours_sampled = b''.join(line + b'\n' for k, line in enumerate(ours_short_out.split(b'\n')[:N]) if k % PER_REVIEW_STEP == 0)
    agree2, _ = same_lines(ours_sampled, b''.join(ref_out))
    rows.append(('2. per review es→en, %d reviews ≤ %d chars: time per review' % (N, SHORT_MAX),
                 '%s (all %d in one process: %s, median of %d)' % (fmt_s(ours_line), N, fmt_s(ours_total), RUNS),
                 '%s (mean of %d `apertium` processes, one per %s text; median %s)'
                 % (fmt_s(ref_line), len(per_ref), 'every' if PER_REVIEW_STEP == 1 else ordinal(PER_REVIEW_STEP), fmt_s(statistics.median(per_ref))),
                 '%.0fx faster' % (ref_line / ours_line), '≥ 50x faster', ref_line / ours_line >= 50))
    notes.append('Per review: our %d-line runs took %s s; %d of %d translations identical to the one-process-per-review reference.'
                 % (N, ', '.join('%.3f' % x for x in per_ours), agree2, len(per_ref)))
    # Where the time of those runs goes: a run with the first line alone is start-up plus one line.
    one = []
    for _ in range(RUNS):
        dt, _, _ = run_timed(ours + ['--from', 'es', '--to', 'en'], stdin_bytes=(es_short[0] + '\n').encode('utf-8'), env=env, expect_lines=1)
        one.append(dt)
    m1 = statistics.median(one)
    steady = (ours_total - m1) / (N - 1)
    rows.append(('2b. split of 2: one process translating one review (start-up + 1 line, median of %d); the other %d lines each'
                 % (RUNS, N - 1), '%s; then %s per line' % (fmt_s(m1), fmt_s(steady)),
                 '%s per review' % fmt_s(ref_line), '%.0fx faster (steady state)' % (ref_line / steady) if steady > 0 else '–', '(info)', None))

    # 3. APy.
    ours_lps = N / ours_total
    if a.apy_port:
        log('APy: %d requests on one connection, %d passes' % (N, RUNS))
        passes, first_pass_out = [], []
        conn = http.client.HTTPConnection('127.0.0.1', a.apy_port, timeout=60)
        try:
            conn.connect()
            conn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            for p in range(RUNS):
                t0 = time.perf_counter()
                for text in es_short:
                    body = urllib.parse.urlencode({'q': text, 'langpair': 'spa|eng', 'markUnknown': 'no'})
                    conn.request('POST', '/translate', body=body,
                                 headers={'Content-Type': 'application/x-www-form-urlencoded', 'Connection': 'keep-alive'})
                    resp = conn.getresponse()
                    data = resp.read()
                    if resp.status != 200:
                        raise BenchError('APy answered %d: %s' % (resp.status, data[:300]))
                    if resp.getheader('Connection', '').lower() == 'close':
                        raise BenchError('APy closed the keep-alive connection')
                    if p == 0:
                        first_pass_out.append(json.loads(data)['responseData']['translatedText'])
                passes.append(time.perf_counter() - t0)
        finally:
            conn.close()
        apy_cold = N / passes[0]
        apy_warm = N / statistics.median(passes[1:])
        agree3 = sum(1 for x, y in zip(first_pass_out, ours_short_out.decode('utf-8').splitlines()) if x.strip() == y.strip())
        rows.append(('3. throughput vs APy, same %d reviews: lines/s (APy: first pass, pipeline started by its first request)' % N,
                     fmt_rate(ours_lps, 'lines/s') + ' (from 2, process start included)',
                     fmt_rate(apy_cold, 'requests/s'), '%.1fx' % (ours_lps / apy_cold), '≥ 5x', ours_lps / apy_cold >= 5))
        rows.append(('3b. same, APy warm (median of passes 2–%d)' % RUNS,
                     fmt_rate(ours_lps, 'lines/s'), fmt_rate(apy_warm, 'requests/s'),
                     '%.1fx' % (ours_lps / apy_warm), '(info)', None))
        notes.append('APy passes over one keep-alive connection, seconds: %s. APy translations identical to ours: %d of %d (APy runs the'
                     ' generator with `-g` whatever markUnknown says, so it keeps `#` marks on generation errors that `apertium -u` and ours drop).'
                     % (', '.join('%.3f' % x for x in passes), agree3, N))
    else:
        reason = a.apy_error or 'APy was not started'
        rows.append(('3. throughput vs APy', fmt_rate(ours_lps, 'lines/s'), 'not measured', '–', '≥ 5x', None))
        notes.append('APy not measured: ' + reason)
        errors.append('APy not measured: ' + reason)

    # 4. Chain fr→es→en vs its two legs.
    log('chain: %d French lines' % NF)
    inter = os.path.join(W, 'short.fr-es.txt')
    ch, l1, l2 = [], [], []
    for i in range(RUNS):
        dt, _, _ = run_timed(ours + ['--from', 'fr', '--to', 'en', fr_file], stdout_path=os.path.join(W, 'chain.out'), env=env, expect_lines=NF)
        ch.append(dt)
        dt, _, _ = run_timed(ours + ['--from', 'fr', '--to', 'es', fr_file], stdout_path=inter, env=env, expect_lines=NF)
        l1.append(dt)
        dt, _, _ = run_timed(ours + ['--from', 'es', '--to', 'en', inter], stdout_path=os.path.join(W, 'legs.out'), env=env, expect_lines=NF)
        l2.append(dt)
    mc, m1, m2 = statistics.median(ch), statistics.median(l1), statistics.median(l2)
    agree4, _ = same_lines(open(os.path.join(W, 'chain.out'), 'rb').read(), open(os.path.join(W, 'legs.out'), 'rb').read())
    rows.append(('4. chain fr→es→en, %d French texts ≤ %d chars: time per line (median of %d)' % (NF, SHORT_MAX, RUNS),
                 fmt_s(mc / NF),
                 '%s (fr→es %s + es→en %s)' % (fmt_s((m1 + m2) / NF), fmt_s(m1 / NF), fmt_s(m2 / NF)),
                 '%.2fx' % (mc / (m1 + m2)), '≤ 1.2x', mc / (m1 + m2) <= 1.2))
    notes.append('Chain runs, seconds: chain %s; fr→es %s; es→en %s. Chain output identical to the two legs run separately: %d of %d lines.'
                 % (', '.join('%.3f' % x for x in ch), ', '.join('%.3f' % x for x in l1), ', '.join('%.3f' % x for x in l2), agree4, NF))

    rows = bulk_rows + rows + mem_rows
    notes = bulk_notes + notes + mem_notes
    md = [bulk_description(sizes, glibc_env is not None, goal_from)]
    md.append('- 2: %d distinct Spanish texts of ≤ %d characters (%d short reviews and runs of 1–4 consecutive sentences of a review;'
              ' %d more made of two sentences of different reviews, since the sample has only %d such texts), one per line; ours:'
              ' one process for all %d lines, %d runs, median; reference: one `apertium` process per text, text on stdin, for every'
              ' %s text (%d processes: their cost is the start-up, nearly the same for every text).'
              % (N, SHORT_MAX, sum(1 for r in es_reviews if len(r) <= SHORT_MAX), N - es_natural, es_natural, N, RUNS,
                 ordinal(PER_REVIEW_STEP), len(range(0, N, PER_REVIEW_STEP))))
    md.append('- 3: the same %d texts sent to APy one `POST /translate` (langpair=spa|eng, markUnknown=no) at a time over one keep-alive'
              ' `http.client` connection (TCP_NODELAY), %d passes; requests/s = %d / pass time. APy was idle before, so its first pass includes starting'
              ' its spa-eng pipeline, as our figure includes starting ours.' % (N, RUNS, N))
    md.append('- 4: %d distinct French texts of ≤ %d characters built the same way from the `fr` reviews (%d from the sample itself);'
              ' chain = `translate --from fr --to en`; legs = `--from fr --to es` on the same file, then `--from es --to en` on its'
              ' output; %d rounds, median of each, divided by %d lines.' % (NF, SHORT_MAX, fr_natural, RUNS, NF))
    md.append('- 5: measured first, before APy or anything else here starts Apertium processes (shared pages would lower our PSS).'
              ' 5a–c: `translate --from X --to Y` kept running with its input on a pipe, fed the first %d texts of 2 (es) or 4 (fr);'
              ' once every answer is back and after 0.3 s, the PSS (`/proc/PID/smaps_rollup`) of all its descendant processes'
              ' (found through the ppid field of `/proc/*/stat`, grouped by process group, one per pipeline) is summed, 5 times'
              ' 0.1 s apart, median; the host process is not counted (the budget is for pipelines), nor a descendant not yet exec\'d.'
              ' 5d: `translate --to en --json` with HIKE_REVIEWS_PIPELINE_MEMORY_MB set to the larger of 5a and 5b plus 10%%'
              ' (so either pair fits, both do not), fed %d whole reviews of ≥ 100 characters alternating Spanish and French at once;'
              ' the same sum sampled from start to the last answer, 20 ms between samples (a sample itself takes a few ms, more'
              ' on a loaded machine: the row gives the real rate); routes checked from the JSON. 5e: the same with'
              ' the default budget.' % (mem_lines, len(mixed)))
    md.append('- Ours runs with `HIKE_REVIEWS_CACHE=0`: no answer comes from a translation memory (bench/memory measures the memory).')
    return write_results(a, started, load_start, rows, notes, errors, md)


def bulk_description(sizes, with_glibc, goal_from):
    rounds = ', '.join('%s at %s lines' % ('one run' if scaling.runs_for(n) == 1 else '%d rounds' % scaling.runs_for(n), '{:,}'.format(n))
                       for n in sizes)
    return ('- 1: review-shaped Spanish lines made by `bench/translate/lines.py` (each line as many sentences as a Spanish sample'
            ' review has, each sentence drawn from all of theirs, fixed seed; nearly every line distinct, a smaller file the start'
            ' of a larger one); `translate --from es --to en FILE` vs `apertium -u ... spa-eng < FILE` and (1b) the same command'
            ' with `LD_PRELOAD` naming the tcmalloc our stages preload, interleaved, a different one first each round; %s'
            ' (medians where more than one)%s. Every run\'s output is compared line by line with the command\'s; goals from'
            ' %s lines on (issue 34 sets them on 10,000 and 100,000), smaller sizes show the per-line cost.'
            % (rounds, '; at %s lines also (1c) ours with glibc\'s malloc in the stages' % '{:,}'.format(scaling.GLIBC_AT)
               if with_glibc and scaling.GLIBC_AT in sizes else '', '{:,}'.format(goal_from)))


def write_results(a, started, load_start, rows, notes, errors, details, quick=False):
    """Writes the results file: how it was measured (the common lines, then `details`), the table, the notes.
    Returns the exit status: 1 when something could not be measured, 3 when a goal was missed."""
    st = os.stat(a.bin)
    try:
        apv = subprocess.run(['dpkg-query', '-W', '-f', '${Version}', 'apertium'], capture_output=True, text=True).stdout.strip()
        apyv = subprocess.run(['dpkg-query', '-W', '-f', '${Version}', 'apertium-apy'], capture_output=True, text=True).stdout.strip()
    except OSError:
        apv = apyv = '?'
    label = a.bin_label or a.bin
    def git(*args):
        try:
            return subprocess.run(['git', '-C', ROOT] + list(args), capture_output=True, text=True).stdout.strip()
        except OSError:
            return ''
    head = git('rev-parse', '--short=12', 'HEAD') or 'unknown'
    dirty = git('status', '--porcelain', '--', 'Sources', 'Package.swift')
    md = []
    md.append('# Translation: hike-reviews vs. Apertium%s\n' % (' (quick: bulk only, smaller inputs)' if quick else ''))
    md.append('Generated by `bench/translate/run%s` on %s (run took %.0f s); do not edit by hand.\n'
              % (' (BENCH_QUICK=1)' if quick else '', started.strftime('%Y-%m-%d %H:%M UTC'), (datetime.now(timezone.utc) - started).total_seconds()))
    md.append('- Machine: %d cores (`os.cpu_count()`), %s; load average (1/5/15 min) at the start %s, at the end %s'
              ' (other jobs on the machine count too); Apertium processes of others seen at the %d checkpoints (one per step'
              ' logged): %s; the 1-minute load average at them: %s.'
              % (os.cpu_count(), cpu_model(), load_start, '%.2f %.2f %.2f' % os.getloadavg(), len(FOREIGN_SEEN),
                 ', '.join(str(n) for n in FOREIGN_SEEN), ', '.join('%.1f' % x for x in LOAD_SEEN)))
    md.append('- Source tree: commit %s, %s.' % (head, 'Sources/ or Package.swift **modified** (uncommitted changes)' if dirty
                                                else 'no uncommitted changes in Sources/ or Package.swift'))
    md.append('- Ours: `%s translate` (built %s, sha256 %s), copied to a temporary folder before timing so a concurrent build cannot swap it;'
              ' pairs from `HIKE_REVIEWS_PAIRS_PATH` (Debian\'s apertium-eng-spa and apertium-fr-es, extracted), `HIKE_REVIEWS_SYSTEM_PAIRS=0`;'
              ' %s; %s; pipelines per pair: %s.'
              % (label, datetime.fromtimestamp(st.st_mtime, timezone.utc).strftime('%Y-%m-%d %H:%M UTC'), sha256(a.bin)[:12],
                 '`libHikeTaggerReset.so` beside the binary, preloaded into every stage (a NUL flush waits while more input'
                 ' is there; the tagger is set back after each text)'
                 if os.path.exists(os.path.join(os.path.dirname(a.bin), 'libHikeTaggerReset.so'))
                 else '**no** `libHikeTaggerReset.so` beside the binary: the tagger is replaced by a fresh process instead,'
                 ' and every stage flushes each review on its own',
                 ('tcmalloc (`%s`) preloaded too into lt-proc, the transfer stages and lrx-proc (`StageAllocator`)' % TCMALLOC) if TCMALLOC
                 else '**no** tcmalloc (libtcmalloc-minimal4): the stages run on glibc\'s malloc',
                 os.environ.get('HIKE_REVIEWS_PIPELINE_REPLICAS') or 'the default (1 below four cores, else 2)'))
    md.append('- Reference: `apertium -u -d DIR spa-eng` (Debian apertium %s), DIR holding copies of the same pairs\' `spa-eng.mode` and'
              ' `fr-es.mode` with `/usr/share/apertium` rewritten to the extracted root%s.'
              % (apv, '' if quick else '; APy: Debian apertium-apy %s, its tornado application started by'
                 ' `bench/translate/apy_local.py` on 127.0.0.1 only, pairs path DIR, default options' % (apyv or '?')))
    md.append('- Timing: wall clock around whole processes (Python `time.perf_counter`, output to a file), ours and the reference'
              ' interleaved in the same run, after one uncounted warm-up of each; every figure includes process and pipeline start-up.')
    md.extend(details)
    md.append('')
    md.append('| measure | ours | reference | ratio | goal | met |')
    md.append('|---|---:|---:|---:|---:|:---:|')
    for m, o, r, ratio, goal, met in rows:
        md.append('| %s | %s | %s | %s | %s | %s |' % (m, o, r, ratio, goal, '–' if met is None else ('yes' if met else '**no**')))
    md.append('')
    for n in notes:
        md.append('- ' + n)
    text = '\n'.join(md) + '\n'
    with open(a.out, 'w', encoding='utf-8') as f:
        f.write(text)
    print(text)
    if errors:
        for e in errors:
            log('error: ' + e)
        return 1
    missed = [r[0] for r in rows if r[5] is False]
    for m in missed:
        log('goal missed: ' + m)
    return 3 if missed else 0


if __name__ == '__main__':
    try:
        sys.exit(main())
    except BenchError as e:
        log('error: %s' % e)
        sys.exit(1)
