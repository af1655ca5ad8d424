"""APy's tool endpoints on `hike-reviews serve` when a mode cannot run, and with keys: a
stage that exits, a missing data file or a missing program each give APy's error shape with
500, and a stage that never answers 408 once the run's 30 s are up, never a hang; with --api-keys the tools need a key, the lists do not.

usage: apy_tools_failing.py URL KEY
Prints "ok" and exits 0, or prints what differs and exits 1.
"""
import sys

import serve_http

URL, KEY = sys.argv[1], sys.argv[2]


def ask(path):
    return serve_http.ask(URL, path)


def is_error(answer, status):
    code, body = answer
    return code == status and isinstance(body, dict) and body.get("status") == "error" and body.get("code") == status \
        and isinstance(body.get("explanation"), str) and "\n" not in body["explanation"]


EXPECTED = [
    ("/analyze?lang=eng&q=dogs", 403),
    ("/list?q=analyzers", 200),
    ("/stats", 200),
    (f"/analyze?lang=eng&q=dogs&api_key={KEY}", 500),   # lt-proc on a missing file
    (f"/generate?lang=eng&q=dog&api_key={KEY}", 500),   # a stage that exits at once
    (f"/perWord?lang=eng&modes=tagger&q=dogs&api_key={KEY}", 500),  # a program that is not there
    (f"/analyze?lang=zzz&q=dogs&api_key={KEY}", 408),  # a stage that never answers
    (f"/calcCoverage?lang=spa&q=perro&api_key={KEY}", 200),  # the working mode beside them
]
failures = []
for path, status in EXPECTED:
    answer = ask(path)
    if answer[0] != status or (status != 200 and not is_error(answer, status)):
        failures.append(f"GET {path}: {str(answer)[:300]}, expected {status}")
if ask("/list?q=generators") != (200, {"eng": "eng-gener", "spa": "spa-generador"}):
    failures.append(f"/list?q=generators: {ask('/list?q=generators')}")
if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
