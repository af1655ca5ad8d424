"""APy's /translateDoc and /translatePage on `hike-reviews serve`, beside stock Apertium-APy
where it answers, and against hostile uploads on raw sockets.

usage: apy_documents.py compare OURS_URL APY_URL   (both ending in /; serve and stock APy over
                                                   the same eng-spa pair)
       apy_documents.py hostile OURS_URL           (serve started with --request-deadline 2:
                                                   a body has 4 s to come in)
Prints "ok", or one line per failure.
"""
import io
import json
import socket
import sys
import time
import urllib.parse
import zipfile

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)


def multipart(fields, files, boundary="hikeboundary"):
    """A multipart/form-data body: `fields` (name, text) then `files` (name, filename, bytes)."""
    body = b""
    for name, value in fields:
        body += b"--" + boundary.encode() + b"\r\nContent-Disposition: form-data; name=\"" + name.encode() + b"\"\r\n\r\n"
        body += value.encode() + b"\r\n"
    for name, filename, content in files:
        body += b"--" + boundary.encode() + b"\r\nContent-Disposition: form-data; name=\"" + name.encode() + b"\"; filename=\""
        body += filename + b"\"\r\nContent-Type: text/plain\r\n\r\n" + content + b"\r\n"
    return body + b"--" + boundary.encode() + b"--\r\n"


def read_response(sock):
    """(status, headers by lowercased name, body) of one answer on `sock`; None when it closed first."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        rest += chunk
    return int(lines[0].split()[1]), headers, rest[:length]


def connect(base):
    parsed = urllib.parse.urlsplit(base)
    sock = socket.create_connection((parsed.hostname, parsed.port), timeout=60)
    return sock, f"{parsed.hostname}:{parsed.port}"


def send(sock, host, body, content_type="multipart/form-data; boundary=hikeboundary", target="/translateDoc",
         method="POST", length=None):
    head = f"{method} {target} HTTP/1.1\r\nHost: {host}\r\nContent-Type: {content_type}\r\n"
    head += f"Content-Length: {len(body) if length is None else length}\r\n\r\n"
    sock.sendall(head.encode() + body)


def request(base, body, **options):
    """One request on a connection of its own: (status, headers, body)."""
    sock, host = connect(base)
    try:
        send(sock, host, body, **options)
        return read_response(sock)
    finally:
        sock.close()


def error(answer):
    """The JSON of an error answer, or None when it is not JSON."""
    try:
        return json.loads(answer[2])
    except (ValueError, TypeError):
        return None


def apy_error(code, message, explanation):
    return {"status": "error", "code": code, "message": message, "explanation": explanation}


TEXT = b"hello world\nthe dog sings.\n"
PAIR = [("langpair", "eng|spa")]


def zipped(entries):
    """A zip of (name, bytes), in order; `mimetype` stored, the rest deflated."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, content in entries:
            info = zipfile.ZipInfo(name, date_time=(2026, 12, 3, 12, 0, 0))
            info.compress_type = zipfile.ZIP_STORED if name == "mimetype" else zipfile.ZIP_DEFLATED
            archive.writestr(info, content)
    return out.getvalue()


def office(kind, paragraphs, extra=()):
    """A small docx, odt or pptx holding `paragraphs`, a bold run first in each."""
    head = b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    if kind == "docx":
        body = "".join(f'<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>{t}</w:t></w:r></w:p>' for t in paragraphs)
        return zipped([("[Content_Types].xml", head + b'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
                       ("word/document.xml", head + ('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
                                                     f'<w:body>{body}</w:body></w:document>').encode())] + list(extra))
    if kind == "odt":
        body = "".join(f'<text:p><text:span text:style-name="T1">{t}</text:span></text:p>' for t in paragraphs)
        return zipped([("mimetype", b"application/vnd.oasis.opendocument.text"),
                       ("content.xml", head + ('<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
                                               'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:text>'
                                               f'{body}</office:text></office:body></office:document-content>').encode())] + list(extra))
    slides = [(f"ppt/slides/slide{i + 1}.xml", head + ('<p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
                                                       'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree>'
                                                       f'<p:sp><p:txBody><a:p><a:r><a:rPr b="1"/><a:t>{t}</a:t></a:r></a:p></p:txBody></p:sp>'
                                                       '</p:spTree></p:cSld></p:sld>').encode()) for i, t in enumerate(paragraphs)]
    return zipped([("ppt/presentation.xml", head + b'<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>')]
                  + slides + list(extra))


def bomb():
    """8 MB of zeros in a few kilobytes: over 100 to 1 and over the 1 MB floor."""
    return office("docx", ["the dog"], extra=[("word/media/zeros.bin", b"\0" * (8 << 20))])


def entries(data):
    """A zip's entries by name (folders left out)."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist() if not name.endswith("/")}


def compare_documents(ours, theirs):
    """HTML, docx, odt and pptx: the parts stock APy (`apertium -f FORMAT`) translates are the
    same on serve, every other entry kept; HTML the same blanks aside (APy writes entities out)."""
    fields = PAIR + [("markUnknown", "no")]
    paragraphs = ["the dog sings.", "The house is very big and the water was cold."]
    for kind in ("docx", "odt", "pptx"):
        original = office(kind, paragraphs)
        body = multipart(fields, [("file", f"a.{kind}".encode(), original)])
        mine, stock = request(ours, body), request(theirs, body)
        check(mine[0] == stock[0] == 200, f"{kind}: serve {mine[0]} {mine[2][:200]!r}, stock APy {stock[0]} {stock[2][:200]!r}")
        if mine[0] != 200 or stock[0] != 200:
            continue
        check(mine[1].get("content-type") == "application/octet-stream", f"{kind}: Content-Type {mine[1].get('content-type')}")
        first, translated, reference = entries(original), entries(mine[2]), entries(stock[2])
        check(list(translated) == list(first), f"{kind}: entries {list(translated)}, sent {list(first)}")
        for name, content in translated.items():
            if name in reference and reference[name] != first[name]:
                check(content == reference[name], f"{kind} {name}: serve {content!r}, stock APy {reference[name]!r}")
            else:
                check(content == first[name], f"{kind} {name}: changed on serve, not by stock APy")
        check(b"perro" in b"".join(translated.values()), f"{kind}: not translated: {translated}")
    page = b"<!DOCTYPE html><html><body><p>The <b>dog</b> sings.</p><p>The house is very big.</p></body></html>"
    body = multipart(fields, [("file", b"a.html", page)])
    mine, stock = request(ours, body), request(theirs, body)
    check(mine[0] == stock[0] == 200 and mine[2].split() == stock[2].split(), f"HTML: serve {mine[0]} {mine[2]!r}, stock APy {stock[0]} {stock[2]!r}")


def compare(ours, theirs):
    """The same requests to both: the same statuses, errors word for word, the same translations."""
    cases = {
        "a text": (PAIR, [("file", b"t.txt", TEXT)]),
        "an unknown word, marked": (PAIR, [("file", b"t.txt", b"the xyzzyq dog sings.\n")]),
        "an unknown word, markUnknown=no": (PAIR + [("markUnknown", "no")], [("file", b"t.txt", b"the xyzzyq dog sings.\n")]),
        "two file parts (the first counts)": (PAIR, [("file", b"a.txt", b"the dog"), ("file", b"b.txt", b"\0")]),
        "a NUL": (PAIR, [("file", b"t.txt", b"\0")]),
        "a control byte": (PAIR, [("file", b"t.txt", b"the\x01dog")]),
        "an empty file": (PAIR, [("file", b"t.txt", b"")]),
        "a PDF": (PAIR, [("file", b"t.pdf", b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")]),
        "an invalid pair": ([("langpair", "typomode")], []),
        "a pair not installed": ([("langpair", "eng|deu")], [("file", b"t.txt", TEXT)]),
        "no langpair": ([], [("file", b"t.txt", TEXT)]),
    }
    for name, (fields, files) in cases.items():
        body = multipart(fields, files)
        mine, stock = request(ours, body), request(theirs, body)
        check(mine[0] == stock[0], f"{name}: status {mine[0]} on serve, {stock[0]} on stock APy")
        if stock[0] == 200:
            check(mine[2] == stock[2], f"{name}: serve translated {mine[2]!r}, stock APy {stock[2]!r}")
            check(mine[1].get("content-type") == "application/octet-stream", f"{name}: Content-Type {mine[1].get('content-type')}")
            check(mine[1].get("x-content-type-options") == "nosniff", f"{name}: no nosniff")
        else:
            check(error(mine) == error(stock), f"{name}: serve answered {mine[2]!r}, stock APy {stock[2]!r}")
    # A callback in the query wraps an error as JSONP, as APy's does, and never the document;
    # one in the form is not read (APy reads it before the body).
    with_callback = "/translateDoc?callback=app.done"
    for name, extra, content, target in (("an error", [], b"\0", with_callback), ("a translation", [], TEXT, with_callback),
                                         ("an error, callback in the form", [("callback", "app.done")], b"\0", "/translateDoc")):
        body = multipart(PAIR + extra, [("file", b"t.txt", content)])
        mine, stock = request(ours, body, target=target), request(theirs, body, target=target)
        same = mine[0] == stock[0] and (mine[2] == stock[2] if stock[0] == 200 else
                                        (error(mine) is not None and error(mine) == error(stock)) or
                                        (mine[2].startswith(b"app.done(") and stock[2].startswith(b"app.done(")
                                         and json.loads(mine[2][9:-1]) == json.loads(stock[2][9:-1])))
        check(same, f"callback on {name}: serve {mine[0]} {mine[2]!r}, stock APy {stock[0]} {stock[2]!r}")
    # The pair in the query string, the file in a body: GET, as APy takes it.
    body = multipart([], [("file", b"t.txt", TEXT)])
    target = "/translateDoc?langpair=eng%7Cspa"
    mine, stock = request(ours, body, target=target, method="GET"), request(theirs, body, target=target, method="GET")
    check(mine[0] == stock[0] == 200 and mine[2] == stock[2], f"GET with a query langpair: serve {mine[:1]} {mine[2]!r}, stock {stock[:1]} {stock[2]!r}")
    # /translatePage: stock fails to fetch an invalid URL with 404; serve fetches none.
    for url in ["thisisnotawebsite", "http://127.0.0.1:1/"]:
        query = urllib.parse.urlencode({"langpair": "eng|spa", "url": url})
        mine = request(ours, b"", target="/translatePage?" + query, method="GET", content_type="text/plain")
        stock = request(theirs, b"", target="/translatePage?" + query, method="GET", content_type="text/plain")
        for label, answer in (("serve", mine), ("stock APy", stock)):
            shown = error(answer) or {}
            check(answer[0] == 404 and shown.get("message") == "Not Found"
                  and str(shown.get("explanation", "")).startswith("Error 404 on fetching url: "),
                  f"/translatePage of {url} on {label}: {answer[0]} {answer[2]!r}")
        check("does not fetch" in str((error(mine) or {}).get("explanation")), f"/translatePage on serve: {mine[2]!r}")


def hostile(ours):
    base_limit = 1 << 20  # serve's request body limit
    # Made before connecting: the kept-alive connection must not sit idle past the deadline meanwhile.
    uploads = [
        ("invalid UTF-8", b"caf\xe9 con leche", "Invalid file type application/octet-stream"),
        ("binary", bytes(range(256)), "Invalid file type application/octet-stream"),
        ("an RTF", b"{\\rtf1 the dog}", "Invalid file type text/rtf (this server translates text, HTML, docx, odt and pptx documents)"),
        ("a broken zip", b"PK\x03\x04" + b"\0" * 26,
         "Invalid file: the document was refused: it cannot be opened as a zip: Unrecognized archive format"),
        ("a zip bomb", bomb(), "Invalid file: the document was refused: the zip unpacks to more than 100 times its size (a zip bomb?)"),
        ("a climbing name", office("docx", ["the dog"], extra=[("word/../../evil.xml", b"<a/>")]),
         "Invalid file: the document was refused: '..' in an archive path: 'word/../../evil.xml'"),
        ("a zip of no document", zipped([("a.xml", b"<a/>")]), "Invalid file type application/zip (this server translates text, HTML, docx, odt and pptx documents)"),
    ]
    sock, host = connect(ours)

    def answer(body, **options):
        send(sock, host, body, **options)
        return read_response(sock)

    # Refusals in APy's shape, on one kept-alive connection: each was read to its end.
    missing = answer(multipart(PAIR, []))
    check(missing[0] == 400 and (error(missing) or {}).get("explanation", "").startswith("Missing argument file"),
          f"no file part: {missing}")
    named = answer(multipart(PAIR + [("file", "the dog")], []))
    check(named[0] == 400, f"a field named file, not an upload: {named}")
    for label, content, explanation in uploads:
        refused = answer(multipart(PAIR, [("file", b"f", content)]))
        check(refused is not None and refused[0] == 400 and error(refused) == apy_error(400, "Bad Request", explanation), f"{label}: {refused}")
    # A file name is a label: its last component, without control characters or quotes.
    for filename, disposition in [(b"../../etc/pa\x01ss\x1b[31m.txt", 'attachment; filename="pass[31m.txt"'),
                                  (b"..\\..\\win.ini", 'attachment; filename="win.ini"'), (b"../", "attachment"),
                                  (b"\xc3\xa9t\xc3\xa9.txt", "attachment; filename=\"_t_.txt\"; filename*=UTF-8''%C3%A9t%C3%A9.txt")]:
        named = answer(multipart(PAIR, [("file", filename, b"the dog")]))
        check(named[0] == 200 and named[2] == b"El perro", f"file name {filename!r}: {named[0]} {named[2]!r}")
        check(named[1].get("content-disposition") == disposition, f"file name {filename!r}: {named[1].get('content-disposition')!r}")
    # No boundary parameter, and a boundary the body never holds.
    unbounded = answer(multipart(PAIR, [("file", b"t.txt", TEXT)]), content_type="multipart/form-data")
    check(unbounded[0] == 400 and "boundary" in (error(unbounded) or {}).get("explanation", ""), f"no boundary parameter: {unbounded}")
    lost = answer(multipart(PAIR, [("file", b"t.txt", TEXT)], boundary="other"))
    check(lost[0] == 400 and "boundary" in (error(lost) or {}).get("explanation", ""), f"a boundary not in the body: {lost}")

    # Just under the body limit: read and answered (the character limit refuses it); one byte
    # over: drained and refused 413 in APy's shape, and the connection still serves.
    frame = len(multipart(PAIR, [("file", b"t.txt", b"")]))
    under = answer(multipart(PAIR, [("file", b"t.txt", b"a" * (base_limit - frame))]))
    check(under[0] == 400 and "characters" in (error(under) or {}).get("explanation", ""), f"a body at the limit: {under[0]} {under[2][:200]!r}")
    over = answer(multipart(PAIR, [("file", b"t.txt", b"a" * (base_limit - frame + 1))]))
    check(over[0] == 413 and error(over) == apy_error(413, "Request Entity Too Large", "That file is too large (over this server's "
                                                      "request body limit, which is lower than APy's 32000000 bytes)"),
          f"a body one byte over the limit: {over}")
    after = answer(multipart(PAIR, [("file", b"t.txt", b"the dog")]))
    check(after is not None and after[0] == 200 and after[2] == b"El perro", f"the same connection after a 413: {after}")
    sock.close()

    # A Content-Length over APy's limit is refused before its body, in APy's words.
    sock, host = connect(ours)
    send(sock, host, b"", length=40_000_000)
    huge = read_response(sock)
    check(huge is not None and huge[0] == 413 and error(huge) == apy_error(413, "Request Entity Too Large", "That file is too large"),
          f"a Content-Length of 40 MB: {huge}")
    sock.close()

    # A large Content-Length, then a slow body: 408 at the body's deadline (4 s), not a wait for ever.
    sock, host = connect(ours)
    send(sock, host, multipart(PAIR, [])[:100], length=5_000_000)
    started = time.monotonic()
    slow = read_response(sock)
    check(slow is not None and slow[0] == 408, f"a body that stalls: {slow}")
    check(time.monotonic() - started < 50, "a body that stalls was answered after 50 s")
    sock.close()
    # A short body: the client stops sending and closes; the server closes too.
    sock, host = connect(ours)
    send(sock, host, b"x" * 1000, length=5_000_000)
    sock.shutdown(socket.SHUT_WR)
    try:
        short = read_response(sock)
    except OSError:
        short = None
    check(short is None or short[0] in (400, 408), f"a body cut short: {short}")
    sock.close()

    # A chunked upload over the limit (no Content-Length to refuse it by): drained, then 413.
    sock, host = connect(ours)
    body = multipart(PAIR, [("file", b"t.txt", b"a" * (base_limit + 10))])
    head = (f"POST /translateDoc HTTP/1.1\r\nHost: {host}\r\nContent-Type: multipart/form-data; boundary=hikeboundary\r\n"
            "Transfer-Encoding: chunked\r\n\r\n")
    pieces = [body[start:start + 65536] for start in range(0, len(body), 65536)]
    sock.sendall(head.encode() + b"".join(b"%x\r\n" % len(piece) + piece + b"\r\n" for piece in pieces) + b"0\r\n\r\n")
    chunked = read_response(sock)
    check(chunked is not None and chunked[0] == 413 and (error(chunked) or {}).get("message") == "Request Entity Too Large",
          f"a chunked upload over the limit: {chunked}")
    sock.close()

    # Still serving.
    alive = request(ours, multipart(PAIR, [("file", b"t.txt", b"the dog")]))
    check(alive[0] == 200 and alive[2] == b"El perro", f"after the hostile uploads: {alive}")


if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode == "compare" and len(sys.argv) == 4:
        compare(sys.argv[2], sys.argv[3])
        compare_documents(sys.argv[2], sys.argv[3])
    elif mode == "hostile" and len(sys.argv) == 3:
        hostile(sys.argv[2])
    else:
        sys.exit(__doc__)
    print("\n".join(failures) if failures else "ok")
