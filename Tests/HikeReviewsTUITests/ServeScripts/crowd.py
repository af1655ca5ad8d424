"""Addresses holding unfinished requests (heads that have not ended) at the connection limits.
`share` (a server with 6 connections per address): 127.0.0.2 holds its 6; requests from
127.0.0.1 are served at once, and so is one more from 127.0.0.2, which closes one of its own
6 (5 are answered when they finish). `total` (8 connections in all, 6 per address): 127.0.0.2
holds 6 and 127.0.0.3 holds 3; a request from 127.0.0.1 is served, and the connections closed
to make room are the busiest address's (127.0.0.2 keeps 4, 127.0.0.3 all 3). Which requests
were kept is seen by finishing each; each sends a header line every 5 s meanwhile (under
the idle timeout), and the server's deadlines must be longer than the run.

usage: crowd.py URL share|total
"""
import http.client
import sys
import threading
import urllib.parse

import sourced

url = urllib.parse.urlparse(sys.argv[1])
failures = []
HEAD = b"GET /languages HTTP/1.1\r\nHost: x\r\n"


class Held(threading.Thread):
    """A request whose head goes on, a header line every 5 s, until `finished`."""

    def __init__(self, source):
        super().__init__(daemon=True)
        self.connection = sourced.connect(url, source)
        self.connection.sendall(HEAD)
        self.stop = threading.Event()
        self.start()

    def run(self):
        while not self.stop.wait(5):
            try:
                self.connection.sendall(b"X-Held: y\r\n")
            except OSError:
                return

    def finished(self):
        """Whether the request is answered once its head ends."""
        self.stop.set()
        self.join()
        try:
            self.connection.sendall(b"\r\n")
            reply = self.connection.recv(4096)
        except OSError:
            reply = b""
        self.connection.close()
        return reply.startswith(b"HTTP/1.1 200")


def served(source):
    client = http.client.HTTPConnection(url.hostname, url.port, timeout=240, source_address=(source, 0))
    try:
        client.request("GET", "/languages")
        status = client.getresponse().status
    except OSError as error:
        status = repr(error)
    client.close()
    if status != 200:
        failures.append(f"a request from {source}: {status}")


busy = [Held("127.0.0.2") for _ in range(6)]
if sys.argv[2] == "share":
    for _ in range(4):
        served("127.0.0.1")
    served("127.0.0.2")
    wanted = (5, 0)
    quiet = []
else:
    quiet = [Held("127.0.0.3") for _ in range(3)]
    served("127.0.0.1")
    wanted = (4, 3)
kept = (sum(request.finished() for request in busy), sum(request.finished() for request in quiet))
if kept != wanted:
    failures.append(f"requests answered when finished: {kept[0]} of 127.0.0.2's 6 and {kept[1]} of 127.0.0.3's {len(quiet)} (wanted {wanted})")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
