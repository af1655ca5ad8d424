"""APy's CORS headers and OPTIONS on `hike-reviews serve`, compared with stock apertium-apy:
the same status and the same Access-Control-* headers for each request, and for a GET the same
Content-Type (tornado's `application/json; charset=UTF-8`).

usage: apy_cors.py URL STOCK_APY_URL
Prints "ok" and exits 0, or prints what differs and exits 1.
"""
import http.client
import sys
import urllib.parse

REQUESTS = [
    ("GET", "/listPairs"),
    ("OPTIONS", "/listPairs"),
    ("GET", "/listLanguageNames"),
    ("GET", "/identifyLang?q=El%20perro%20bebe%20agua"),
    ("GET", "/translate?langpair=spa|eng&q=perro"),
    ("OPTIONS", "/translate?langpair=spa|eng&q=perro"),
    ("GET", "/translate?langpair=spa|eng"),
    ("HEAD", "/listPairs"),
]


def answer(url, method, path):
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        connection.request(method, path, headers={"Origin": "http://front.example"})
        response = connection.getresponse()
        response.read()
        seen = {name.lower(): value for name, value in response.getheaders() if name.lower().startswith("access-control-")}
        if method == "GET":
            seen["content-type"] = response.getheader("Content-Type")
        return response.status, seen
    finally:
        connection.close()


failures = []
for method, path in REQUESTS:
    ours, stock = answer(sys.argv[1], method, path), answer(sys.argv[2], method, path)
    if ours != stock:
        failures.append(f"{method} {path}: ours {ours}, stock APy's {stock}")
if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
