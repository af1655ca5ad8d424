#!/usr/bin/env python3
"""A small HTTP server for the pack tests, on 127.0.0.1 only.

usage: pack_server.py ROOT PORTFILE

Serves the files under ROOT and writes the port it listens on to PORTFILE. It stops by
itself when its standard input closes (the test that started it ended, even by a crash) or
after 10 minutes. Paths:
  /files/NAME            the file, with Range (206), ETag and Last-Modified
  /norange/NAME          the file, always whole (200), Range ignored
  /nolength/NAME         the file, whole, with no Content-Length (the connection closes after it)
  /drop/N/NAME           the first request for NAME sends N bytes, then drops the connection;
                         later ones behave like /files/
  /dropnorange/N/NAME    the same, but later ones ignore Range like /norange/
  /status/CODE/ANY       an empty answer with that status
  /redirect/URL-QUOTED   302 to the unquoted URL
  /slow/NAME             the file in 16 KB pieces, 20 ms apart
  /endless               200 with no length, bytes until the client goes away
  /stall/N/NAME          every request sends N bytes of what it asked for, then nothing more
                         (the connection stays open) until the client goes away or 60 s pass
  /stallfirst/K/N/NAME   the first K requests for NAME stall like /stall/N/, later ones behave
                         like /files/
  /trickle/MS/NAME       the file one byte every MS milliseconds (a server never idle, but
                         far too slow), with Range
  HEAD /files/, /norange/, /nolength/ ...   the headers GET would send, no body
  If-None-Match with the file's ETag on those paths: 304, logged with " 304" at the end
  /log                   the requests seen so far, one "METHOD PATH RANGE" per line
"""
import hashlib
import http.server
import os
import select
import sys
import threading
import time
import urllib.parse

ROOT = os.path.abspath(sys.argv[1])
dropped = set()
stalled = {}
log = []
lock = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'

    def log_message(self, *args):
        pass

    def do_HEAD(self):
        """Headers only, as GET would send them (the file paths stop before the body)."""
        self.do_GET()

    def do_GET(self):
        with lock:
            log.append('%s %s %s' % (self.command, self.path, self.headers.get('Range', '-')))
        parts = self.path.lstrip('/').split('/')
        kind = parts[0]
        try:
            if kind == 'files':
                self.send_file('/'.join(parts[1:]), ranges=True)
            elif kind == 'norange':
                self.send_file('/'.join(parts[1:]), ranges=False)
            elif kind == 'nolength':
                self.send_file('/'.join(parts[1:]), ranges=False, length=False)
            elif kind in ('drop', 'dropnorange'):
                name = '/'.join(parts[2:])
                with lock:
                    first = (kind, name) not in dropped
                    dropped.add((kind, name))
                self.send_file(name, ranges=(kind == 'drop'), cut=int(parts[1]) if first else None)
            elif kind == 'status':
                self.send_response(int(parts[1]))
                self.send_header('Content-Length', '0')
                self.end_headers()
            elif kind == 'redirect':
                self.send_response(302)
                self.send_header('Location', urllib.parse.unquote('/'.join(parts[1:])))
                self.send_header('Content-Length', '0')
                self.end_headers()
            elif kind == 'slow':
                self.send_file('/'.join(parts[1:]), ranges=True, slow=True)
            elif kind == 'stall':
                self.send_file('/'.join(parts[2:]), ranges=True, stall=int(parts[1]))
            elif kind == 'stallfirst':
                name = '/'.join(parts[3:])
                with lock:
                    stalled[name] = stalled.get(name, 0) + 1
                    stall = stalled[name] <= int(parts[1])
                self.send_file(name, ranges=True, stall=int(parts[2]) if stall else None)
            elif kind == 'trickle':
                self.send_file('/'.join(parts[2:]), ranges=True, trickle=int(parts[1]) / 1000)
            elif kind == 'endless':
                self.send_response(200)
                self.send_header('Connection', 'close')
                self.end_headers()
                chunk = b'[' * 65536
                while True:
                    self.wfile.write(chunk)
            elif kind == 'log':
                with lock:
                    body = ('\n'.join(log) + '\n').encode()
                self.send_response(200)
                self.send_header('Content-Length', str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            else:
                self.send_error(404)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def wait_for_client_to_leave(self, seconds):
        """Sends nothing until the client closes the connection, or `seconds` pass."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            readable, _, _ = select.select([self.connection], [], [], 0.1)
            if readable and not self.connection.recv(1, 0x2):  # MSG_PEEK: b'' is end of stream
                return

    def send_file(self, name, ranges, cut=None, slow=False, stall=None, trickle=None, length=True):
        path = os.path.normpath(os.path.join(ROOT, name))
        if not path.startswith(ROOT + os.sep) or not os.path.isfile(path):
            self.send_response(404)
            self.send_header('Content-Length', '0')
            self.end_headers()
            return
        data = open(path, 'rb').read()
        etag = '"%s"' % hashlib.sha256(data).hexdigest()[:16]
        if self.headers.get('If-None-Match') == etag:
            with lock:
                log[-1] += ' 304'
            self.send_response(304)
            self.send_header('ETag', etag)
            self.send_header('Content-Length', '0')
            self.end_headers()
            return
        start = 0
        wanted = self.headers.get('Range')
        condition = self.headers.get('If-Range')
        if ranges and wanted and wanted.startswith('bytes=') and (condition is None or condition == etag):
            start = int(wanted[6:].split('-')[0])
        if start > 0:
            self.send_response(206)
            self.send_header('Content-Range', 'bytes %d-%d/%d' % (start, len(data) - 1, len(data)))
        else:
            self.send_response(200)
        body = data[start:]
        if length:
            self.send_header('Content-Length', str(len(body)))
        else:
            self.send_header('Connection', 'close')
            self.close_connection = True
        self.send_header('ETag', etag)
        self.send_header('Last-Modified', 'Sat, 01 Jan 2000 00:00:00 GMT')
        if cut is not None:
            self.send_header('Connection', 'close')
        self.end_headers()
        if self.command == 'HEAD':
            return
        if cut is not None:
            self.wfile.write(body[:cut])
            self.wfile.flush()
            self.close_connection = True
            return
        if stall is not None:
            self.wfile.write(body[:stall])
            self.wfile.flush()
            self.wait_for_client_to_leave(60)
            self.close_connection = True
            return
        if trickle is not None:
            for offset in range(len(body)):
                self.wfile.write(body[offset:offset + 1])
                self.wfile.flush()
                time.sleep(trickle)
            return
        if slow:
            for offset in range(0, len(body), 16384):
                self.wfile.write(body[offset:offset + 16384])
                self.wfile.flush()
                time.sleep(0.02)
        else:
            self.wfile.write(body)


def main():
    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
    server.daemon_threads = True
    with open(sys.argv[2] + '.tmp', 'w') as f:
        f.write(str(server.server_address[1]))
    os.rename(sys.argv[2] + '.tmp', sys.argv[2])
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def watch_stdin():
        sys.stdin.buffer.read()
        os._exit(0)

    threading.Thread(target=watch_stdin, daemon=True).start()
    time.sleep(600)
    os._exit(0)


if __name__ == '__main__':
    main()
