"""Send review lines to a translation server, one request per line, from N clients at once.

usage: python3 load.py KIND URL LINES_FILE CLIENTS SOURCE TARGET [ANSWERS_FILE]

KIND is `libre` (POST /translate, JSON {q, source, target, format}) or `apy`
(GET /translate?langpair=SRC|TGT&q=...; SOURCE and TARGET are then APy's three-letter codes).
Each client keeps one connection open (HTTP/1.1 keep-alive); a request that fails is counted,
never sent again, and the client opens a new connection. Prints one JSON object: lines,
answered, failed, seconds, lines_per_second, p50_ms, p95_ms. With ANSWERS_FILE, the answers are written there in the lines' order (an empty line
for a failed request), so two servers' answers can be compared.
"""
import http.client
import json
import sys
import threading
import time
import urllib.parse


def request_for(kind, text, source, target):
    if kind == "libre":
        body = json.dumps({"q": text, "source": source, "target": target, "format": "text"}).encode()
        return "POST", "/translate", body, {"Content-Type": "application/json"}
    query = urllib.parse.urlencode({"langpair": f"{source}|{target}", "q": text})
    return "GET", "/translate?" + query, None, {}


def answer_of(kind, payload):
    data = json.loads(payload)
    if kind == "libre":
        return data["translatedText"]
    return data["responseData"]["translatedText"]


def run(kind, host, port, lines, clients, source, target):
    """Sends each of `lines` once from `clients` threads; returns (answers, summary)."""
    answers = [None] * len(lines)
    latencies = [0.0] * len(lines)
    next_index = [0]
    lock = threading.Lock()

    def client():
        connection = None
        while True:
            with lock:
                index = next_index[0]
                next_index[0] += 1
            if index >= len(lines):
                break
            method, path, body, headers = request_for(kind, lines[index], source, target)
            started = time.perf_counter()
            try:
                if connection is None:
                    connection = http.client.HTTPConnection(host, port, timeout=120)
                connection.request(method, path, body=body, headers=headers)
                response = connection.getresponse()
                payload = response.read()
                if response.status == 200:
                    answers[index] = answer_of(kind, payload)
            except (OSError, http.client.HTTPException, ValueError, KeyError, TypeError):
                # Counted as failed, never sent again: what is lost shows.
                if connection is not None:
                    connection.close()
                connection = None
            latencies[index] = time.perf_counter() - started
        if connection is not None:
            connection.close()

    started = time.perf_counter()
    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - started
    answered = sum(1 for a in answers if a is not None)
    ordered = sorted(latencies)
    return answers, {
        "lines": len(lines), "answered": answered, "failed": len(lines) - answered,
        "seconds": round(seconds, 3), "lines_per_second": round(answered / seconds, 1) if seconds else 0,
        "p50_ms": round(ordered[len(ordered) // 2] * 1000, 1),
        "p95_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))] * 1000, 1),
    }


def main():
    kind, url, lines_file, clients, source, target = sys.argv[1:7]
    answers_file = sys.argv[7] if len(sys.argv) > 7 else None
    parsed = urllib.parse.urlsplit(url)
    with open(lines_file, encoding="utf-8") as f:
        lines = [line.rstrip("\n") for line in f if line.strip()]
    answers, result = run(kind, parsed.hostname, parsed.port, lines, int(clients), source, target)
    if answers_file:
        with open(answers_file, "w", encoding="utf-8") as f:
            for a in answers:
                f.write((a or "").replace("\n", " ") + "\n")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
