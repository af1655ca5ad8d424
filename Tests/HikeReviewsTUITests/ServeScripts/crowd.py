"""Many addresses at the limit of all connections (a server started with 8 in all and 6 per
address): 127.0.0.2 holds 6 unfinished requests and 127.0.0.3 holds 3; a request from
127.0.0.1 is still served, and the connections closed to make room are the busiest
address's (127.0.0.2 keeps 4, 127.0.0.3 all 3), which is seen by finishing every request.

usage: crowd.py URL
"""
import http.client
import sys
import urllib.parse

import sourced

url = urllib.parse.urlparse(sys.argv[1])
failures = []
HEAD = b"GET /languages HTTP/1.1\r\nHost: x\r\n"


def held(source):
    connection = sourced.connect(url, source)
    connection.sendall(HEAD)
    return connection


def finished(connection):
    """Whether the request on `connection` is answered once its head ends."""
    try:
        connection.sendall(b"\r\n")
        reply = connection.recv(4096)
    except OSError:
        reply = b""
    connection.close()
    return reply.startswith(b"HTTP/1.1 200")


busy = [held("127.0.0.2") for _ in range(6)]
quiet = [held("127.0.0.3") for _ in range(3)]
client = http.client.HTTPConnection(url.hostname, url.port, timeout=120, source_address=("127.0.0.1", 0))
try:
    client.request("GET", "/languages")
    status = client.getresponse().status
except OSError as error:
    status = repr(error)
client.close()
if status != 200:
    failures.append(f"a new address at the limit of all connections: {status}")
alive_busy = sum(finished(connection) for connection in busy)
alive_quiet = sum(finished(connection) for connection in quiet)
if (alive_busy, alive_quiet) != (4, 3):
    failures.append(f"requests left answered: {alive_busy} of 127.0.0.2's 6 and {alive_quiet} of 127.0.0.3's 3 (wanted 4 and 3)")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
