"""LibreTranslate's official client (libretranslatepy) against `hike-reviews serve`.

usage: lt_client.py URL            the API without keys
       lt_client.py URL KEY        the server wants keys and KEY is one of them
Prints "ok" and exits 0, or prints what failed and exits 1.
"""
import json
import sys
from urllib.error import HTTPError

from libretranslatepy import LibreTranslateAPI

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)


def status_of(call):
    """The HTTP status and error text a failing call got, or (200, None)."""
    try:
        call()
        return 200, None
    except HTTPError as error:
        body = json.loads(error.read().decode())
        return error.code, body.get("error")


url = sys.argv[1]
key = sys.argv[2] if len(sys.argv) > 2 else None
client = LibreTranslateAPI(url, api_key=key)

languages = client.languages()
codes = {language["code"]: language for language in languages}
check("es" in codes and "en" in codes, f"languages: es and en, got {sorted(codes)}")
check("en" in codes.get("es", {}).get("targets", []), "languages: es has target en")
check(all(isinstance(language["name"], str) for language in languages), "languages: names are strings")

check(client.translate("El perro bebe agua.", "es", "en") == "The dog drinks water.", "translate es->en")
english = client.translate("The dog drinks water.", "en", "es")
check(isinstance(english, str) and english and english != "The dog drinks water.", f"translate en->es: {english!r}")
check(client.translate("El perro bebe agua.", "auto", "en") == "The dog drinks water.", "translate auto->en")

detected = client.detect("El perro bebe agua y el gato duerme en la casa de mi abuela.")
check(isinstance(detected, list) and detected and detected[0]["language"] == "es", f"detect: {detected}")
check(isinstance(detected[0]["confidence"], (int, float)), "detect: confidence is a number")

status, error = status_of(lambda: client.translate("Der Hund trinkt Wasser.", "de", "en"))
check(status == 400 and isinstance(error, str) and "\n" not in error, f"unsupported source: {status} {error!r}")

if key is not None:
    for wrong in (None, key + "x", ""):
        other = LibreTranslateAPI(url, api_key=wrong)
        status, error = status_of(lambda: other.translate("El perro bebe agua.", "es", "en"))
        check(status == 403 and error, f"key {wrong!r}: {status} {error!r}")
    check(LibreTranslateAPI(url).languages() == languages, "languages need no key")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
