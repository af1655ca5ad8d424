"""LibreTranslate's /translate_file and /download_file on `hike-reviews serve`, asked as
LibreTranslate's web front end asks (a multipart form with file, source, target and api_key,
then a GET of translatedFileUrl), and against hostile uploads.

usage: lt_files.py OURS_URL   (serve over the test pairs, eng|spa among them)
Prints "ok", or one line per failure.
"""
import json
import os
import sys
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from apy_documents import PAIR, bomb, check, entries, error, failures, multipart, office, request  # noqa: E402


def upload(base, filename, content, source="en", target="es"):
    """The front end's request: (status, headers, body)."""
    return request(base, multipart([("source", source), ("target", target), ("api_key", "")], [("file", filename, content)]),
                   target="/translate_file")


def download(url):
    parsed = urllib.parse.urlsplit(url)
    return request(f"{parsed.scheme}://{parsed.netloc}/", b"", target=parsed.path, method="GET", content_type="text/plain")


def main(base):
    settings = json.loads(request(base, b"", target="/frontend/settings", method="GET", content_type="text/plain")[2])
    check(settings.get("filesTranslation") is True and settings.get("supportedFilesFormat") == [".txt", ".odt", ".docx", ".pptx", ".html"],
          f"settings: {settings}")
    paragraphs = ["the dog sings.", "The house is very big and the water was cold."]
    documents = {kind: office(kind, paragraphs) for kind in ("docx", "odt", "pptx")}
    documents["txt"] = b"the dog sings.\n\nThe house is very big.\n"
    documents["html"] = b"<!DOCTYPE html><html><body><p>The <b>dog</b> sings.</p></body></html>"
    for kind, content in documents.items():
        answer = upload(base, f"review {kind}.{kind}".encode(), content)
        body = error(answer) or {}
        check(answer[0] == 200 and set(body) == {"translatedFileUrl"}, f"{kind}: {answer[0]} {answer[2]!r}")
        url = body.get("translatedFileUrl", "")
        check(url.startswith(base.rstrip("/") + "/download_file/") and url.endswith(f".review_{kind}.{kind}"), f"{kind}: url {url}")
        got = download(url)
        check(got[0] == 200 and got[1].get("content-disposition") == f'attachment; filename="review_{kind}.{kind}"',
              f"{kind} download: {got[0]} {got[1]}")
        # The same document through APy's /translateDoc (compared with stock APy in apy_documents.py).
        apy = request(base, multipart(PAIR + [("markUnknown", "no")], [("file", f"a.{kind}".encode(), content)]))
        if kind in ("docx", "odt", "pptx"):
            check(entries(got[2]) == entries(apy[2]), f"{kind}: /translate_file and /translateDoc differ")
        else:
            check(got[2] == apy[2] and b"perro" in got[2], f"{kind}: {got[2]!r} vs {apy[2]!r}")
    # Hostile and wrong uploads: LibreTranslate's error shape, one clear reason each.
    for label, filename, content, source, expected in [
        ("a zip bomb", b"bomb.docx", bomb(), "en", "Invalid request: the document was refused: the zip unpacks to more than 100 times its size (a zip bomb?)"),
        ("a climbing entry", b"a.docx", office("docx", ["the dog"], extra=[("../evil.xml", b"<a/>")]),
         "en", "Invalid request: the document was refused: '..' in an archive path: '../evil.xml'"),
        ("an odt named docx", b"a.docx", documents["odt"], "en",
         "Invalid request: the file is named as a Word document (.docx) but is an OpenDocument text (.odt)"),
        ("a PDF", b"a.pdf", b"%PDF-1.4\n", "en", "Invalid request: file format not supported"),
        ("no extension", b"docx", documents["docx"], "en", "Invalid request: file format not supported"),
        ("a language not served", b"a.txt", b"the dog", "xx", "xx is not supported"),
    ]:
        answer = upload(base, filename, content, source=source)
        check(answer[0] == 400 and error(answer) == {"error": expected}, f"{label}: {answer[0]} {answer[2]!r}")
    # A sender's path is only a label: the kept name is random, the download name its last part.
    answer = upload(base, b"../../etc/passwd.txt", b"the dog")
    url = (error(answer) or {}).get("translatedFileUrl", "")
    name = url.rsplit("/", 1)[-1]
    check(len(name.split(".", 1)[0]) == 32 and name.endswith(".passwd.txt"), f"a climbing file name: {url}")
    for path in ["/download_file/00000000000000000000000000000000.passwd.txt", "/download_file/..%2F..%2Fetc%2Fpasswd",
                 "/download_file/" + name.split(".", 1)[1]]:
        missing = request(base, b"", target=path, method="GET", content_type="text/plain")
        check(missing[0] == 404, f"{path}: {missing[0]} {missing[2][:100]!r}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
    print("\n".join(failures) if failures else "ok")
