#!/usr/bin/env python3
"""Stock LibreTranslate (PyPI 1.9.6) on 127.0.0.1, offline, for the remote-engine tests.

usage: LIBRETRANSLATE_VENV/bin/python libretranslate_loopback.py HOME PACKAGES PORTFILE

HOME is a scratch folder LibreTranslate and Argos Translate write into (their settings, data
and caches), PACKAGES a folder of unpacked Argos packages (at least two: with one it retries
its index for about a minute before it starts). Two offline workarounds, as LAB-NOTES says:
its MiniSBD sentence splitter downloads a model on each request and answers 500 without it,
so sentences are split by a regular expression instead; and waitress is handed a socket bound
to 127.0.0.1 port 0, whose port goes to PORTFILE. It stops by itself when its standard input
closes or after 10 minutes. LOOPBACK_ARGS, split on spaces, adds LibreTranslate options
(`--req-limit 2`, `--metrics`); ARGOS_INTRA_THREADS, when set, is passed on.
"""
import os
import re
import socket
import sys
import threading

HOME, PACKAGES, PORTFILE = sys.argv[1], sys.argv[2], sys.argv[3]
for name, folder in [("HOME", ""), ("XDG_DATA_HOME", "/data"), ("XDG_CACHE_HOME", "/cache"), ("XDG_CONFIG_HOME", "/config")]:
    os.environ[name] = HOME + folder
os.environ["ARGOS_PACKAGES_DIR"] = PACKAGES
# One intra-op thread keeps the tests light on a busy machine; a benchmark sets its own (LibreTranslate's
# default, 0, uses every core).
os.environ.setdefault("ARGOS_INTRA_THREADS", "1")

import argostranslate.sbd  # noqa: E402  (after the variables it reads on import)
import waitress  # noqa: E402


def split_sentences(self, text):
    return [part for part in re.split(r"(?<=[.!?])\s+", text) if part] or [text]


argostranslate.sbd.MiniSBDSentencizer.split_sentences = split_sentences
original_serve = waitress.serve


def serve_on_loopback(app, **options):
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(128)
    with open(PORTFILE + ".tmp", "w") as out:
        out.write(str(listener.getsockname()[1]))
    os.rename(PORTFILE + ".tmp", PORTFILE)
    options.pop("host", None)
    options.pop("port", None)
    original_serve(app, sockets=[listener], **options)


def stop_when_orphaned():
    sys.stdin.read()
    os._exit(0)


waitress.serve = serve_on_loopback
threading.Thread(target=stop_when_orphaned, daemon=True).start()
# LOOPBACK_LIFETIME: seconds before it stops by itself (bench/serve needs longer than a test).
threading.Timer(float(os.environ.get("LOOPBACK_LIFETIME", "600")), lambda: os._exit(0)).start()

from libretranslate import main  # noqa: E402  (the package exports its main())

sys.argv = ["libretranslate", "--host", "127.0.0.1", "--port", "5000", "--threads", "4"] + os.environ.get("LOOPBACK_ARGS", "").split()
main()
