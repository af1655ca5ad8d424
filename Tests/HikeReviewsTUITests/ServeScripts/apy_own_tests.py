#!/usr/bin/python3
"""Apertium-APy 0.13.0's own test suite (tests/test.py of its PyPI sdist, which
scripts/setup-apy-tests puts in .build/apy-tests) run over HTTP against a server that is
already listening on URL: `hike-reviews serve` or Debian's stock APy.

usage: /usr/bin/python3 apy_own_tests.py URL TEST_PY [JSON_OUT]
       (Debian's Python: test.py needs tornado, which Debian's apertium-apy pulls in)

URL is http://127.0.0.1:PORT (tornado's AsyncHTTPTestCase sends every request to 127.0.0.1).
Prints one line per test, "PASS name", "FAIL name: why" or "ERROR name: why", then
"summary: N run, P passed, F failed, E errors", and writes the same as JSON to JSON_OUT
({"tests": {name: {"result": ..., "detail": ...}}, "run": N, "passed": P, ...}). Exits 0
when the suite ran, whatever its results (the caller compares them); 2 when it could not.

test.py is loaded as it is, unmodified. What is adapted, all from outside, and why:
- The server. test.py's setUpModule starts APy from its source tree (`apy.py -p PORT ...`,
  under `coverage` when present) and waits for it; tearDownModule terminates it. Here the
  server under test is started by the caller, so both are replaced with functions that do
  nothing, after the module is loaded and before the suite runs.
- The port. test.py reads it from the APY_PORT environment variable (its own setting,
  default 2737); this sets APY_PORT to URL's port before loading it.
- The in-process application. At import test.py builds APy's tornado application from
  `apertium_apy.apy` (APy's source tree beside tests/, and pair folders /l/a/languages and
  /usr/share/apertium). AsyncHTTPTestCase serves that application on a spare port, but no
  request reaches it: test.py's get_http_port returns PORT, so every fetch goes to the server
  under test. A stand-in `apertium_apy.apy` module is registered instead, whose
  setup_application returns an empty tornado Application (check_utf8 and parse_args do
  nothing), so neither APy's source nor its pairs are needed and the results are the server's.
- The time limit. tornado limits each fetch to ASYNC_TEST_TIMEOUT seconds (tornado's own
  setting, default 5); a pipeline's first start on a busy machine can take longer, so it is
  set to 120 unless the environment already sets it.
The sdist's other test file, test_fallback.py, calls a function of APy's source
(to_fallback_code), not a server, so it is not run.
"""
import importlib.util
import json
import os
import sys
import types
import unittest
import urllib.parse

if len(sys.argv) not in (3, 4):
    sys.exit(__doc__)
URL, TEST_PY = sys.argv[1], sys.argv[2]
JSON_OUT = sys.argv[3] if len(sys.argv) == 4 else None
parsed = urllib.parse.urlsplit(URL)
if parsed.scheme != "http" or parsed.hostname != "127.0.0.1" or parsed.port is None:
    print(f"apy_own_tests: URL must be http://127.0.0.1:PORT, not {URL}", file=sys.stderr)
    sys.exit(2)

os.environ["APY_PORT"] = str(parsed.port)
os.environ.setdefault("ASYNC_TEST_TIMEOUT", "120")

import tornado.web  # noqa: E402  (after ASYNC_TEST_TIMEOUT, which tornado.testing reads per fetch)

stand_in = types.ModuleType("apertium_apy.apy")
stand_in.check_utf8 = lambda: None
stand_in.parse_args = lambda cli_args=None: None
stand_in.setup_application = lambda args: tornado.web.Application()
package = types.ModuleType("apertium_apy")
package.apy = stand_in
sys.modules["apertium_apy"] = package
sys.modules["apertium_apy.apy"] = stand_in

# Registered under its name before it runs: unittest finds setUpModule through sys.modules.
spec = importlib.util.spec_from_file_location("apy_own_test", TEST_PY)
module = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = module
spec.loader.exec_module(module)
module.setUpModule = lambda: None
module.tearDownModule = lambda: None


def one_line(text, limit=300):
    """A failure's message on one line, cut to `limit` characters (some print whole sets)."""
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[: limit - 3] + "..."


class Recorder(unittest.TestResult):
    """Keeps each test's result under `Class.test_name`, in the order they ran."""

    def __init__(self):
        super().__init__()
        self.outcomes = {}

    @staticmethod
    def name(test):
        method = getattr(test, "_testMethodName", None)
        return f"{type(test).__name__}.{method}" if method else str(test)

    def record(self, test, result, detail=""):
        self.outcomes[self.name(test)] = {"result": result, "detail": detail}

    def addSuccess(self, test):
        super().addSuccess(test)
        self.record(test, "PASS")

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self.record(test, "FAIL", one_line(err[1]))

    def addError(self, test, err):
        super().addError(test, err)
        self.record(test, "ERROR", one_line(f"{err[0].__name__}: {err[1]}"))

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self.record(test, "SKIP", one_line(reason))

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self.record(test, "FAIL", "expected failure")

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self.record(test, "PASS", "unexpected success")


recorder = Recorder()
unittest.defaultTestLoader.loadTestsFromModule(module).run(recorder)

counts = {kind: sum(1 for outcome in recorder.outcomes.values() if outcome["result"] == kind)
          for kind in ("PASS", "FAIL", "ERROR", "SKIP")}
for name, outcome in recorder.outcomes.items():
    print(f"{outcome['result']} {name}" + (f": {outcome['detail']}" if outcome["detail"] else ""))
print(f"summary: {len(recorder.outcomes)} run, {counts['PASS']} passed, {counts['FAIL']} failed, "
      f"{counts['ERROR']} errors" + (f", {counts['SKIP']} skipped" if counts["SKIP"] else ""))
if JSON_OUT:
    with open(JSON_OUT + ".tmp", "w") as out:
        json.dump({"tests": recorder.outcomes, "run": len(recorder.outcomes), "passed": counts["PASS"],
                   "failed": counts["FAIL"], "errors": counts["ERROR"], "skipped": counts["SKIP"]}, out, indent=1)
    os.rename(JSON_OUT + ".tmp", JSON_OUT)
