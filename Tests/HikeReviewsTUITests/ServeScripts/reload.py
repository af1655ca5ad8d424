"""SIGHUP to `hike-reviews serve --api-keys KEYS` over a pairs folder PAIRS that starts with
no modes: the key file and the installed pairs are read again, a connection with a request
half sent survives it and is answered with what is installed now, and a key file that cannot
be read keeps the keys in use.

usage: reload.py URL PID LOG KEYS PAIRS MODE
"""
import http.client
import json
import os
import signal
import socket
import sys
import threading
import time
import urllib.parse

url = urllib.parse.urlparse(sys.argv[1])
pid, log, keys, pairs, mode = int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6]
failures = []


def body(key):
    return json.dumps({"q": "El perro bebe agua.", "source": "es", "target": "en", "api_key": key}).encode()


def translate(key):
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=240)
    connection.request("POST", "/translate", body(key), {"Content-Type": "application/json"})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, data


def reload(times):
    """SIGHUP, then waits until the log says it was handled `times` times in all."""
    os.kill(pid, signal.SIGHUP)
    for _ in range(2400):
        with open(log, "rb") as file:
            text = file.read()
        if text.count(b"serve: reloaded") + text.count(b"keeping the keys and packs in use") >= times:
            return
        time.sleep(0.1)
    failures.append(f"SIGHUP {times} was not handled")


status, data = translate("two")
if status != 403:
    failures.append(f"an unknown key before the reload: {status} {data[:200]!r}")
status, data = translate("one")
if status != 400:
    failures.append(f"a pair not installed yet: {status} {data[:200]!r}")

# A request half sent when the signal comes.
pending = socket.create_connection((url.hostname, url.port), timeout=240)
whole = body("one")
pending.sendall(b"POST /translate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(whole)
                + whole[:10])

with open(keys, "a") as file:
    file.write("two\n")
os.symlink(mode, os.path.join(pairs, "modes", os.path.basename(mode)))
reload(1)

pending.sendall(whole[10:])
reply = b""
while b"}" not in reply:
    chunk = pending.recv(65536)
    if not chunk:
        break
    reply += chunk
pending.close()
if not reply.startswith(b"HTTP/1.1 200") or b"The dog drinks water." not in reply:
    failures.append(f"the request half sent across the reload: {reply[:300]!r}")

status, data = translate("two")
if status != 200 or json.loads(data.decode()).get("translatedText") != "The dog drinks water.":
    failures.append(f"a key added and a pair installed before SIGHUP: {status} {data[:200]!r}")

# Requests translated while SIGHUPs come: none is dropped.
outcomes = []


def load():
    for _ in range(40):
        try:
            outcomes.append(translate("one")[0])
        except OSError as error:
            outcomes.append(repr(error))


worker = threading.Thread(target=load)
worker.start()
for times in range(2, 5):
    reload(times)
worker.join()
if outcomes != [200] * 40:
    failures.append(f"requests across three reloads: {[o for o in outcomes if o != 200][:5]}")

# A key file that cannot be read: the keys in use stay.
os.rename(keys, keys + ".gone")
reload(5)
status, data = translate("two")
if status != 200:
    failures.append(f"after a reload with no key file: {status} {data[:200]!r}")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
