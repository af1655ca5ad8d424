#!/usr/bin/env python3
"""A small stand-in translation server for the remote-engine tests, on 127.0.0.1 only.

usage: remote_standin.py KIND NAME PORTFILE

KIND is one of:
  libretranslate  LibreTranslate's shapes: GET /languages lists es -> en; POST /translate
                  (JSON or form: q, source, target, format) answers {"translatedText":
                  "NAME: q"} after 50 ms, so concurrent requests overlap.
  drop-apy        Apertium-APy's GET /listPairs (spa -> eng); every /translate closes the
                  connection without an answer (a server that dies under its clients).
  drop-libretranslate  LibreTranslate's /languages, and every /translate dropped the same way.
GET /count answers how many /translate requests came. Writes the port it listens on to
PORTFILE; stops by itself when its standard input closes or after 10 minutes.
"""
import http.server
import json
import os
import socket
import struct
import sys
import threading
import time
import urllib.parse

KIND, NAME, PORTFILE = sys.argv[1], sys.argv[2], sys.argv[3]
count = 0
lock = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, value):
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        path = urllib.parse.urlsplit(self.path).path
        if path == "/count":
            return self.answer(200, count)
        if KIND in ("libretranslate", "drop-libretranslate") and path == "/languages":
            return self.answer(200, [{"code": "es", "name": "Spanish", "targets": ["en"]},
                                     {"code": "en", "name": "English", "targets": []}])
        if KIND == "drop-apy" and path == "/listPairs":
            return self.answer(200, {"responseData": [{"sourceLanguage": "spa", "targetLanguage": "eng"}],
                                     "responseDetails": None, "responseStatus": 200})
        if path == "/translate":
            return self.translate({})
        self.answer(404, {"error": "not found"})

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length)
        if (self.headers.get("Content-Type") or "").startswith("application/json"):
            fields = json.loads(raw or b"{}")
        else:
            fields = {k: v[0] for k, v in urllib.parse.parse_qs(raw.decode()).items()}
        if urllib.parse.urlsplit(self.path).path == "/translate":
            return self.translate(fields)
        self.answer(404, {"error": "not found"})

    def translate(self, fields):
        global count
        with lock:
            count += 1
        if KIND.startswith("drop-"):
            # A reset, as from a server process that died: no answer at all.
            self.close_connection = True
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
            return
        if fields.get("source") != "es" or fields.get("target") != "en" or fields.get("format") != "text":
            return self.answer(400, {"error": "unexpected fields %r" % sorted(fields)})
        time.sleep(0.05)
        self.answer(200, {"translatedText": NAME + ": " + fields.get("q", "")})


def stop_when_orphaned():
    sys.stdin.read()
    os._exit(0)


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(PORTFILE + ".tmp", "w") as out:
    out.write(str(server.server_address[1]))
os.rename(PORTFILE + ".tmp", PORTFILE)
threading.Thread(target=stop_when_orphaned, daemon=True).start()
threading.Timer(600, lambda: os._exit(0)).start()
server.serve_forever()
