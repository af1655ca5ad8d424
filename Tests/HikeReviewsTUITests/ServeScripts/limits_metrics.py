"""`hike-reviews serve`'s rate limits (--req-limit, --daily-req-limit, per API key, and who a
client is) and its /metrics, read by a strict parser of Prometheus's text exposition format.

usage: limits_metrics.py URL MODE [ARG]
  minute URL [STOCK_URL]  serve --req-limit 2 --metrics --metrics-auth-token TOKEN: the third
                          work request gets 429 with LibreTranslate's words (and stock
                          LibreTranslate's, started with --req-limit 2, when its URL is given),
                          APy's work routes too in APy's shape, listings never; /metrics' token
                          and counters
  daily URL               serve --daily-req-limit 1: the second gets 429 "... per 1 day"
  keys URL                serve --api-keys (keys k1 and k2) --req-limit 1: each key its own count
  peer URL                serve --req-limit 1: X-Forwarded-For is not who a client is; no /metrics
  forwarded URL           serve --req-limit 1 --trust-forwarded-for: it is
  memory URL              serve --metrics --metrics-auth-token TOKEN with the translation
                          memory on: a text sent again is a memory hit, not a pipeline's text
Prints "ok" and exits 0, or prints what failed and exits 1.
"""
import json
import math
import re
import sys

from serve_http import exchange

TOKEN = "metrics-token-1"
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)




def translate(url, extra=None, headers=None, path="/translate"):
    fields = {"q": "El perro bebe agua.", "source": "es", "target": "en"}
    fields.update(extra or {})
    body = json.dumps(fields)
    return exchange(url, "POST", path, body, {"Content-Type": "application/json", **(headers or {})})


def apy_translate(url):
    return exchange(url, "GET", "/translate?langpair=spa%7Ceng&q=perro")


def as_json(body):
    try:
        return json.loads(body)
    except ValueError:
        return None


# --- A strict reader of the text exposition format (version 0.0.4) ---------------------------

NAME = r"[a-zA-Z_:][a-zA-Z0-9_:]*"
LABEL = r"[a-zA-Z_][a-zA-Z0-9_]*"
SAMPLE = re.compile(r"^(" + NAME + r")(\{[^\n]*\})? (\S+)( -?[0-9]+)?$")


def labels_of(text, line):
    """The labels of `{a="x",b="y"}`; escapes are \\\\, \\" and \\n only; no name twice."""
    labels = {}
    position = 1
    while position < len(text) - 1:
        match = re.compile(LABEL + '="').match(text, position)
        if not match:
            raise ValueError("bad label at %d: %s" % (position, line))
        name = match.group(0)[:-2]
        position = match.end()
        value = ""
        while True:
            if position >= len(text) - 1:
                raise ValueError("unterminated label value: " + line)
            char = text[position]
            if char == "\\":
                following = text[position + 1]
                if following not in '\\"n':
                    raise ValueError("bad escape in: " + line)
                value += "\n" if following == "n" else following
                position += 2
            elif char == '"':
                position += 1
                break
            elif char == "\n":
                raise ValueError("raw line feed in a label value: " + line)
            else:
                value += char
                position += 1
        if name in labels:
            raise ValueError("label twice: " + line)
        labels[name] = value
        if text[position] == ",":
            position += 1
        elif position != len(text) - 1:
            raise ValueError("expected , or } in: " + line)
    return labels


def value_of(text, line):
    if text in ("+Inf", "-Inf", "NaN"):
        return float(text.replace("Inf", "inf").replace("NaN", "nan"))
    if not re.match(r"^-?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?$", text):
        raise ValueError("bad value: " + line)
    return float(text)


def parse(text):
    """Families {name: {"type", "help", "samples": [(name, labels, value)]}}; raises ValueError
    on anything the format does not allow."""
    if not text.endswith("\n"):
        raise ValueError("the text does not end with a line feed")
    families = {}
    current = None
    for line in text[:-1].split("\n"):
        if line.startswith("# HELP "):
            name = line.split(" ")[2]
            if not re.fullmatch(NAME, name) or name in families:
                raise ValueError("HELP for a bad or repeated family: " + line)
            families[name] = {"help": line[len("# HELP " + name):].strip(), "type": None, "samples": []}
            current = name
        elif line.startswith("# TYPE "):
            parts = line.split(" ")
            if len(parts) != 4 or parts[2] != current or families[current]["type"] is not None:
                raise ValueError("TYPE not right after its HELP: " + line)
            if parts[3] not in ("counter", "gauge", "histogram", "summary", "untyped"):
                raise ValueError("unknown type: " + line)
            families[current]["type"] = parts[3]
        elif line.startswith("#") or line == "":
            raise ValueError("unexpected line: %r" % line)
        else:
            match = SAMPLE.match(line)
            if not match or current is None:
                raise ValueError("bad sample line: " + line)
            name, label_text, value = match.group(1), match.group(2) or "", match.group(3)
            kind = families[current]["type"]
            allowed = {current}
            if kind == "histogram":
                allowed = {current + "_bucket", current + "_sum", current + "_count"}
            if name not in allowed:
                raise ValueError("sample %s outside its family %s" % (name, current))
            families[current]["samples"].append((name, labels_of(label_text, line) if label_text else {}, value_of(value, line)))
    for name, family in families.items():
        if family["type"] is None:
            raise ValueError("no TYPE for " + name)
        if family["type"] == "histogram":
            check_histogram(name, family["samples"])
    return families


def check_histogram(name, samples):
    """Each series: buckets in increasing `le`, counts not decreasing, +Inf last and equal to
    _count, and a _sum."""
    series = {}
    for sample_name, labels, value in samples:
        key = tuple(sorted((k, v) for k, v in labels.items() if k != "le"))
        entry = series.setdefault(key, {"buckets": [], "sum": None, "count": None})
        if sample_name.endswith("_bucket"):
            entry["buckets"].append((value_of(labels["le"], str(labels)), value))
        elif sample_name.endswith("_sum"):
            entry["sum"] = value
        else:
            entry["count"] = value
    for key, entry in series.items():
        bounds = [bound for bound, _ in entry["buckets"]]
        counts = [count for _, count in entry["buckets"]]
        if not bounds or bounds[-1] != math.inf or bounds != sorted(bounds) or len(set(bounds)) != len(bounds):
            raise ValueError("%s%s: buckets not increasing to +Inf: %s" % (name, key, bounds))
        if counts != sorted(counts) or entry["count"] != counts[-1] or entry["sum"] is None:
            raise ValueError("%s%s: counts %s, _count %s, _sum %s" % (name, key, counts, entry["count"], entry["sum"]))


def value(families, name, **labels):
    """The value of the one sample of `name` with exactly `labels`, or 0 when there is none."""
    found = [v for family in families.values() for sample_name, sample_labels, v in family["samples"]
             if sample_name == name and sample_labels == labels]
    return found[0] if found else 0


def scrape(url):
    status, headers, body = exchange(url, "GET", "/metrics", headers={"Authorization": "Bearer " + TOKEN})
    check(status == 200, "/metrics with the token: %s %r" % (status, body[:200]))
    check(headers.get("content-type") == "text/plain; version=0.0.4; charset=utf-8", "/metrics type: %r" % headers.get("content-type"))
    return parse(body.decode("utf-8"))


# --- The modes ---------------------------------------------------------------------------------

SLOWDOWN_MINUTE = {"error": "Slowdown: 2 per 1 minute"}


def minute(url, stock):
    before = scrape(url)
    check(value(before, "hike_serve_texts_translated_total", engine="apertium") == 0, "texts counted before any")
    answers = [translate(url) for _ in range(3)]
    check([status for status, _, _ in answers] == [200, 200, 429], "statuses: %s" % [(s, b[:120]) for s, _, b in answers])
    status, headers, body = answers[2]
    check(as_json(body) == SLOWDOWN_MINUTE, "429 body: %r" % body)
    check(headers.get("access-control-allow-origin") == "*", "429 without CORS: %s" % headers)
    check(as_json(answers[0][2]) == {"translatedText": "The dog drinks water."}, "translation: %r" % answers[0][2])
    status, _, body = exchange(url, "POST", "/detect", json.dumps({"q": "El perro"}), {"Content-Type": "application/json"})
    check((status, as_json(body)) == (429, SLOWDOWN_MINUTE), "/detect over the limit: %s %r" % (status, body))
    for path in ["/languages", "/health", "/frontend/settings", "/spec", "/listPairs", "/listLanguageNames"]:
        status, _, body = exchange(url, "GET", path)
        check(status == 200, "%s is limited: %s %r" % (path, status, body[:200]))
    spec = as_json(exchange(url, "GET", "/spec")[2]) or {}
    paths = spec.get("paths", {})
    check("/metrics" in paths and "401" in paths["/metrics"]["get"]["responses"], "/spec without /metrics: %s" % sorted(paths))
    check(all("429" in paths[path][method]["responses"] for path, method in
              [("/translate", "post"), ("/detect", "post"), ("/translate", "get"), ("/identifyLang", "get"), ("/analyze", "get"),
               ("/translateDoc", "post")]), "/spec without its 429s")
    status, headers, body = apy_translate(url)
    check(status == 429 and as_json(body) == {"status": "error", "code": 429, "message": "Too Many Requests",
                                             "explanation": "Slowdown: 2 per 1 minute"}, "APy's 429: %s %r" % (status, body))
    check(headers.get("access-control-allow-origin") == "*", "APy's 429 without CORS: %s" % headers)
    status, _, body = exchange(url, "GET", "/identifyLang?q=perro")
    check(status == 429, "APy's /identifyLang over the limit: %s %r" % (status, body))
    document = (b"--b0\r\nContent-Disposition: form-data; name=\"langpair\"\r\n\r\nspa|eng\r\n"
                b"--b0\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n"
                b"Content-Type: text/plain\r\n\r\nperro\r\n--b0--\r\n")
    status, _, body = exchange(url, "POST", "/translateDoc", document, {"Content-Type": "multipart/form-data; boundary=b0"})
    check((status, as_json(body).get("explanation") if status == 429 else body) == (429, "Slowdown: 2 per 1 minute"),
          "APy's /translateDoc over the limit: %s %r" % (status, body))

    for headers in [{}, {"Authorization": "Bearer wrong"}, {"Authorization": TOKEN}, {"Authorization": "Bearer " + TOKEN + "x"}]:
        status, _, body = exchange(url, "GET", "/metrics", headers=headers)
        check((status, as_json(body)) == (401, {"error": "Unauthorized"}), "/metrics with %s: %s %r" % (headers, status, body))
    status, _, _ = exchange(url, "POST", "/metrics", headers={"Authorization": "Bearer " + TOKEN})
    check(status == 405, "POST /metrics: %s" % status)
    after = scrape(url)
    lt = {"api": "libretranslate"}
    check(value(after, "hike_serve_requests_total", route="/translate", status="200", **lt) == 2, "200s of /translate")
    check(value(after, "hike_serve_requests_total", route="/translate", status="429", **lt) == 1, "429s of /translate")
    check(value(after, "hike_serve_requests_total", route="/detect", status="429", **lt) == 1, "429s of /detect")
    check(value(after, "hike_serve_requests_total", api="apy", route="/translate", status="429") == 1, "APy's 429s")
    check(value(after, "hike_serve_requests_total", route="/metrics", status="401", **lt) == 4, "401s of /metrics")
    check(value(after, "hike_serve_requests_total", route="/metrics", status="200", **lt) == 1, "the first scrape")
    check(value(after, "hike_serve_rate_limited_total") == 5, "rate limited: %s" % value(after, "hike_serve_rate_limited_total"))
    check(value(after, "hike_serve_texts_translated_total", engine="apertium") == 2, "texts by apertium: %s" % after.get("hike_serve_texts_translated_total"))
    check(value(after, "hike_serve_request_duration_seconds_count", route="/translate", **lt) == 3, "latency count of /translate")
    check(value(after, "hike_serve_requests_in_flight") == 1, "in flight: only the scrape")
    check(value(after, "hike_serve_queued_texts") == 0, "queue after the requests")
    check(value(after, "hike_serve_queue_limit_texts") > 0, "queue limit")
    check(value(after, "hike_serve_child_processes") >= 1, "a warm pipeline's processes: %s" % value(after, "hike_serve_child_processes"))
    for name in ["hike_serve_requests_total", "hike_serve_request_duration_seconds", "hike_serve_memory_hits_total",
                 "hike_serve_texts_failed_total"]:
        check(name in after and after[name]["help"], "family %s with its HELP" % name)
    check(after["hike_serve_request_duration_seconds"]["type"] == "histogram", "latency is a histogram")

    if stock:
        statuses = []
        for _ in range(3):
            status, headers, body = translate(stock)
            statuses.append((status, as_json(body)))
        check([s for s, _ in statuses] == [200, 200, 429], "stock LibreTranslate's statuses: %s" % statuses)
        check(statuses[2][1] == as_json(answers[2][2]), "stock's 429 %r, ours %r" % (statuses[2][1], answers[2][2]))


def daily(url):
    statuses = [translate(url) for _ in range(2)]
    check([s for s, _, _ in statuses] == [200, 429], "daily statuses: %s" % [(s, b[:120]) for s, _, b in statuses])
    check(as_json(statuses[1][2]) == {"error": "Slowdown: 1 per 1 day"}, "daily 429: %r" % statuses[1][2])


def keys(url):
    first = translate(url, {"api_key": "k1"})
    again = translate(url, {"api_key": "k1"})
    other = translate(url, {"api_key": "k2"})
    check(first[0] == 200 and again[0] == 429 and other[0] == 200,
          "per key: k1 %s, k1 %s, k2 %s" % (first[0], (again[0], again[2]), other[0]))
    # Without a key (or with a wrong one) the peer address counts, before the key is checked, as
    # LibreTranslate's limiter runs before its view.
    missing = translate(url)
    wrong = translate(url, {"api_key": "nope"})
    check(missing[0] == 403, "no key, first: %s %r" % (missing[0], missing[2]))
    check(wrong[0] == 429, "a wrong key counts as the address: %s %r" % (wrong[0], wrong[2]))


def peer(url):
    first = translate(url, headers={"X-Forwarded-For": "192.0.2.1"})
    second = translate(url, headers={"X-Forwarded-For": "192.0.2.2"})
    check((first[0], second[0]) == (200, 429), "a forged X-Forwarded-For changed the client: %s %s" % (first[0], second[0]))
    status, _, body = exchange(url, "GET", "/metrics")
    check(status == 404, "/metrics without --metrics: %s %r" % (status, body[:200]))


def forwarded(url):
    answers = [translate(url, headers={"X-Forwarded-For": address}) for address in ["192.0.2.1", "192.0.2.2, 10.0.0.1", "192.0.2.1"]]
    check([s for s, _, _ in answers] == [200, 200, 429], "trusted X-Forwarded-For: %s" % [(s, b[:120]) for s, _, b in answers])


def memory(url):
    sent = 0
    for _ in range(10):
        status, _, body = translate(url)
        sent += 1
        check(status == 200, "translate: %s %r" % (status, body))
        # The memory may keep an entry a moment after its answer: send again until one is found.
        if value(scrape(url), "hike_serve_memory_hits_total") >= 1:
            break
    after = scrape(url)
    hits = value(after, "hike_serve_memory_hits_total")
    translated = value(after, "hike_serve_texts_translated_total", engine="apertium")
    check(hits >= 1 and translated >= 1 and hits + translated == sent, "%d sent: %s hits, %s by apertium" % (sent, hits, translated))


def main():
    url, mode = sys.argv[1], sys.argv[2]
    extra = sys.argv[3] if len(sys.argv) > 3 else None
    try:
        {"minute": lambda: minute(url, extra), "daily": lambda: daily(url), "keys": lambda: keys(url),
         "peer": lambda: peer(url), "forwarded": lambda: forwarded(url), "memory": lambda: memory(url)}[mode]()
    except ValueError as error:
        failures.append("not the exposition format: %s" % error)
    if failures:
        print("\n".join(failures))
        sys.exit(1)
    print("ok")


main()
