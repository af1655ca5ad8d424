"""The same Apertium-APy requests to the stock apertium-apy and to `hike-reviews serve`:
the same status, the same JSON shape (keys and types), the same translations.

usage: apy_compare.py OURS_URL APY_URL     (both ending in /)
"""
import json
import sys
import urllib.parse
import urllib.request
from urllib.error import HTTPError

failures = []


def raw(base, path, query=None, form=None):
    """(status, content type, body text) of one request."""
    url = base + path + ("?" + urllib.parse.urlencode(query) if query else "")
    data = urllib.parse.urlencode(form).encode() if form else None
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data), timeout=60) as response:
            return response.status, response.headers.get("Content-Type", ""), response.read().decode()
    except HTTPError as error:
        return error.code, error.headers.get("Content-Type", ""), error.read().decode()


def call(base, path, query=None, form=None):
    status, _, body = raw(base, path, query, form)
    return status, json.loads(body)


def unwrapped(body, callback):
    """The JSON inside `callback(...)`, or None when the body is not so wrapped."""
    if not (body.startswith(callback + "(") and body.endswith(")")):
        return None
    return json.loads(body[len(callback) + 1:-1])


def shape(value):
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    if isinstance(value, list):
        return [shape(value[0])] if value else []
    return type(value).__name__


ours, theirs = sys.argv[1], sys.argv[2]
sentences = ["El perro bebe agua.", "La ruta es muy bonita pero larga.", "El perro xyzzy bebe agua.",
             "Subimos al pico con mis amigos y volvimos cansados.",
             # A word the generator cannot inflect (APy: "#paste", kept with markUnknown=no) and a
             # hyphenated unknown word (APy: "*Pol-*pol").
             "A las doce el sol pega de lleno.", "El camino hasta la fuente de Pol-pol es cómodo."]
requests = [("listPairs", None, None), ("translate", {"langpair": "spa|eng"}, None),
            ("translate", {"langpair": "spa|deu", "q": "Hola"}, None), ("translate", {"langpair": "spa|eng", "q": "Hola"}, None),
            # APy's error explanations, compared word for word below.
            ("translate", {"langpair": "spa", "q": "Hola"}, None),
            ("translate", {"langpair": "spa|eng|cat", "q": "Hola"}, None), ("translate", {"langpair": "spa_a_b|eng", "q": "Hola"}, None),
            ("translate", {"langpair": "xyz|eng", "q": "Hola"}, None), ("translate", {"langpair": "|", "q": "Hola"}, None),
            ("translate", {"langpair": "spa|eng", "q": "Hola", "format": "txt"}, None),
            ("identifyLang", None, None), ("identifyLang", {"q": ""}, None)]
for sentence in sentences:
    requests.append(("translate", {"langpair": "spa|eng", "q": sentence}, None))
    requests.append(("translate", {"langpair": "spa|eng", "q": sentence, "markUnknown": "no"}, None))
    requests.append(("translate", None, {"langpair": "spa|eng", "q": sentence}))

for path, query, form in requests:
    what = f"{path} {query or form}"
    (our_status, our_body), (their_status, their_body) = call(ours, path, query, form), call(theirs, path, query, form)
    if our_status != their_status:
        failures.append(f"{what}: status {our_status}, APy {their_status}")
    if shape(our_body) != shape(their_body):
        failures.append(f"{what}: shape {shape(our_body)}, APy {shape(their_body)}")
    if path == "translate" and our_status == 200 and our_body != their_body:
        failures.append(f"{what}: {our_body}, APy {their_body}")
    if our_status != 200 and our_body.get("explanation") != their_body.get("explanation"):
        failures.append(f"{what}: explanation {our_body.get('explanation')!r}, APy {their_body.get('explanation')!r}")
    if path == "listPairs":
        mine = {(p["sourceLanguage"], p["targetLanguage"]) for p in our_body["responseData"]}
        stock = {(p["sourceLanguage"], p["targetLanguage"]) for p in their_body["responseData"]}
        if not stock <= mine:
            failures.append(f"listPairs: APy's {sorted(stock - mine)} missing")

# JSONP: every answer, errors too, wrapped in the callback, as JavaScript.
for path, query in [("translate", {"langpair": "spa|eng", "q": "El perro bebe agua."}), ("translate", {"langpair": "spa|deu", "q": "Hola"}),
                    ("listPairs", {})]:
    answers = [raw(base, path, dict(query, callback="app.done_1")) for base in (ours, theirs)]
    (our_status, our_type, our_text), (their_status, their_type, their_text) = answers
    our_json, their_json = unwrapped(our_text, "app.done_1"), unwrapped(their_text, "app.done_1")
    if our_status != their_status or our_json is None or their_json is None:
        failures.append(f"callback {path} {query}: {our_status} {our_text[:200]!r}, APy {their_status} {their_text[:200]!r}")
    elif path == "translate" and our_json != their_json:
        failures.append(f"callback {path} {query}: {our_json}, APy {their_json}")
    if our_type.split(";")[0] != their_type.split(";")[0]:
        failures.append(f"callback {path}: content type {our_type!r}, APy {their_type!r}")
# A callback that is not a JavaScript name is refused, unwrapped (APy writes it as it comes).
for callback in ["alert(1);x", "a b", "1x", "x..y", "é"]:
    status, _, text = raw(ours, "translate", {"langpair": "spa|eng", "q": "Hola", "callback": callback})
    if status != 400 or "callback must be a JavaScript name" not in json.loads(text).get("explanation", ""):
        failures.append(f"callback {callback!r}: {status} {text[:200]!r}")

# Plain text and HTML are translated (HTML's markup kept); any other format is refused in APy's
# error shape, never mistranslated.
for query in [{"format": "html"}, {"deformat": "html"}]:
    status, body = call(ours, "translate", dict(query, langpair="spa|eng", q="<b>Hola</b> <i>mundo</i>"))
    text = (body.get("responseData") or {}).get("translatedText", "")
    if status != 200 or "<b>" not in text or "</i>" not in text or "Hola" in text:
        failures.append(f"translate {query}: {status} {body}")
for query in [{"format": "rtf"}, {"reformat": "html-noent"}]:
    status, body = call(ours, "translate", dict(query, langpair="spa|eng", q="<b>Hola</b>"))
    if status != 400 or body.get("status") != "error" or "plain text" not in body.get("explanation", ""):
        failures.append(f"translate {query}: {status} {body}")

# `GET /` answers (APy's harness waits for it; Debian's APy answers 500, its web page missing).
status, body = call(ours, "")
if status != 200 or body.get("name") != "hike-reviews" or not body.get("version") or "Apertium APy" not in json.dumps(body):
    failures.append(f"GET /: {status} {body}")

# /listLanguageNames as APy answers it with its names database (Debian's APy has none and
# answers {}): names in the locale's language, the `languages` filter keyed as asked.
names_checks = [({"locale": "spa", "languages": "eng cat ca"}, None, {"eng": "inglés", "cat": "catalán", "ca": "catalán"}),
                ({"locale": "es", "languages": "eng"}, None, {"eng": "inglés"}), ({"locale": "xx"}, None, {}),
                ({}, "xx, ca-ES;q=0.8", {"en": "anglès", "es": "espanyol"}), ({}, None, {"en": "English", "ast": "Asturian"}),
                # APy's own tests (tests/test.py of apertium-apy 0.13.0).
                ({"locale": "eng", "languages": "spa arg cat"}, None, {"spa": "Spanish", "arg": "Aragonese", "cat": "Catalan"}),
                ({"locale": "eng"}, None, {"en": "English"}), ({}, "fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", {"en": "anglais"})]
for query, accept, expected in names_checks:
    url = ours + "listLanguageNames" + ("?" + urllib.parse.urlencode(query) if query else "")
    request = urllib.request.Request(url, headers={"Accept-Language": accept} if accept else {})
    with urllib.request.urlopen(request, timeout=60) as response:
        body = json.loads(response.read().decode())
    exact = "languages" in query or expected == {}
    if (body != expected) if exact else not (expected.items() <= body.items() and len(body) > 50):
        failures.append(f"listLanguageNames {query} {accept}: {str(body)[:300]}")

status, body = call(ours, "identifyLang", {"q": "El perro bebe agua y el gato duerme en la casa."})
if status != 200 or not isinstance(body, dict) or max(body, key=body.get, default=None) != "spa":
    failures.append(f"identifyLang: {status} {body}")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
