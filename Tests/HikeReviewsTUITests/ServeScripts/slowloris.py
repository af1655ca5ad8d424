"""Slow clients against `hike-reviews serve --request-deadline S`: N requests whose heads
trickle in (a header line a second) from 127.0.0.2, one whose body trickles (a byte a second)
from 127.0.0.3 and an APy one from 127.0.0.4 do not keep 127.0.0.1 from being served, and
each is ended with a 408 in its API's JSON shape once past its deadline (its head within S,
its body within 2S), however steadily it trickles; then 127.0.0.2 is served again.

usage: slowloris.py URL N
"""
import http.client
import json
import sys
import threading
import time
import urllib.parse

import sourced

url = urllib.parse.urlparse(sys.argv[1])
count = int(sys.argv[2])
failures = []
BODY = b'{"q": "El perro bebe agua.", "source": "es", "target": "en"}'


class Trickler(threading.Thread):
    """Sends `head`, then `piece` every second until the server answers or closes; keeps what
    it received."""

    def __init__(self, source, head, piece):
        super().__init__(daemon=True)
        self.connection = sourced.connect(url, source)
        self.connection.sendall(head)
        self.piece = piece
        self.received = b""
        self.done = threading.Event()

    def run(self):
        self.connection.setblocking(False)
        # A safety net only: each request ends by the server's deadline.
        for _ in range(240):
            try:
                while True:
                    chunk = self.connection.recv(65536)
                    if not chunk:
                        self.done.set()
                        return
                    self.received += chunk
            except BlockingIOError:
                pass
            except OSError:
                self.done.set()
                return
            try:
                self.connection.send(self.piece)
            except OSError:
                pass
            time.sleep(1)
        self.done.set()


def translated(source):
    """A normal request from `source`: whether it was translated."""
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=240, source_address=(source, 0))
    try:
        connection.request("POST", "/translate", BODY, {"Content-Type": "application/json"})
        response = connection.getresponse()
        data = response.read()
        return response.status == 200 and json.loads(data.decode()).get("translatedText") == "The dog drinks water."
    except OSError:
        return False
    finally:
        connection.close()


def timed_out(received, apy=False):
    head, _, body = received.partition(b"\r\n\r\n")
    try:
        message = json.loads(body.decode()).get("explanation" if apy else "error")
    except (ValueError, UnicodeDecodeError):
        return False
    return head.startswith(b"HTTP/1.1 408") and isinstance(message, str) and "\n" not in message


# Heads that never end.
slow = [Trickler("127.0.0.2", b"POST /translate HTTP/1.1\r\nHost: x\r\n", b"X-Slow: y\r\n") for _ in range(count)]
for client in slow:
    client.start()
# An APy request whose head never ends hears its 408 in APy's shape.
apy = Trickler("127.0.0.4", b"GET /translate?langpair=spa|eng&q=El HTTP/1.1\r\nHost: x\r\n", b"X-Slow: y\r\n")
apy.start()
# And one body that trickles from another address.
body = Trickler("127.0.0.3", b"POST /translate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n", b"a")
body.start()
time.sleep(0.5)

# Others are served while they trickle.
for _ in range(4):
    if not translated("127.0.0.1"):
        failures.append("a client on another address was not served while slow ones trickled")
        break

for client in slow + [body, apy]:
    client.done.wait(240)
if not timed_out(apy.received, apy=True):
    failures.append(f"slow APy head: {apy.received[:200]!r} (wanted a 408 in APy's error shape)")
for number, client in enumerate(slow):
    if not timed_out(client.received):
        failures.append(f"slow head {number}: {client.received[:200]!r} (wanted a 408 with a one-line JSON error)")
if not timed_out(body.received):
    failures.append(f"slow body: {body.received[:200]!r} (wanted a 408 with a one-line JSON error)")

# Its connections gone, the slow address is served again.
if not translated("127.0.0.2"):
    failures.append("the slow address was not served after its requests were ended")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
