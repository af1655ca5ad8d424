"""APy's diagnostic endpoints on `hike-reviews serve` (/list, /analyze, /generate, /perWord,
/calcCoverage, /stats, /translateChain, /pipedebug; and /translatePage, /translateDoc), asked the
same questions as stock apertium-apy over the same mode files: where stock APy answers, the
status and the parsed JSON body must be equal; where stock APy fails (a 500 from a bug of
its own) or would fetch a URL, this server's answer is checked on its own. Then hostile
requests, which must each get an answer in APy's error shape, and a server still answering.

usage: apy_tools.py URL STOCK_APY_URL
Prints "ok" and exits 0, or prints what differs and exits 1.
"""
import json
import sys

from serve_http import ask

OURS, STOCK = sys.argv[1], sys.argv[2]

SAME = [
    "/list?q=analyzers",
    "/list?q=analysers",
    "/list?q=generators",
    "/list?q=taggers",
    "/list?q=disambiguators",
    "/list?q=pairs",
    "/list?q=nonsense",
    "/analyze?lang=eng&q=The%20dogs%20%5Bwere%5D%20barking%20at%20xyzzy",
    "/analyze?lang=en&q=dogs.",
    "/analyze?lang=spa&q=los%20perros%20%5E%24%2F%3C%3E%40",
    "/analyze?lang=eng&q=",
    "/analyze?lang=fra&q=chien",
    "/analyze?q=dogs",
    "/analyze?lang=eng",
    "/generate?lang=eng&q=%5Edog%3Cn%3E%3Cpl%3E%24%20%5Ecat%3Cn%3E%24",
    "/generate?lang=spa&q=perro%3Cn%3E%3Cm%3E%3Cpl%3E",
    "/generate?lang=eng&q=",
    "/generate?lang=xxx&q=a",
    "/calcCoverage?lang=eng&q=the%20dogs%20xyzzy%20plugh",
    "/calcCoverage?lang=eng&q=the%20dogs",
    "/calcCoverage?lang=eng&q=",
    "/calcCoverage?lang=zzz&q=a",
    "/calcCoverage?q=a",
    "/perWord?lang=eng&modes=morph&q=the%20dogs",
    "/perWord?lang=eng&modes=morph%20tagger&q=the%20dogs%20barked",
    "/perWord?lang=eng&modes=foo&q=dogs",
    "/perWord?lang=eng&q=dogs",
    "/translateChain?langpairs=spa|eng|cat&q=perro",
    "/translateChain?langpairs=spa|cat",
    "/translateChain?langpairs=spa|cat&q=Los%20perros",
    "/translateChain?langpairs=spa|eng&q=casa",
    "/translateChain?langpairs=cat|fra",
    "/translateChain?langpairs=eng",
    "/translateChain?langpairs=eng|eng",
    "/translateChain?langpairs=spa|cat|eng&q=perro",
]




def is_error(answer, status):
    code, body = answer
    return code == status and isinstance(body, dict) and body.get("status") == "error" and body.get("code") == status \
        and isinstance(body.get("explanation"), str) and body.get("message")


failures = []
for path in SAME:
    ours, stock = ask(OURS, path), ask(STOCK, path)
    if stock[0] == 200 and path.startswith("/list?q=pairs"):
        # Pairs in each server's order.
        stock = (stock[0], {**stock[1], "responseData": sorted(stock[1]["responseData"], key=json.dumps)})
        ours = (ours[0], {**ours[1], "responseData": sorted(ours[1]["responseData"], key=json.dumps)}) if ours[0] == 200 else ours
    if ours != stock:
        failures.append(f"GET {path}: ours {ours}, stock APy's {stock}")

# Stock APy answers these with a 500 of its own (pipedebug puts bytes in its JSON, perWord's
# disambig is never filled in, translateDoc without a file): ours must be APy's success or
# error shape.
status, words = ask(OURS, "/perWord?lang=eng&modes=disambig&q=the%20dogs")
if status != 200 or words != [{"input": "the", "disambig": "the<det><def><sp>"}, {"input": "dog", "disambig": "dog<n><pl>"},
                              {"input": ".", "disambig": ".<sent>"}]:
    failures.append(f"perWord disambig: {status} {words}")
status, debug = ask(OURS, "/pipedebug?langpair=eng|spa&q=the%20dogs")
data = debug.get("responseData", {}) if isinstance(debug, dict) else {}
if status != 200 or data.get("output", [None])[0] != "the dogs" or len(data.get("output", [])) != len(data.get("pipeline", [])) + 1 \
        or "^dogs/dog<n><pl>$" not in data["output"][2] or "perros" not in data["output"][-1].lower():
    failures.append(f"pipedebug: {status} {debug}")
for path, status in [("/pipedebug?langpair=eng|fra&q=dogs", 400), ("/pipedebug?langpair=eng&q=dogs", 400),
                     ("/pipedebug?q=dogs", 400), ("/translateDoc?langpair=eng|spa", 400),
                     ("/translatePage?langpair=eng|spa&url=http://127.0.0.1:1/", 404),
                     ("/perWord?lang=eng&modes=biltrans&q=dogs", 400)]:
    answer = ask(OURS, path)
    if not is_error(answer, status):
        failures.append(f"GET {path}: {answer}, expected APy's error shape with {status}")

# /stats after the translations above: APy's shape, the chain's pairs counted.
status, stats = ask(OURS, "/stats")
stock_status, stock_stats = ask(STOCK, "/stats")
data = stats.get("responseData", {}) if isinstance(stats, dict) else {}
if status != 200 or set(data) != set(stock_stats["responseData"]) \
        or set(data["periodStats"]) != set(stock_stats["responseData"]["periodStats"]) \
        or data["useCount"].get("spa-eng", 0) < 2 or data["useCount"].get("eng-cat", 0) < 1 or data["periodStats"]["requests"] < 3:
    failures.append(f"stats: {status} {stats} (stock APy's {stock_stats})")

# Hostile: each gets APy's error shape (or a success), never a hang or a dead server.
for path, form in [("/analyze", {"lang": "eng", "q": "a " * 30000}), ("/generate", {"lang": "eng", "q": "^a$" * 30000}),
                   ("/calcCoverage", {"lang": "eng", "q": "a" * 20001}), ("/pipedebug", {"langpair": "eng|spa", "q": "a " * 10001}),
                   ("/translateChain", {"langpairs": "spa|eng|cat", "q": "a" * 20001})]:
    answer = ask(OURS, path, form)
    if not is_error(answer, 400) or "limit" not in answer[1]["explanation"]:
        failures.append(f"POST {path} with a huge q: {str(answer)[:300]}, expected 400 over the limit")
HOSTILE = [
    ("/analyze?lang=eng&q=a%00b", 400),
    ("/analyze?lang=..%2F..%2Fetc&q=a", 400),
    ("/analyze?lang=eng-morph&q=a", 400),
    ("/generate?lang=eng&q=%5E%5E%24%24%5C", 200),
    ("/analyze?lang=eng&q=%5C%5C%5C%5D%5B%7B%7D", 200),
    ("/translateChain?langpairs=" + "eng|" * 500 + "spa&q=a", 400),
    ("/translateChain?langpairs=|&q=a", 400),
    ("/pipedebug?langpair=%7C%7C%7C&q=a", 400),
    ("/list?q=" + "x" * 5000, 400),
]
for path, status in HOSTILE:
    answer = ask(OURS, path)
    if answer[0] != status or (status != 200 and not is_error(answer, status)):
        failures.append(f"GET {path[:80]}...: {str(answer)[:300]}, expected {status}")
if ask(OURS, "/list?q=analyzers") != ask(STOCK, "/list?q=analyzers"):
    failures.append("the server stopped answering after the hostile requests")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
