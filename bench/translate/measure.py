"""Measurements for bench/translate/run (see that script for what and why).

usage: python3 measure.py --bin BIN --modes-dir DIR --work WORK --out RESULTS.md
                          [--apy-port PORT | --apy-error TEXT] [--bulk-words N]

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
import re
import socket
import statistics
import subprocess
import sys
import time
import urllib.parse
from datetime import datetime, timezone

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
ROUTES = os.path.join(ROOT, 'sample-data', 'routes.json')
TRUTH = os.path.join(ROOT, 'Tests', 'TranslationEngineTests', 'Fixtures', 'review-languages.json')
SHORT_MAX = 200      # characters, for "short" texts
SHORT_COUNT = 200
RUNS = 3


class BenchError(Exception):
    pass


def log(msg):
    print('bench/translate: ' + msg, file=sys.stderr, flush=True)


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

def run_timed(cmd, stdin_path=None, stdin_bytes=None, stdout_path=None, env=None, expect_lines=None):
    """Runs cmd once; returns (seconds, output bytes)."""
    stdin = open(stdin_path, 'rb') if stdin_path else (subprocess.PIPE if stdin_bytes is not None else subprocess.DEVNULL)
    stdout = open(stdout_path, 'wb') if stdout_path else subprocess.PIPE
    try:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, env=env)
        out, err = p.communicate(stdin_bytes)
        dt = time.perf_counter() - t0
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
    return dt, out


def same_lines(a, b):
    la, lb = a.decode('utf-8', 'replace').splitlines(), b.decode('utf-8', 'replace').splitlines()
    n = sum(1 for x, y in zip(la, lb) if x.strip() == y.strip())
    return n, max(len(la), len(lb))


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
    ap.add_argument('--bulk-words', type=int, default=200000)
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
    bulk_lines, words = [], 0
    while words < a.bulk_words:
        for r in es_reviews:
            bulk_lines.append(r)
            words += len(r.split())
            if words >= a.bulk_words:
                break
    bulk = os.path.join(W, 'bulk.es.txt')
    write_lines(bulk, bulk_lines)
    bulk_bytes = os.path.getsize(bulk)
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

    # 1. Bulk.
    bulk_ours, bulk_ref = [], []
    for i in range(RUNS):
        log('bulk run %d/%d (%d words)' % (i + 1, RUNS, words))
        pair = [('ours', lambda: run_timed(ours + ['--from', 'es', '--to', 'en', bulk], stdout_path=os.path.join(W, 'bulk.ours'), env=env, expect_lines=len(bulk_lines))),
                ('ref', lambda: run_timed(ref + ['spa-eng'], stdin_path=bulk, stdout_path=os.path.join(W, 'bulk.ref'), expect_lines=len(bulk_lines)))]
        if i % 2:
            pair.reverse()
        for name, fn in pair:
            dt, _ = fn()
            (bulk_ours if name == 'ours' else bulk_ref).append(dt)
    mo, mr = statistics.median(bulk_ours), statistics.median(bulk_ref)
    agree, total = same_lines(open(os.path.join(W, 'bulk.ours'), 'rb').read(), open(os.path.join(W, 'bulk.ref'), 'rb').read())
    rows.append(('1. bulk es→en, %s words: wall time (median of %d)' % ('{:,}'.format(words), RUNS),
                 '%s (%s)' % (fmt_s(mo), fmt_rate(words / mo, 'words/s')),
                 '%s (%s)' % (fmt_s(mr), fmt_rate(words / mr, 'words/s')),
                 '%.2fx' % (mo / mr), '≤ 1.0x', mo / mr <= 1.0))
    notes.append('Bulk runs, seconds: ours %s; reference %s. Output lines identical to the reference: %d of %d.'
                 % (', '.join('%.2f' % x for x in bulk_ours), ', '.join('%.2f' % x for x in bulk_ref), agree, total))

    # 2. Per review: one process for all N lines vs one apertium process per review.
    log('per review: %d lines' % N)
    per_ours, per_ref = [], []
    ours_cmd = ours + ['--from', 'es', '--to', 'en', es_file]
    halves = [es_short[:N // 2], es_short[N // 2:]]
    ref_out = []
    dt, ours_short_out = run_timed(ours_cmd, stdout_path=os.path.join(W, 'short.ours'), env=env, expect_lines=N)
    per_ours.append(dt)
    for h in halves:
        for text in h:
            dt, out = run_timed(ref + ['spa-eng'], stdin_bytes=(text + '\n').encode('utf-8'), expect_lines=1)
            per_ref.append(dt)
            ref_out.append(out)
        dt, _ = run_timed(ours_cmd, stdout_path=os.path.join(W, 'short.ours'), env=env, expect_lines=N)
        per_ours.append(dt)
    ours_total = statistics.median(per_ours)
    ours_line = ours_total / N
    ref_line = sum(per_ref) / len(per_ref)
    agree2, _ = same_lines(ours_short_out, b''.join(ref_out))
    rows.append(('2. per review es→en, %d reviews ≤ %d chars: time per review' % (N, SHORT_MAX),
                 '%s (all %d in one process: %s, median of %d)' % (fmt_s(ours_line), N, fmt_s(ours_total), RUNS),
                 '%s (mean of %d `apertium` processes; median %s)' % (fmt_s(ref_line), N, fmt_s(statistics.median(per_ref))),
                 '%.0fx faster' % (ref_line / ours_line), '≥ 50x faster', ref_line / ours_line >= 50))
    notes.append('Per review: our %d-line runs took %s s; %d of %d translations identical to the one-process-per-review reference.'
                 % (N, ', '.join('%.3f' % x for x in per_ours), agree2, N))

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
        dt, _ = run_timed(ours + ['--from', 'fr', '--to', 'en', fr_file], stdout_path=os.path.join(W, 'chain.out'), env=env, expect_lines=NF)
        ch.append(dt)
        dt, _ = run_timed(ours + ['--from', 'fr', '--to', 'es', fr_file], stdout_path=inter, env=env, expect_lines=NF)
        l1.append(dt)
        dt, _ = run_timed(ours + ['--from', 'es', '--to', 'en', inter], stdout_path=os.path.join(W, 'legs.out'), env=env, expect_lines=NF)
        l2.append(dt)
    mc, m1, m2 = statistics.median(ch), statistics.median(l1), statistics.median(l2)
    agree4, _ = same_lines(open(os.path.join(W, 'chain.out'), 'rb').read(), open(os.path.join(W, 'legs.out'), 'rb').read())
    rows.append(('4. chain fr→es→en, %d French texts ≤ %d chars: time per line (median of %d)' % (NF, SHORT_MAX, RUNS),
                 fmt_s(mc / NF),
                 '%s (fr→es %s + es→en %s)' % (fmt_s((m1 + m2) / NF), fmt_s(m1 / NF), fmt_s(m2 / NF)),
                 '%.2fx' % (mc / (m1 + m2)), '≤ 1.2x', mc / (m1 + m2) <= 1.2))
    notes.append('Chain runs, seconds: chain %s; fr→es %s; es→en %s. Chain output identical to the two legs run separately: %d of %d lines.'
                 % (', '.join('%.3f' % x for x in ch), ', '.join('%.3f' % x for x in l1), ', '.join('%.3f' % x for x in l2), agree4, NF))

    # Results.
    st = os.stat(a.bin)
    try:
        apv = subprocess.run(['dpkg-query', '-W', '-f', '${Version}', 'apertium'], capture_output=True, text=True).stdout.strip()
        apyv = subprocess.run(['dpkg-query', '-W', '-f', '${Version}', 'apertium-apy'], capture_output=True, text=True).stdout.strip()
    except OSError:
        apv = apyv = '?'
    label = a.bin_label or a.bin
    md = []
    md.append('# Translation: hike-reviews vs. Apertium\n')
    md.append('Generated by `bench/translate/run` on %s (run took %.0f s); do not edit by hand.\n'
              % (started.strftime('%Y-%m-%d %H:%M UTC'), (datetime.now(timezone.utc) - started).total_seconds()))
    md.append('- Machine: %d cores (`os.cpu_count()`), %s; load average (1/5/15 min) at the start %s, at the end %s'
              ' (other jobs on the machine count too).' % (os.cpu_count(), cpu_model(), load_start, '%.2f %.2f %.2f' % os.getloadavg()))
    md.append('- Ours: `%s translate` (built %s, sha256 %s), copied to a temporary folder before timing so a concurrent build cannot swap it;'
              ' pairs from `HIKE_REVIEWS_PAIRS_PATH` (Debian\'s apertium-eng-spa and apertium-fr-es, extracted), `HIKE_REVIEWS_SYSTEM_PAIRS=0`.'
              % (label, datetime.fromtimestamp(st.st_mtime, timezone.utc).strftime('%Y-%m-%d %H:%M UTC'), sha256(a.bin)[:12]))
    md.append('- Reference: `apertium -u -d DIR spa-eng` (Debian apertium %s), DIR holding copies of the same pairs\' `spa-eng.mode` and'
              ' `fr-es.mode` with `/usr/share/apertium` rewritten to the extracted root; APy: Debian apertium-apy %s, its tornado'
              ' application started by `bench/translate/apy_local.py` on 127.0.0.1 only, pairs path DIR, default options.' % (apv, apyv or '?'))
    md.append('- Timing: wall clock around whole processes (Python `time.perf_counter`, output to a file), ours and the reference'
              ' interleaved in the same run, after one uncounted warm-up of each; every figure includes process and pipeline start-up.')
    md.append('- 1: `sample-data/routes.json` reviews tagged `es` in `Tests/TranslationEngineTests/Fixtures/review-languages.json`'
              ' (%d reviews), one per line, newlines as spaces, repeated to %s words (%s lines, %s bytes); `translate --from es --to en FILE`'
              ' vs `apertium ... spa-eng < FILE`, %d runs each, alternating which goes first.'
              % (len(es_reviews), '{:,}'.format(words), '{:,}'.format(len(bulk_lines)), '{:,}'.format(bulk_bytes), RUNS))
    md.append('- 2: %d distinct Spanish texts of ≤ %d characters (%d short reviews and runs of 1–4 consecutive sentences of a review;'
              ' %d more made of two sentences of different reviews, since the sample has only %d such texts), one per line; ours:'
              ' one process for all %d lines, %d runs, median; reference: one `apertium` process per text, text on stdin.'
              % (N, SHORT_MAX, sum(1 for r in es_reviews if len(r) <= SHORT_MAX), N - es_natural, es_natural, N, RUNS))
    md.append('- 3: the same %d texts sent to APy one `POST /translate` (langpair=spa|eng, markUnknown=no) at a time over one keep-alive'
              ' `http.client` connection (TCP_NODELAY), %d passes; requests/s = %d / pass time. APy was idle before, so its first pass includes starting'
              ' its spa-eng pipeline, as our figure includes starting ours.' % (N, RUNS, N))
    md.append('- 4: %d distinct French texts of ≤ %d characters built the same way from the `fr` reviews (%d from the sample itself);'
              ' chain = `translate --from fr --to en`; legs = `--from fr --to es` on the same file, then `--from es --to en` on its'
              ' output; %d rounds, median of each, divided by %d lines.' % (NF, SHORT_MAX, fr_natural, RUNS, NF))
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
