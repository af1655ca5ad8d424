"""Cost as work grows, for bench/translate/run: `translate --from es --to en` and
`apertium -u spa-eng` on 1,000, 10,000 and 100,000 review lines (lines.py), interleaved.

Called from measure.py, which passes its own run_timed, same_lines and log.
"""
import os
import statistics

import lines as review_lines


def runs_for(count):
    """Fewer runs as the input grows: the big ones take minutes each."""
    return 3 if count <= 1000 else (2 if count <= 10000 else 1)


def measure(sizes, ours, ref, work, env, run_timed, same_lines, log):
    """Returns (rows, notes, all output identical)."""
    rows, notes, identical = [], [], True
    per_line = []
    for count in sizes:
        path = os.path.join(work, 'scale.%d.es.txt' % count)
        text = review_lines.review_lines(count)
        with open(path, 'w', encoding='utf-8') as f:
            f.write(''.join(t + '\n' for t in text))
        words = sum(len(t.split()) for t in text)
        o_times, r_times, o_cpu, r_cpu, agree = [], [], [], [], []
        for i in range(runs_for(count)):
            log('scaling: %d lines, run %d/%d' % (count, i + 1, runs_for(count)))
            po, pr = os.path.join(work, 'scale.ours'), os.path.join(work, 'scale.ref')
            pair = [('ours', lambda: run_timed(ours + ['--from', 'es', '--to', 'en', path], stdout_path=po, env=env, expect_lines=count)),
                    ('ref', lambda: run_timed(ref + ['spa-eng'], stdin_path=path, stdout_path=pr, expect_lines=count))]
            if i % 2:
                pair.reverse()
            for name, fn in pair:
                dt, _, cpu = fn()
                (o_times if name == 'ours' else r_times).append(dt)
                (o_cpu if name == 'ours' else r_cpu).append(cpu)
            with open(po, 'rb') as a, open(pr, 'rb') as b:
                agree.append(same_lines(a.read(), b.read())[0])
        mo, mr = statistics.median(o_times), statistics.median(r_times)
        identical = identical and all(n == count for n in agree)
        per_line.append((count, mo / count, mr / count))
        rows.append(('6. es→en, %s review lines (%s words): wall time, median of %d; per line'
                     % ('{:,}'.format(count), '{:,}'.format(words), runs_for(count)),
                     '%.2f s; %.2f ms/line' % (mo, 1000 * mo / count),
                     '%.2f s; %.2f ms/line' % (mr, 1000 * mr / count),
                     '%.2fx' % (mo / mr), '≤ 1.0x', mo / mr <= 1.0))
        notes.append('Scaling, %s lines: ours %s s (CPU %s s), reference %s s (CPU %s s); output lines identical to the'
                     ' reference\'s %s of %s.'
                     % ('{:,}'.format(count), ', '.join('%.2f' % x for x in o_times), ', '.join('%.1f' % x for x in o_cpu),
                        ', '.join('%.2f' % x for x in r_times), ', '.join('%.1f' % x for x in r_cpu),
                        ', '.join(str(n) for n in agree), '{:,}'.format(count)))
    if len(per_line) > 1:
        first, last = per_line[0], per_line[-1]
        notes.append('Per-line cost from %s to %s lines: ours %.2f → %.2f ms (%s), reference %.2f → %.2f ms.'
                     % ('{:,}'.format(first[0]), '{:,}'.format(last[0]), 1000 * first[1], 1000 * last[1],
                        'flat or falling' if last[1] <= first[1] * 1.05 else '**rising**', 1000 * first[2], 1000 * last[2]))
    return rows, notes, identical
