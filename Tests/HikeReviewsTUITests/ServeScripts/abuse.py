"""Hostile and broken requests to `hike-reviews serve`: each gets its status and a one-line
JSON error; 200 idle connections do not keep a new request from being answered.

usage: abuse.py URL
"""
import http.client
import json
import socket
import sys
import urllib.parse

url = urllib.parse.urlparse(sys.argv[1])
failures = []


def request(method, path, body=b"", headers=None):
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    connection.request(method, path, body, headers or {})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, data, response


def expect_error(what, status, method, path, body=b"", headers=None):
    got, data, _ = request(method, path, body, headers)
    try:
        message = json.loads(data.decode()).get("error") or json.loads(data.decode()).get("explanation")
    except (ValueError, UnicodeDecodeError, AttributeError):
        message = None
    if got != status or not isinstance(message, str) or not message or "\n" in message:
        failures.append(f"{what}: {got} {data[:200]!r} (wanted {status} and a one-line error)")


JSON = {"Content-Type": "application/json"}
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
expect_error("malformed JSON", 400, "POST", "/translate", b'{"q": "Hola", "source": ', JSON)
expect_error("JSON not an object", 400, "POST", "/translate", b'["Hola"]', JSON)
expect_error("q a number", 400, "POST", "/translate", b'{"q": 5, "source": "es", "target": "en"}', JSON)
expect_error("q holding a number", 400, "POST", "/translate", b'{"q": ["Hola", 5], "source": "es", "target": "en"}', JSON)
expect_error("source an array", 400, "POST", "/translate", b'{"q": "Hola", "source": ["es"], "target": "en"}', JSON)
expect_error("missing q", 400, "POST", "/translate", b'{"source": "es", "target": "en"}', JSON)
huge = json.dumps({"q": ["Hola"] * 10000, "source": "es", "target": "en"}).encode()
expect_error("huge q array", 400, "POST", "/translate", huge, JSON)
long_text = json.dumps({"q": "a" * 30000, "source": "es", "target": "en"}).encode()
expect_error("over the character limit", 400, "POST", "/translate", long_text, JSON)
expect_error("non-UTF-8 JSON", 400, "POST", "/translate", b'{"q": "\xff\xfe", "source": "es", "target": "en"}', JSON)
expect_error("non-UTF-8 form", 400, "POST", "/translate", b"q=%FF%FE&source=es&target=en", FORM)
expect_error("non-UTF-8 query", 400, "GET", "/translate?langpair=spa|eng&q=%FF%FE")
expect_error("format xml", 400, "POST", "/translate", b'{"q": "<b>Hola</b>", "source": "es", "target": "en", "format": "xml"}', JSON)
expect_error("unknown path", 404, "GET", "/nothing")
expect_error("unsupported target", 400, "POST", "/translate", b'{"q": "Hola", "source": "es", "target": "zz"}', JSON)

# A 10 MB body: refused from its Content-Length, before it is read.
big = socket.create_connection((url.hostname, url.port), timeout=60)
big.sendall(b"POST /translate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10485760\r\n\r\n")
reply = b""
while b"\r\n\r\n" not in reply:
    chunk = big.recv(4096)
    if not chunk:
        break
    reply += chunk
if not reply.startswith(b"HTTP/1.1 413"):
    failures.append(f"10 MB body: {reply[:100]!r}")
big.close()

# A 10 MB body sent chunked (no Content-Length): read, dropped past 1 MB, then refused.
chunked = socket.create_connection((url.hostname, url.port), timeout=60)
chunked.sendall(b"POST /translate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
piece = b"a" * 65536
try:
    for _ in range(160):
        chunked.sendall(b"%x\r\n%s\r\n" % (len(piece), piece))
    chunked.sendall(b"0\r\n\r\n")
    reply = chunked.recv(4096)
except OSError as error:
    reply = repr(error).encode()
if not reply.startswith(b"HTTP/1.1 413"):
    failures.append(f"10 MB chunked body: {reply[:100]!r}")
chunked.close()

# 200 idle connections, half of them stopped halfway through their headers (a slow client),
# then a request on a new one.
idle = [socket.create_connection((url.hostname, url.port), timeout=60) for _ in range(200)]
for connection in idle[:100]:
    connection.sendall(b"POST /translate HTTP/1.1\r\nHost: x\r\nContent-Le")
status, data, _ = request("POST", "/translate", b'{"q": "El perro bebe agua.", "source": "es", "target": "en"}', JSON)
if status != 200 or json.loads(data.decode()).get("translatedText") != "The dog drinks water.":
    failures.append(f"with 200 idle connections: {status} {data[:200]!r}")
for connection in idle:
    connection.close()

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
