"""Bulk translation, for bench/translate/run: `translate --from es --to en` on distinct review
lines (lines.py) against `apertium -u spa-eng` and against the same command with the allocator
our stages preload (issue 34's reference), interleaved, at each size; and, at 10,000 lines, ours
with glibc's malloc in the stages, for information.

Called from measure.py, which passes its own run_timed, same_lines and log.
"""
import os
import statistics

import lines as review_lines

# Below this many lines a run is mostly start-up: the size is shown for the per-line cost, with
# no goal (issue 34 sets its goal on 10,000 and 100,000 lines).
GOAL_FROM = 10000
# Ours with glibc's malloc runs at this size only: it shows what the allocator buys, which does
# not change with the size.
GLIBC_AT = 10000


def runs_for(count):
    """Rounds per size: a 1,000-line run is mostly start-up and jitters, so it gets two; 10,000
    lines get three, the median taken: two runs minutes apart on 2026-12-04 gave 1.10x and
    0.94x the tcmalloc command there with one round each (the VM's stages vary by a third from
    one series to the next). 100,000 lines keep one round: each takes about two minutes a
    command, and the two runs gave 0.99x and 1.07x."""
    if count <= 1000:
        return 2
    return 3 if count <= 10000 else 1


def measure(sizes, ours, ref, work, env, ref_tcmalloc_env, glibc_env, run_timed, same_lines, log, goal_from=GOAL_FROM):
    """Returns (rows, notes, all output identical). `ref_tcmalloc_env` is None when Debian's
    tcmalloc is not installed; `glibc_env` None skips the glibc row; sizes from `goal_from`
    lines on carry the goals (the quick form lowers it to its largest size)."""
    rows, notes, identical = [], [], True
    per_line = []
    for count in sizes:
        path = os.path.join(work, 'scale.%d.es.txt' % count)
        text = review_lines.review_lines(count)
        with open(path, 'w', encoding='utf-8') as f:
            f.write(''.join(t + '\n' for t in text))
        words = sum(len(t.split()) for t in text)
        times = {}
        cpu = {}
        agree = {}
        watch = []
        load_before = os.getloadavg()[0]
        for i in range(runs_for(count)):
            log('bulk: %d lines, round %d/%d' % (count, i + 1, runs_for(count)))
            outputs = {name: os.path.join(work, 'scale.%s' % name) for name in ('ours', 'ref', 'ref+tcmalloc', 'ours+glibc')}
            variants = [('ours', lambda: run_timed(ours + ['--from', 'es', '--to', 'en', path], stdout_path=outputs['ours'],
                                                   env=env, expect_lines=count, sampler=1.0)),
                        ('ref', lambda: run_timed(ref + ['spa-eng'], stdin_path=path, stdout_path=outputs['ref'], expect_lines=count))]
            if ref_tcmalloc_env is not None:
                variants.append(('ref+tcmalloc', lambda: run_timed(ref + ['spa-eng'], stdin_path=path, stdout_path=outputs['ref+tcmalloc'],
                                                                   env=ref_tcmalloc_env, expect_lines=count)))
            if glibc_env is not None and count == GLIBC_AT:
                variants.append(('ours+glibc', lambda: run_timed(ours + ['--from', 'es', '--to', 'en', path], stdout_path=outputs['ours+glibc'],
                                                                 env=glibc_env, expect_lines=count)))
            # A different one goes first each round.
            shift = i % len(variants)
            for name, fn in variants[shift:] + variants[:shift]:
                dt, _, seconds = fn()
                times.setdefault(name, []).append(dt)
                cpu.setdefault(name, []).append(seconds)
                if name == 'ours':
                    w = run_timed.last_sampler
                    watch.append((max((x[2] for x in w.samples), default=0), len(w.groups_seen),
                                  max((x[1] for x in w.samples), default=0)))
            with open(outputs['ref'], 'rb') as f:
                reference = f.read()
            for name, out in outputs.items():
                if name in times and name != 'ref':
                    with open(out, 'rb') as f:
                        agree.setdefault(name, []).append(same_lines(f.read(), reference)[0])
        load = '1-minute load %.1f → %.1f' % (load_before, os.getloadavg()[0])
        identical = identical and all(n == count for counts in agree.values() for n in counts)
        med = {name: statistics.median(values) for name, values in times.items()}
        mo, mr = med['ours'], med['ref']
        per_line.append((count, mo / count, mr / count))
        goal = count >= goal_from
        how = 'median of %d' % runs_for(count) if runs_for(count) > 1 else 'one run'
        rows.append(('1. bulk es→en, %s distinct review lines (%s words): wall time (%s; %s); per line'
                     % ('{:,}'.format(count), '{:,}'.format(words), how, load),
                     '%.2f s; %.2f ms/line' % (mo, 1000 * mo / count),
                     '%.2f s; %.2f ms/line (`apertium -u`)' % (mr, 1000 * mr / count),
                     '%.2fx' % (mo / mr), '≤ 1.0x' if goal else '(info)', mo / mr <= 1.0 if goal else None))
        if 'ref+tcmalloc' in med:
            mt = med['ref+tcmalloc']
            rows.append(('1b. the same %s lines against the command with the allocator our stages preload'
                         ' (`LD_PRELOAD=libtcmalloc_minimal.so.4 apertium -u`)' % '{:,}'.format(count),
                         '%.2f s' % mo, '%.2f s; %.2f ms/line' % (mt, 1000 * mt / count),
                         '%.2fx' % (mo / mt), '≤ 1.0x (issue 34)' if goal else '(info)', mo / mt <= 1.0 if goal else None))
        if 'ours+glibc' in med:
            mg = med['ours+glibc']
            rows.append(('1c. the same %s lines, for information: ours with glibc\'s malloc in the stages'
                         ' (`HIKE_REVIEWS_STAGE_ALLOCATOR=0`) against `apertium -u`' % '{:,}'.format(count),
                         '%.2f s' % mg, '%.2f s' % mr, '%.2fx' % (mg / mr), '(info)', None))
        notes.append('Bulk, %s lines, seconds per round: %s. CPU seconds (user + system, the process and the children it reaped): %s.'
                     ' Output lines identical to `apertium -u`\'s in the same round: %s of %s. Ours watched through /proc once a second:'
                     ' pipelines at once, max %s; pipelines started %s (a second one for spa-eng means the replica started);'
                     ' max PSS of the pipelines %s MB.'
                     % ('{:,}'.format(count),
                        '; '.join('%s %s' % (name, ', '.join('%.2f' % x for x in values)) for name, values in times.items()),
                        '; '.join('%s %s' % (name, ', '.join('%.1f' % x for x in values)) for name, values in cpu.items()),
                        '; '.join('%s %s' % (name, ', '.join(str(n) for n in values)) for name, values in agree.items()),
                        '{:,}'.format(count), '/'.join(str(w[0]) for w in watch), '/'.join(str(w[1]) for w in watch),
                        '/'.join('%.0f' % (w[2] / 1024) for w in watch)))
    if len(per_line) > 1:
        first, last = per_line[0], per_line[-1]
        notes.append('Per-line cost from %s to %s lines: ours %.2f → %.2f ms (%s), `apertium -u` %.2f → %.2f ms.'
                     % ('{:,}'.format(first[0]), '{:,}'.format(last[0]), 1000 * first[1], 1000 * last[1],
                        'flat or falling' if last[1] <= first[1] * 1.05 else '**rising**', 1000 * first[2], 1000 * last[2]))
    return rows, notes, identical
