"""Many clients at once against `hike-reviews serve`, one line per request (LibreTranslate's
JSON API, keep-alive connections): every line answered, each answer the translation of its
own line.

usage: load.py URL CLIENTS LINES [--until-closed]
With --until-closed (the server is stopped during the run) a client whose connection is
refused or closed stops there; every answer received must still be right, and the script
prints "answered N".
"""
import http.client
import json
import sys
import threading
import urllib.parse

url, clients, lines = urllib.parse.urlparse(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
until_closed = "--until-closed" in sys.argv
bases = ["El perro bebe agua.", "La ruta es muy bonita.", "El camino es largo.", "Me gusta la montaña.",
         "El refugio está cerrado.", "Hace mucho frío arriba."]


def translate(connection, text):
    body = json.dumps({"q": text, "source": "es", "target": "en"})
    connection.request("POST", "/translate", body, {"Content-Type": "application/json"})
    response = connection.getresponse()
    return response.status, json.loads(response.read().decode())


def connect():
    return http.client.HTTPConnection(url.hostname, url.port, timeout=120)


# What each base sentence becomes, one request at a time first.
expected = {}
first = connect()
for base in bases:
    status, body = translate(first, base)
    if status != 200:
        print(f"base {base!r}: {status} {body}")
        sys.exit(1)
    expected[base] = body["translatedText"]
first.close()

failures = []
answered = [0]
lock = threading.Lock()


def line(number):
    return f"{number}. {bases[number % len(bases)]}"


def want(number):
    return f"{number}. {expected[bases[number % len(bases)]]}"


def client(index):
    connection = connect()
    for number in range(index, lines, clients):
        try:
            status, body = translate(connection, line(number))
        except (ConnectionError, http.client.HTTPException, OSError) as error:
            if until_closed:
                return
            with lock:
                failures.append(f"line {number}: {error!r}")
            connection = connect()
            continue
        with lock:
            if until_closed and status == 503:
                return
            if status != 200 or body.get("translatedText") != want(number):
                failures.append(f"line {number}: {status} {body} (wanted {want(number)!r})")
            else:
                answered[0] += 1
    connection.close()


threads = [threading.Thread(target=client, args=(index,)) for index in range(clients)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
if failures:
    print(f"{len(failures)} failures, first: " + "\n".join(failures[:5]))
    sys.exit(1)
if not until_closed and answered[0] != lines:
    print(f"answered {answered[0]} of {lines}")
    sys.exit(1)
print(f"answered {answered[0]}")
