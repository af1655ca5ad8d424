#!/usr/bin/python3
"""An Apertium stage stand-in that fails exactly when told, for fault tests.

Run as one stage of a mode file a test writes (`... | fault_stage.py --at N ... | ...`). It
passes the null-flushed stream through unchanged, one request (text up to and including a NUL)
at a time, and on the Nth request it reads, before passing that one on:

  --fault die    kills itself with SIGKILL (a crashed stage), the default
  --fault hang   stops answering and never reads again (a hung stage)

With `--once MARKER` it fails only if MARKER does not exist yet and writes its pid there first, so the
generation that replaces it passes everything through, and the test can check that the fault
fired. The pipeline gives every stage `-z` first; it is accepted and ignored.

This replaces killing a stage after "N answers seen": by then the stage may already have passed
every request on, and the fault is not exercised. Here request N is provably in the stage when
it fails, so requests N and later can only be answered by a new generation.
"""
import os
import signal
import sys


def main():
    args = [a for a in sys.argv[1:] if a != "-z"]
    at, fault, marker = None, "die", None
    while args:
        flag, value = args.pop(0), args.pop(0)
        if flag == "--at":
            at = int(value)
        elif flag == "--fault":
            fault = value
        elif flag == "--once":
            marker = value
        else:
            sys.exit(f"fault_stage.py: unknown option {flag}")
    out = sys.stdout.buffer
    count = 0
    pending = b""
    while True:
        chunk = os.read(0, 65536)
        if not chunk:
            break
        pending += chunk
        while b"\0" in pending:
            request, pending = pending.split(b"\0", 1)
            count += 1
            if count == at and (marker is None or not os.path.exists(marker)):
                if marker is not None:
                    with open(marker, "w") as f:
                        f.write(str(os.getpid()))
                if fault == "hang":
                    while True:
                        signal.pause()
                os.kill(os.getpid(), signal.SIGKILL)
            out.write(request + b"\0")
            out.flush()
    if pending:
        out.write(pending)
        out.flush()


main()
