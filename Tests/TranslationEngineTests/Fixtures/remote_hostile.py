#!/usr/bin/env python3
"""A hostile translation server for the remote-engine tests, on 127.0.0.1 only: raw sockets,
so it can send what no HTTP library would.

usage: remote_hostile.py BEHAVIOUR WHERE [TARGET] PORTFILE

WHERE is `translate`: GET /languages answers as LibreTranslate (es -> en) and every
/translate misbehaves; or `probe`: /listPairs and /languages misbehave (the probe's GETs).
GET /count answers how many misbehaving requests came (always well).

BEHAVIOUR is one of:
  status-500       a 500 with a JSON error
  reset            the connection closed with a reset, no answer
  silent           the request read, then nothing until the client gives up
  trickle          a 200 with Content-Length 1,000,000, then a byte a second
  trickle-headers  the status line, then one header byte a second
  slow-404         (probe) /listPairs a 404 whose body takes 4.5 s; /languages trickles
  endless          a 200 without a length, body bytes as fast as the client reads
  endless-chunked  a chunked 200 whose chunks never end
  bad-chunks       a chunked 200 with an invalid chunk size
  huge             a 200 with Content-Length 100,000,000, sent in full
  gzip             Content-Encoding: gzip, 2 MB that inflate to 2 GB (not asked for)
  huge-headers     one header of 1 MB
  endless-headers  header lines that never end
  early-hints      103 Early Hints responses that never end
  wrong-type       a 200 text/html page
  redirect-302, redirect-307, redirect-308   to TARGET (a URL: another server's path)
  redirect-loop    a 302 to the same path on this server
Writes the port it listens on to PORTFILE; stops by itself when its standard input closes or
after 10 minutes.
"""
import gzip
import json
import os
import socket
import sys
import threading
import time

BEHAVIOUR, WHERE = sys.argv[1], sys.argv[2]
TARGET = sys.argv[3] if len(sys.argv) > 4 else ""
PORTFILE = sys.argv[-1]
count = 0
lock = threading.Lock()
LANGUAGES = json.dumps([{"code": "es", "name": "Spanish", "targets": ["en"]},
                        {"code": "en", "name": "English", "targets": []}]).encode()
# 64 MB of zeros compress to about 64 KB; the same member 32 times is one valid 2 MB gzip stream.
BOMB_MEMBER = gzip.compress(b"\0" * (64 << 20), 9) if BEHAVIOUR == "gzip" else b""


def read_request(conn):
    data = b""
    while b"\r\n\r\n" not in data:
        piece = conn.recv(65536)
        if not piece:
            return None
        data += piece
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value.strip())
    while len(body) < length:
        piece = conn.recv(65536)
        if not piece:
            break
        body += piece
    return lines[0].split(" ")[1].split("?")[0]


def answer(conn, status, body, content_type="application/json"):
    conn.sendall(b"HTTP/1.1 %d X\r\nContent-Type: %s\r\nContent-Length: %d\r\nConnection: close\r\n\r\n"
                 % (status, content_type.encode(), len(body)) + body)


def forever(send):
    """Calls send() until the client goes away (or 10 minutes pass)."""
    end = time.time() + 600
    while time.time() < end:
        send()


def misbehave(conn, path):
    b = BEHAVIOUR
    if b == "status-500":
        answer(conn, 500, b'{"error": "the hostile server fails"}')
    elif b == "reset":
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\1\0\0\0\0\0\0\0")
    elif b == "silent":
        time.sleep(600)
    elif b == "trickle" or (b == "slow-404" and path != "/listPairs"):
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n")
        forever(lambda: (conn.sendall(b" "), time.sleep(1)))
    elif b == "slow-404":
        conn.sendall(b"HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nContent-Length: 3\r\n\r\n")
        for byte in b"no\n":
            time.sleep(1.5)
            conn.sendall(bytes([byte]))
    elif b == "trickle-headers":
        conn.sendall(b"HTTP/1.1 200 OK\r\n")
        forever(lambda: (conn.sendall(b"X"), time.sleep(1)))
    elif b == "endless":
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n")
        block = b'{"translatedText": "' + b"a" * 65536
        conn.sendall(block)
        forever(lambda: conn.sendall(b"a" * 65536))
    elif b == "endless-chunked":
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
        forever(lambda: conn.sendall(b"10000\r\n" + b"a" * 65536 + b"\r\n"))
    elif b == "bad-chunks":
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                     b"zz\r\n{}\r\n0\r\n\r\n")
    elif b == "huge":
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n")
        for _ in range(100000000 // 65536):
            conn.sendall(b"a" * 65536)
        conn.sendall(b"a" * (100000000 % 65536))
    elif b == "gzip":
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n"
                     b"Content-Length: %d\r\n\r\n" % (32 * len(BOMB_MEMBER)))
        for _ in range(32):
            conn.sendall(BOMB_MEMBER)
    elif b == "huge-headers":
        conn.sendall(b"HTTP/1.1 200 OK\r\nX-Big: " + b"a" * (1 << 20) + b"\r\nContent-Length: 2\r\n\r\n{}")
    elif b == "endless-headers":
        conn.sendall(b"HTTP/1.1 200 OK\r\n")
        forever(lambda: conn.sendall(b"X-More: " + b"a" * 1000 + b"\r\n"))
    elif b == "early-hints":
        forever(lambda: conn.sendall(b"HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n"))
    elif b == "wrong-type":
        answer(conn, 200, b"<html><body>translatedText</body></html>", "text/html")
    elif b.startswith("redirect-"):
        code = 302 if b == "redirect-loop" else int(b.split("-")[1])
        location = path if b == "redirect-loop" else TARGET + path
        conn.sendall(b"HTTP/1.1 %d Moved\r\nLocation: %s\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                     % (code, location.encode()))
    else:
        answer(conn, 500, b'{"error": "unknown behaviour"}')


def serve(conn):
    global count
    try:
        path = read_request(conn)
        if path is None:
            return
        if path == "/count":
            return answer(conn, 200, str(count).encode())
        hostile = path in ("/listPairs", "/languages") if WHERE == "probe" else path == "/translate"
        if hostile:
            with lock:
                count += 1
            return misbehave(conn, path)
        if path == "/languages":
            return answer(conn, 200, LANGUAGES)
        answer(conn, 404, b'{"error": "not found"}')
    except OSError:
        pass
    finally:
        conn.close()


def stop_when_orphaned():
    sys.stdin.read()
    os._exit(0)


listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(64)
with open(PORTFILE + ".tmp", "w") as out:
    out.write(str(listener.getsockname()[1]))
os.rename(PORTFILE + ".tmp", PORTFILE)
threading.Thread(target=stop_when_orphaned, daemon=True).start()
threading.Timer(600, lambda: os._exit(0)).start()
while True:
    connection, _ = listener.accept()
    threading.Thread(target=serve, args=(connection,), daemon=True).start()
