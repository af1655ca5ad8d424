"""Requests whose framing is ambiguous, whose heads are over the limits, or whose texts hold a
NUL, sent on raw sockets to `hike-reviews serve`: each gets its status and a one-line error in
its API's JSON shape, and a refused framing closes the connection (no request hidden in a body
is ever served). Then what must be served is: absolute-form targets, forms with empty-named
fields and one-character multipart boundaries.

usage: framing.py URL
"""
import json
import socket
import sys
import urllib.parse

url = urllib.parse.urlparse(sys.argv[1])
failures = []
TRANSLATE = b'{"q": "El perro bebe agua.", "source": "es", "target": "en"}'


def exchange(data):
    """Sends `data` on a new connection; returns every byte the server sends until it closes
    (and whether it closed), reading for at most 240 s (every request here closes)."""
    connection = socket.create_connection((url.hostname, url.port), timeout=240)
    connection.sendall(data)
    received = b""
    closed = False
    try:
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                closed = True
                break
            received += chunk
    except socket.timeout:
        pass
    except ConnectionResetError:
        closed = True
    connection.close()
    return received, closed


def responses(data):
    """The (status, body) of each response in `data`."""
    found = []
    while data.startswith(b"HTTP/1.1 "):
        head, _, rest = data.partition(b"\r\n\r\n")
        status = int(head[9:12])
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
        found.append((status, rest[:length]))
        data = rest[length:]
    return found


def one_line_error(body, apy=False):
    try:
        value = json.loads(body.decode())
    except (ValueError, UnicodeDecodeError):
        return None
    message = value.get("explanation") if apy else value.get("error")
    if apy and value.get("status") != "error":
        return None
    return message if isinstance(message, str) and message and "\n" not in message else None


def expect_refused(what, status, data, apy=False, closes=True):
    """One answer, `status` with a one-line error, and (when `closes`) the connection closed."""
    received, closed = exchange(data)
    found = responses(received)
    if len(found) != 1 or found[0][0] != status or one_line_error(found[0][1], apy) is None:
        failures.append(f"{what}: {received[:300]!r} (wanted one {status} with a one-line JSON error)")
    elif closes and not closed:
        failures.append(f"{what}: the connection stayed open")


def expect_translated(what, data, wanted="The dog drinks water."):
    received, _ = exchange(data)
    found = responses(received)
    try:
        answer = json.loads(found[0][1].decode()) if found else {}
        text = (answer.get("responseData") or answer).get("translatedText")
    except (ValueError, AttributeError):
        text = None
    if len(found) != 1 or found[0][0] != 200 or text != wanted:
        failures.append(f"{what}: {received[:300]!r} (wanted 200 {wanted!r})")


def post(headers, body=TRANSLATE, target=b"/translate"):
    return b"POST " + target + b" HTTP/1.1\r\nHost: x\r\n" + headers + b"\r\n" + body


JSON = b"Content-Type: application/json\r\n"
HIDDEN = b"GET /listPairs HTTP/1.1\r\nHost: x\r\n\r\n"
length = b"Content-Length: %d\r\n" % len(TRANSLATE)

# Ambiguous framing: 400 and closed, and the request behind the body is never answered.
expect_refused("two Content-Lengths", 400, post(JSON + length + b"Content-Length: 5\r\n", TRANSLATE + HIDDEN))
expect_refused("a repeated Content-Length", 400, post(JSON + length + length, TRANSLATE + HIDDEN))
expect_refused("whitespace before Content-Length's colon", 400, post(JSON + b"Content-Length : %d\r\n" % len(TRANSLATE), TRANSLATE + HIDDEN))
expect_refused("a tab before Transfer-Encoding's colon", 400,
               post(JSON + b"Transfer-Encoding\t: chunked\r\n", b"%x\r\n%s\r\n0\r\n\r\n" % (len(TRANSLATE), TRANSLATE) + HIDDEN))
chunked_body = b"%x\r\n%s\r\n0\r\n\r\n" % (len(TRANSLATE), TRANSLATE)
expect_refused("Content-Length and chunked", 400, post(JSON + b"Content-Length: 4\r\nTransfer-Encoding: chunked\r\n", chunked_body + HIDDEN))
expect_refused("a coding after chunked", 400, post(JSON + b"Transfer-Encoding: chunked, gzip\r\n", chunked_body))
expect_refused("chunked twice", 400, post(JSON + b"Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n", chunked_body))
expect_refused("gzip alone", 400, post(JSON + b"Transfer-Encoding: gzip\r\n", TRANSLATE))
expect_refused("an unknown coding", 501, post(JSON + b"Transfer-Encoding: bogus\r\n", TRANSLATE))
expect_refused("an unknown coding before chunked", 501, post(JSON + b"Transfer-Encoding: bogus, chunked\r\n", chunked_body))
expect_refused("chunked with a space after it", 501, post(JSON + b"Transfer-Encoding: chunked \r\n", chunked_body + HIDDEN))
expect_refused("chunked in HTTP/1.0", 400, post(JSON + b"Transfer-Encoding: chunked\r\n", chunked_body).replace(b"HTTP/1.1", b"HTTP/1.0", 1))
expect_refused("a bare CR hiding a Content-Length", 400, post(JSON + b"X-A: a\rContent-Length: 5\r\n" + length, TRANSLATE + HIDDEN))
expect_refused("a space in the target", 400, b"GET /translate?langpair=spa|eng&q=El perro HTTP/1.1\r\nHost: x\r\n\r\n", apy=True)
expect_refused("two Hosts", 400, post(JSON + length + b"Host: y\r\n"))
expect_refused("no Host", 400, b"GET /languages HTTP/1.1\r\n\r\n")
# APy's requests are refused in APy's shape.
expect_refused("APy with two Content-Lengths", 400,
               b"POST /translate?langpair=spa|eng HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
               b"Content-Length: 4\r\nContent-Length: 5\r\n\r\nq=El", apy=True)

# Heads over the limits: the API's shape, not MHD's HTML, not silence.
params = b"&".join(b"k%d=v" % i for i in range(1000))
expect_refused("1,000 query parameters", 400, b"GET /translate?" + params + b" HTTP/1.1\r\nHost: x\r\n\r\n")
expect_refused("1,000 APy query parameters", 400, b"GET /translate?langpair=spa|eng&q=a&" + params + b" HTTP/1.1\r\nHost: x\r\n\r\n", apy=True)
expect_refused("a 20 KB target", 414, b"GET /translate?q=" + b"a" * 20000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
expect_refused("200 header fields", 431, b"GET /languages HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(200)) + b"\r\n")
expect_refused("a 20 KB header field", 431, b"GET /languages HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20000 + b"\r\n\r\n")

# Absolute form is served by its path.
expect_translated("an absolute-form target",
                  post(JSON + length + b"Connection: close\r\n", target=b"http://%s:%d/translate" % (url.hostname.encode(), url.port)))
expect_translated("an absolute-form APy target",
                  b"GET HTTP://%s:%d/translate?langpair=spa|eng&q=El%%20perro%%20bebe%%20agua. HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                  % (url.hostname.encode(), url.port))

# A NUL in any text is refused the same way, wherever it is.
FORM = b"Content-Type: application/x-www-form-urlencoded\r\n"


def sized(headers, body):
    return post(headers + b"Content-Length: %d\r\nConnection: close\r\n" % len(body), body)


nul_cases = {
    "query": (b"GET /translate?langpair=spa|eng&q=El%00perro HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", True),
    "form": (sized(FORM, b"q=El%00perro&source=es&target=en"), False),
    "JSON": (sized(JSON, b'{"q": "El\\u0000perro", "source": "es", "target": "en"}'), False),
    "JSON array": (sized(JSON, b'{"q": ["El perro", "El\\u0000gato"], "source": "es", "target": "en"}'), False),
    "multipart": (sized(b"Content-Type: multipart/form-data; boundary=XyZ\r\n",
                        b'--XyZ\r\nContent-Disposition: form-data; name="q"\r\n\r\nEl\x00perro\r\n'
                        b'--XyZ\r\nContent-Disposition: form-data; name="source"\r\n\r\nes\r\n'
                        b'--XyZ\r\nContent-Disposition: form-data; name="target"\r\n\r\nen\r\n--XyZ--\r\n'), False),
}
for where, (data, apy) in nul_cases.items():
    received, _ = exchange(data)
    found = responses(received)
    message = one_line_error(found[0][1], apy) if found else None
    if not found or found[0][0] != 400 or not message or "NUL" not in message:
        failures.append(f"a NUL in a {where} text: {received[:300]!r} (wanted 400 naming the NUL)")

# What must be read: a form field with an empty name is ignored, a boundary of one character.
expect_translated("a form with empty-named fields", sized(FORM, b"=x&q=El+perro+bebe+agua.&=&source=es&&target=en"))
expect_translated("a one-character boundary", sized(b"Content-Type: multipart/form-data; boundary=x\r\n",
                                                    b'--x\r\nContent-Disposition: form-data; name=""\r\n\r\nnothing\r\n'
                                                    b'--x\r\nContent-Disposition: form-data; name="q"\r\n\r\nEl perro bebe agua.\r\n'
                                                    b'--x\r\nContent-Disposition: form-data; name=source\r\n\r\nes\r\n'
                                                    b'--x\r\nContent-Disposition: form-data; name="target"\r\n\r\nen\r\n--x--\r\n'))
expect_translated("a 70-character quoted boundary", sized(b'Content-Type: multipart/form-data; boundary="' + b"b" * 69 + b' "\r\n',
                                                          b"--" + b"b" * 69 + b' \r\nContent-Disposition: form-data; name="q"\r\n\r\n'
                                                          b"El perro bebe agua.\r\n--" + b"b" * 69 + b' \r\nContent-Disposition: form-data; name="source"\r\n\r\nes\r\n--'
                                                          + b"b" * 69 + b' \r\nContent-Disposition: form-data; name="target"\r\n\r\nen\r\n--' + b"b" * 69 + b" --\r\n"))

# The character limit counts Unicode scalars: one cluster of 20,001 scalars is over 20,000.
cluster = json.dumps({"q": "e" + "\u0301" * 20000, "source": "es", "target": "en"}).encode()
expect_refused("a 20,001-scalar cluster", 400, sized(JSON, cluster), closes=False)

# A 60 KB method gets an answer; its access line is capped (the test reads the log).
expect_refused("a 60 KB method", 404, b"A" * 60000 + b" /nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
