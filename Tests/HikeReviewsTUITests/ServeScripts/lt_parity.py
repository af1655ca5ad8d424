"""LibreTranslate's methods, /health, HEAD, OPTIONS and CORS headers on `hike-reviews serve`,
compared with stock LibreTranslate when its URL is given; form batches (`q` repeated,
urlencoded or multipart, and `source=auto` with a text in a language with no route); and
/spec, a Swagger 2.0 document of exactly the routes the server answers.

usage: lt_parity.py URL [STOCK_URL]
Prints "ok" and exits 0, or prints what failed and exits 1.
"""
import json
import sys
import urllib.parse
import uuid

from serve_http import exchange

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)




GET_ROUTES = ["/languages", "/health", "/frontend/settings", "/spec"]
POST_ROUTES = ["/translate", "/detect"]
CORS = {
    "access-control-allow-origin": "*",
    "access-control-allow-headers": "Authorization, Content-Type",
    "access-control-expose-headers": "Authorization",
    "access-control-allow-methods": "GET, POST",
    "access-control-allow-credentials": "true",
    "access-control-max-age": "1728000",
}
ORIGIN = {"Origin": "http://front.example"}


def cors(headers):
    return {name: value for name, value in headers.items() if name.startswith("access-control-")}


def method_answers(url, routes):
    """What each route answers to each method: status, Allow, CORS headers (and the body's
    emptiness for HEAD and OPTIONS)."""
    answers = {}
    for path in routes:
        for method in ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]:
            if (method == "GET" and path in POST_ROUTES) or (method == "POST" and path in GET_ROUTES) or method in ("PUT", "DELETE", "PATCH"):
                status, headers, body = exchange(url, method, path, headers=ORIGIN)
                answers[(method, path)] = (status, headers.get("allow"), cors(headers))
            elif method in ("HEAD", "OPTIONS"):
                status, headers, body = exchange(url, method, path, headers=ORIGIN)
                answers[(method, path)] = (status, headers.get("allow") if method == "OPTIONS" else None, cors(headers), body == b"")
    return answers


ours = method_answers(sys.argv[1], GET_ROUTES + POST_ROUTES)
url = sys.argv[1]

# 1. A wrong method: 405 with Flask's Allow, no CORS headers.
for path in GET_ROUTES + POST_ROUTES:
    allow = "HEAD, GET, OPTIONS" if path in GET_ROUTES else "POST, OPTIONS"
    for method in ["PUT", "DELETE", "PATCH", "POST" if path in GET_ROUTES else "GET"]:
        status, allowed, headers = ours[(method, path)]
        check(status == 405 and allowed == allow and headers == {}, f"{method} {path}: {status} Allow={allowed!r} {headers}")
status, headers, body = exchange(url, "POST", "/languages", body=b"{not json", headers={"Content-Type": "application/json"})
check(status == 405, f"POST /languages with a broken body: {status} (the method is refused first)")
check("error" in json.loads(body), f"405's body is LibreTranslate's error shape: {body!r}")

# 2. /health.
status, headers, body = exchange(url, "GET", "/health")
check(status == 200 and json.loads(body) == {"status": "ok"} and headers.get("content-type") == "application/json",
      f"GET /health: {status} {headers.get('content-type')} {body!r}")

# 3. HEAD: the GET's status and headers, no body; OPTIONS: Allow and CORS; CORS on answers.
for path in GET_ROUTES:
    status, headers, body = exchange(url, "GET", path, headers=ORIGIN)
    head_status, head_headers, head_body = exchange(url, "HEAD", path, headers=ORIGIN)
    check(status == head_status == 200 and head_body == b"", f"HEAD {path}: {head_status} {head_body!r}")
    for name in ["content-type", "content-length"] + list(CORS):
        check(headers.get(name) == head_headers.get(name), f"HEAD {path}: {name} {head_headers.get(name)!r}, GET's {headers.get(name)!r}")
    check(cors(headers) == CORS, f"GET {path} CORS: {cors(headers)}")
for path in GET_ROUTES + POST_ROUTES:
    status, allowed, headers, empty = ours[("OPTIONS", path)]
    allow = "HEAD, GET, OPTIONS" if path in GET_ROUTES else "POST, OPTIONS"
    check(status == 200 and allowed == allow and headers == CORS and empty, f"OPTIONS {path}: {status} {allowed!r} {headers} empty={empty}")
preflight = dict(ORIGIN, **{"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"})
status, headers, _ = exchange(url, "OPTIONS", "/translate", headers=preflight)
check(status == 200 and headers.get("access-control-allow-origin") == "*" and "Content-Type" in headers.get("access-control-allow-headers", ""),
      f"a browser's preflight: {status} {cors(headers)}")
status, headers, body = exchange(url, "POST", "/translate", body=json.dumps({"q": "x"}), headers=dict(ORIGIN, **{"Content-Type": "application/json"}))
check(status == 400 and cors(headers) == CORS, f"an error of a route carries CORS: {status} {cors(headers)}")
status, headers, body = exchange(url, "GET", "/nothing", headers=ORIGIN)
check(status == 404, f"GET /nothing: {status}")

# APy's routes keep working, with APy's CORS headers (its set_default_headers) and its OPTIONS (204).
APY_CORS = {"access-control-allow-origin": "*", "access-control-allow-methods": "GET,POST,OPTIONS",
            "access-control-allow-headers": "accept, cache-control, origin, x-requested-with, x-file-name, content-type"}
status, headers, body = exchange(url, "GET", "/listPairs", headers=ORIGIN)
check(status == 200 and json.loads(body)["responseStatus"] == 200 and cors(headers) == APY_CORS, f"GET /listPairs: {status} {cors(headers)}")
status, headers, body = exchange(url, "OPTIONS", "/listPairs", headers=ORIGIN)
check(status == 204 and cors(headers) == APY_CORS and body == b"", f"OPTIONS /listPairs: {status} {cors(headers)}")
status, headers, body = exchange(url, "GET", "/translate?langpair=spa|eng&q=" + urllib.parse.quote("El perro bebe agua."))
check(status == 200 and json.loads(body)["responseData"]["translatedText"] == "The dog drinks water.", f"APy translate: {status} {body!r}")

# 4. `q` repeated in a form is a batch, answered per text.
TEXTS = ["El perro bebe agua.", "El gato duerme."]
form = urllib.parse.urlencode([("q", TEXTS[0]), ("q", TEXTS[1]), ("source", "es"), ("target", "en")])
status, _, body = exchange(url, "POST", "/translate", body=form, headers={"Content-Type": "application/x-www-form-urlencoded"})
answer = json.loads(body)
check(status == 200 and isinstance(answer.get("translatedText"), list) and len(answer["translatedText"]) == 2
      and answer["translatedText"][0] == "The dog drinks water.", f"urlencoded batch: {status} {answer}")
boundary = uuid.uuid4().hex
parts = [("q", TEXTS[0]), ("q", TEXTS[1]), ("source", "es"), ("target", "en")]
multipart = "".join(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n' for name, value in parts) + f"--{boundary}--\r\n"
status, _, multipart_body = exchange(url, "POST", "/translate", body=multipart.encode(), headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
check(status == 200 and json.loads(multipart_body) == answer, f"multipart batch: {status} {multipart_body!r}, urlencoded's {answer}")
form = urllib.parse.urlencode([("q", TEXTS[0]), ("source", "es"), ("target", "en")])
status, _, body = exchange(url, "POST", "/translate", body=form, headers={"Content-Type": "application/x-www-form-urlencoded"})
check(status == 200 and json.loads(body) == {"translatedText": "The dog drinks water."}, f"one q in a form stays one string: {status} {body!r}")

# 5. A batch with source=auto: a text with no route comes back as it is, with its language.
GERMAN = "Der Hund trinkt Wasser und die Katze schläft im Haus meiner Großmutter."
status, _, body = exchange(url, "POST", "/translate", body=json.dumps({"q": [TEXTS[0], GERMAN], "source": "auto", "target": "en"}),
                           headers={"Content-Type": "application/json"})
answer = json.loads(body)
check(status == 200 and answer.get("translatedText") == ["The dog drinks water.", GERMAN]
      and [found["language"] for found in answer.get("detectedLanguage", [])] == ["es", "de"], f"auto batch with no route for one text: {status} {answer}")
status, _, body = exchange(url, "POST", "/translate", body=json.dumps({"q": GERMAN, "source": "auto", "target": "en"}),
                           headers={"Content-Type": "application/json"})
check(status == 400, f"one text alone with no route is refused: {status} {body!r}")

# 6. /spec: Swagger 2.0, every reference defined, and exactly the routes the server answers.
status, headers, body = exchange(url, "GET", "/spec")
spec = json.loads(body)
check(status == 200 and spec.get("swagger") == "2.0" and spec["info"].get("version") and spec["info"].get("title"), f"GET /spec: {status} {spec.get('info')}")


def references(value):
    if isinstance(value, dict):
        for name, inner in value.items():
            if name == "$ref":
                yield inner
            else:
                yield from references(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from references(inner)


for reference in references(spec):
    check(reference.startswith("#/definitions/") and reference.split("/")[-1] in spec.get("definitions", {}), f"/spec: {reference} is not defined")
# APy's routes: /translatePage is left out (never served: it would fetch a URL the caller names).
APY_PATHS = ["/listPairs", "/listLanguageNames", "/identifyLang", "/", "/list", "/analyze", "/generate", "/perWord",
             "/calcCoverage", "/pipedebug", "/translateChain", "/stats", "/translateDoc"]
# LibreTranslate's documents: an upload, then a download by a name in the path.
DOCUMENT_PATHS = ["/translate_file", "/download_file/{filename}"]
check(sorted(spec["paths"]) == sorted(GET_ROUTES + POST_ROUTES + APY_PATHS + DOCUMENT_PATHS), f"/spec paths: {sorted(spec['paths'])}")
for path, operations in spec["paths"].items():
    for method, operation in operations.items():
        check(method in ("get", "post") and operation.get("responses", {}).get("200"), f"/spec {method} {path}: {operation}")
        for parameter in operation.get("parameters", []):
            check((parameter.get("in") in ("query", "formData") or (parameter.get("in") == "path" and "{" + parameter.get("name", "") + "}" in path))
                  and parameter.get("name") and parameter.get("type") in ("string", "array", "integer", "file")
                  and (parameter["type"] != "file" or parameter["in"] == "formData")
                  and (parameter["type"] != "array" or (parameter.get("items") and parameter.get("collectionFormat") == "multi")),
                  f"/spec {method} {path}: parameter {parameter}")
        # The server answers what the document says it does (not 404, not 405); a name in the
        # path that names nothing is the 404 the document lists.
        target = path + ("?langpair=spa|eng&q=perro" if (method, path) == ("get", "/translate") else "")
        target = target.replace("{filename}", "00000000000000000000000000000000.a.txt")
        answered = exchange(url, method.upper(), target, body=b"" if method == "post" else None)[0]
        expected = (404,) if "{" in path and "404" in operation.get("responses", {}) else ()
        check(answered not in (404, 405) or answered in expected, f"/spec says {method} {path}, the server answers {answered}")
form = [parameter["name"] for parameter in spec["paths"]["/translate"]["post"]["parameters"]]
check(form == ["q", "source", "target", "format", "alternatives", "api_key"], f"/spec POST /translate parameters: {form}")

# Against stock LibreTranslate: the same statuses, Allow and CORS headers for every method.
if len(sys.argv) > 2:
    # Not /spec: LibreTranslate registers it on the app, outside the blueprint that adds CORS.
    stock = method_answers(sys.argv[2], [path for path in GET_ROUTES + POST_ROUTES if path != "/spec"])

    def unordered(answer):
        """An answer with its Allow as a set (Werkzeug's order changes from run to run)."""
        return (answer[0], None if answer[1] is None else frozenset(answer[1].split(", "))) + answer[2:]

    for key in sorted(stock):
        check(unordered(ours[key]) == unordered(stock[key]), f"{key[0]} {key[1]}: ours {ours[key]}, LibreTranslate's {stock[key]}")
    for path in GET_ROUTES:
        for method in ["GET", "HEAD"]:
            ours_answer, stock_answer = exchange(url, method, path), exchange(sys.argv[2], method, path)
            check(ours_answer[0] == stock_answer[0] and ours_answer[1].get("content-type") == stock_answer[1].get("content-type"),
                  f"{method} {path}: ours {ours_answer[0]} {ours_answer[1].get('content-type')}, stock {stock_answer[0]} {stock_answer[1].get('content-type')}")
    check(exchange(url, "GET", "/health")[2] == exchange(sys.argv[2], "GET", "/health")[2].strip(), "GET /health: the same body as stock")
    # /spec: every LibreTranslate route it documents that we answer has its methods in ours,
    # and our parameters of LibreTranslate's operations are among its.
    stock_spec = json.loads(exchange(sys.argv[2], "GET", "/spec")[2])
    for path in sorted(set(stock_spec["paths"]) & set(spec["paths"])):
        for method, operation in stock_spec["paths"][path].items():
            check(method in spec["paths"][path], f"/spec {path}: stock has {method}, ours {sorted(spec['paths'][path])}")
            if method in spec["paths"][path]:
                theirs = {parameter["name"] for parameter in operation.get("parameters", [])}
                mine = {parameter["name"] for parameter in spec["paths"][path][method].get("parameters", [])}
                check(mine <= theirs, f"/spec {method} {path}: ours {sorted(mine)}, stock's {sorted(theirs)}")
    check({"/languages", "/translate", "/detect", "/frontend/settings", "/health"} <= set(stock_spec["paths"]), f"stock /spec: {sorted(stock_spec['paths'])}")


if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
