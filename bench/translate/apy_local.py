"""Start Debian's APy (apertium_apy) on 127.0.0.1 only, on a free port.

usage: /usr/bin/python3 apy_local.py PAIRS_DIR PORT_FILE [LOG_FILE]

APy's own main() binds every interface; this builds the same tornado
application through apertium_apy.apy.setup_application and listens on the
loopback address alone. The chosen port is written to PORT_FILE once the
socket is bound.
"""
import logging
import os
import sys

import tornado.httpserver
import tornado.ioloop
import tornado.netutil

from apertium_apy import apy


def main():
    pairs_dir, port_file = sys.argv[1], sys.argv[2]
    if len(sys.argv) > 3:
        logging.basicConfig(filename=sys.argv[3], level=logging.INFO)
    # Defaults of the apertium-apy command line, with the pairs path and
    # no language-name database (none is installed).
    args = apy.parse_args([pairs_dir, '--lang-names', os.devnull])
    application = apy.setup_application(args)
    sockets = tornado.netutil.bind_sockets(0, address='127.0.0.1')
    server = tornado.httpserver.HTTPServer(application)
    server.add_sockets(sockets)
    port = sockets[0].getsockname()[1]
    tmp = port_file + '.tmp'
    with open(tmp, 'w') as f:
        f.write('%d\n' % port)
    os.replace(tmp, port_file)
    tornado.ioloop.IOLoop.current().start()


if __name__ == '__main__':
    main()
