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


def call(base, path, query=None, form=None):
    url = base + path + ("?" + urllib.parse.urlencode(query) if query else "")
    data = urllib.parse.urlencode(form).encode() if form else None
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data), timeout=60) as response:
            return response.status, json.loads(response.read().decode())
    except HTTPError as error:
        return error.code, json.loads(error.read().decode())


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
            ("translate", {"langpair": "spa|deu", "q": "Hola"}, None), ("translate", {"langpair": "spa|eng", "q": "Hola"}, None)]
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
    if path == "listPairs":
        mine = {(p["sourceLanguage"], p["targetLanguage"]) for p in our_body["responseData"]}
        stock = {(p["sourceLanguage"], p["targetLanguage"]) for p in their_body["responseData"]}
        if not stock <= mine:
            failures.append(f"listPairs: APy's {sorted(stock - mine)} missing")

status, body = call(ours, "identifyLang", {"q": "El perro bebe agua y el gato duerme en la casa."})
if status != 200 or not isinstance(body, dict) or max(body, key=body.get, default=None) != "spa":
    failures.append(f"identifyLang: {status} {body}")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
