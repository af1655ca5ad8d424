#!/usr/bin/python3
"""Debian's stock Apertium-APy, bound to 127.0.0.1 only, for the tests that talk to it.

usage: /usr/bin/python3 apy_loopback.py [APY_OPTION...] PAIRS_DIR PORTFILE
       (Debian's Python: APy and tornado are its packages)

APy has no option to bind an address (it listens on every interface): this starts its own
main() with tornado's bind held to 127.0.0.1 and a port the kernel picks, and writes that
port to PORTFILE (TestSupport's LoopbackServer waits for it; StockApy starts this). PAIRS_DIR
holds modes/. APY_OPTIONs go to APy as they are (a port given there is ignored). It stops by
itself when its standard input closes (the test that started it ended, even by a crash) or
after 10 minutes.
"""
import os
import sys
import threading

import tornado.httpserver
import tornado.netutil

if len(sys.argv) < 3:
    sys.exit(__doc__)
OPTIONS, PAIRS, PORTFILE = sys.argv[1:-2], sys.argv[-2], sys.argv[-1]


def bind_loopback(self, port, address=None, *args, **kwargs):
    sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
    self.add_sockets(sockets)
    bound = sockets[0].getsockname()[1]
    with open(PORTFILE + ".tmp", "w") as out:
        out.write(str(bound))
    os.rename(PORTFILE + ".tmp", PORTFILE)


def stop_when_orphaned():
    sys.stdin.read()
    os._exit(0)


tornado.httpserver.HTTPServer.bind = bind_loopback
threading.Thread(target=stop_when_orphaned, daemon=True).start()
threading.Timer(600, lambda: os._exit(0)).start()

sys.argv = ["apertium-apy"] + OPTIONS + ["-p", "0", PAIRS]
from apertium_apy import apy  # noqa: E402  (it reads its arguments on import)

apy.main()
