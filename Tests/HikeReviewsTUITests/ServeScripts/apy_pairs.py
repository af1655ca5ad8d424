"""APy's /listPairs and variant targets: `hike-reviews serve` against the stock apertium-apy
serving every mode of the same pair data.

usage: apy_pairs.py OURS_URL APY_URL [--pivots]     (both ending in /)
Without --pivots ours lists exactly APy's pairs (the directions packs ship, variants by their
Apertium codes) and translates the variant targets as APy does. With --pivots (ours started
with `serve --apy-pivots`) ours lists APy's pairs and routes through a third language too.
"""
import json
import sys
import urllib.parse
import urllib.request
from urllib.error import HTTPError

failures = []


def call(base, path, query=None):
    url = base + path + ("?" + urllib.parse.urlencode(query) if query else "")
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            return response.status, json.loads(response.read().decode())
    except HTTPError as error:
        return error.code, json.loads(error.read().decode())


def pairs(base):
    status, body = call(base, "listPairs")
    return {(p["sourceLanguage"], p["targetLanguage"]) for p in body["responseData"]} if status == 200 else set()


ours, theirs, pivots = sys.argv[1], sys.argv[2], "--pivots" in sys.argv[3:]
mine, stock = pairs(ours), pairs(theirs)
if not stock:
    failures.append("APy lists no pairs")
if not pivots and mine != stock:
    failures.append(f"listPairs: ours only {sorted(mine - stock)}, APy only {sorted(stock - mine)}")
if pivots:
    if not stock <= mine:
        failures.append(f"listPairs --apy-pivots: APy's {sorted(stock - mine)} missing")
    if ("eng", "fra") not in mine:  # eng-spa then fr-es's spa-fra
        failures.append(f"listPairs --apy-pivots: no eng|fra pivot in {sorted(mine)}")
    status, body = call(ours, "translate", {"langpair": "eng|fra", "q": "The dog drinks water."})
    if status != 200:
        failures.append(f"eng|fra pivot: {status} {body}")
else:
    # Variant targets by their Apertium codes, and two-letter codes, as APy takes them.
    for langpair, text in [("eng|cat_valencia", "The dog drinks the water."), ("eng|cat_iec2017", "The dog drinks the water."),
                           ("spa|por_BR", "El perro bebe agua."), ("spa|eng_US", "El perro bebe agua."), ("es|en", "El perro bebe agua."),
                           ("eng|cat_valencia_uni", "The dog.")]:
        query = {"langpair": langpair, "q": text}
        (our_status, our_body), (their_status, their_body) = call(ours, "translate", query), call(theirs, "translate", query)
        if (our_status, our_body) != (their_status, their_body):
            failures.append(f"{langpair}: {our_status} {our_body}, APy {their_status} {their_body}")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
