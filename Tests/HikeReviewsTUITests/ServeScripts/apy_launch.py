"""Starts Debian's apertium-apy bound to 127.0.0.1 only (it has no option for the address).

usage: /usr/bin/python3 apy_launch.py -p PORT PAIRS_DIR
"""
import sys

import tornado.tcpserver
from apertium_apy import apy

listen = tornado.tcpserver.TCPServer.bind


def bind_loopback(self, port, address=None, *args, **kwargs):
    return listen(self, port, "127.0.0.1", *args, **kwargs)


tornado.tcpserver.TCPServer.bind = bind_loopback
sys.argv = ["apertium-apy"] + sys.argv[1:]
apy.main()
