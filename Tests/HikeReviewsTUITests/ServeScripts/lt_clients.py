"""The Python clients people use with LibreTranslate, unchanged, against `hike-reviews serve`
and, when its URL is given, against stock LibreTranslate with the very same checks, so that a
check failing on both (the client's own limit) is told apart from one failing on ours alone.

The clients (requirements/interop.txt): libretranslatepy, deep-translator's LibreTranslator,
libretranslate-aio (sync and async) and translate's Translator(provider="libre"). Each check is
what a user of that client does: translate, `auto` as the source, detect, list languages, a
batch, and an unsupported source language, whose error the client must be able to show (its
own exception type, one line). Clients without a call for a check are not asked it:
deep-translator's languages are a table inside the package, translate has neither a languages
nor a batch call, and neither has a detect call (translate detects only inside `autodetect`).

Ours serves the test pairs, so es->en is Apertium's English; stock serves the echo model, so
es->en gives the Spanish back (RemoteLibreTranslateTests). Neither has Italian.

With `--key KEY` the server wants keys: every client gives KEY, and a "wrong key" check per
client gives another and must get that client's error for 403.

usage: lt_clients.py URL [STOCK_URL]
       lt_clients.py --key KEY URL
Prints one line per server, client and check (`PASS ours deep-translator batch`, or `FAIL` and
why), then a JSON line {"ours": {"CLIENT CHECK": true, ...}, "stock": {...}}. Exits 0 when every
check passes on ours, or with STOCK_URL when every check that passes on stock passes on ours.
"""
import asyncio
import json
import sys
from urllib.error import HTTPError

import deep_translator
import deep_translator.exceptions
import libretranslate_aio
import libretranslatepy
import translate
import translate.exceptions

SPANISH = ["El perro bebe agua.", "El gato duerme."]
ENGLISH = ["The dog drinks water.", "The cat sleeps."]
# Long enough for every detector to be sure.
LONG_SPANISH = "El perro bebe agua y el gato duerme en la casa de mi abuela."
UNSUPPORTED = "it"


def one_line(error):
    """What a user of the client would be shown for `error`: its type and message."""
    return f"{type(error).__module__}.{type(error).__name__}: {error}"


def shown(message):
    """Whether an error message can be shown as it is: a non-empty single line."""
    return isinstance(message, str) and message.strip() != "" and "\n" not in message


def checks(url, expected, key=None):
    """(client, check, callable) for every check; a callable returns None when it passes and
    what went wrong otherwise. `expected` maps each of SPANISH to what this server makes of it;
    every client gives `key` (with a key, "wrong key" checks give another)."""
    first, second = expected
    wrong = None if key is None else key + "-wrong"

    # libretranslatepy: urllib, so a failure is an HTTPError whose body is the server's JSON.
    lt = libretranslatepy.LibreTranslateAPI(url, api_key=key)

    def lt_translate(source):
        text = lt.translate(SPANISH[0], source, "en")
        return None if text == first else f"got {text!r}"

    def lt_detect():
        found = lt.detect(LONG_SPANISH)
        ok = isinstance(found, list) and found and found[0].get("language") == "es" and isinstance(found[0].get("confidence"), (int, float))
        return None if ok else f"got {found!r}"

    def lt_languages():
        codes = {language["code"]: language for language in lt.languages()}
        ok = "en" in codes.get("es", {}).get("targets", []) and all(isinstance(language["name"], str) for language in codes.values())
        return None if ok else f"got {sorted(codes)}"

    def lt_refused(client, source, status):
        try:
            text = client.translate(SPANISH[0], source, "en")
            return f"no error, got {text!r}"
        except HTTPError as error:
            message = json.loads(error.read().decode()).get("error")
            return None if error.code == status and shown(message) else f"{error.code} {message!r}"

    # deep-translator wants a key even where the server needs none; a server without keys ignores it.
    def deep(source, api_key=key):
        return deep_translator.LibreTranslator(source=source, target="en", api_key=api_key or "unused", custom_url=url)

    def deep_translate(source):
        text = deep(source).translate(SPANISH[0])
        return None if text == first else f"got {text!r}"

    def deep_batch():
        texts = deep("es").translate_batch(SPANISH)
        return None if texts == [first, second] else f"got {texts!r}"

    def deep_unsupported():
        try:
            text = deep(UNSUPPORTED).translate(SPANISH[0])
            return f"no error, got {text!r}"
        except deep_translator.exceptions.ServerException as error:
            # It shows a word for the status, not the server's text: ERR_BAD_REQUEST is 400.
            return None if str(error) == "ERR_BAD_REQUEST" else one_line(error)

    def deep_wrong_key():
        try:
            text = deep("es", wrong).translate(SPANISH[0])
            return f"no error, got {text!r}"
        except deep_translator.exceptions.AuthorizationException as error:
            return None if shown(str(error)) else one_line(error)

    # libretranslate-aio: httpx; a list `q` goes as the form field repeated.
    aio = libretranslate_aio.LibreTranslate(url, api_key=key)

    def aio_translate(source):
        result = aio.translate(SPANISH[0], source, "en")
        ok = result.translated_text == first
        if source == "auto":
            ok = ok and getattr(result.detected_language, "language", None) == "es"
        return None if ok else f"got {result!r}"

    def aio_batch():
        result = aio.translate(SPANISH, "es", "en")
        return None if result.translated_text == [first, second] else f"got {result!r}"

    def aio_detect():
        found = aio.detect(LONG_SPANISH)
        return None if found and found[0].language == "es" else f"got {found!r}"

    def aio_languages():
        languages = {language.code: language for language in aio.languages()}
        return None if "es" in languages and "en" in languages["es"].targets else f"got {sorted(languages)}"

    def aio_health():
        return None if aio.health() is True else "not healthy"

    def aio_settings():
        settings = aio.frontend_settings()
        return None if isinstance(settings.char_limit, int) and settings.language.source.code else f"got {settings!r}"

    def aio_refused(client, source, kind, status):
        try:
            result = client.translate(SPANISH[0], source, "en")
            return f"no error, got {result!r}"
        except kind as error:
            return None if error.status_code == status and shown(error.message) else one_line(error)

    def aio_async():
        async def run():
            async with libretranslate_aio.AsyncLibreTranslate(url, api_key=key) as client:
                return await asyncio.gather(client.translate(SPANISH[0], "es", "en"), client.translate(SPANISH, "es", "en"))
        single, batch = asyncio.run(run())
        ok = single.translated_text == first and batch.translated_text == [first, second]
        return None if ok else f"got {single!r} {batch!r}"

    # translate: the library (its command has no option for the server's URL).
    def tr(source, api_key=key):
        return translate.Translator(to_lang="en", from_lang=source, provider="libre", base_url=url, secret_access_key=api_key)

    def tr_translate(source):
        text = tr(source).translate(SPANISH[0])
        return None if text == first else f"got {text!r}"

    def tr_refused(client, status):
        try:
            text = client.translate(SPANISH[0])
            return f"no error, got {text!r}"
        except translate.exceptions.TranslationError as error:
            # It wraps libretranslatepy's HTTPError: "HTTP Error 400: BAD REQUEST" or the like.
            return None if shown(str(error)) and str(status) in str(error) else one_line(error)

    wrong_keys = [] if key is None else [
        ("libretranslatepy", "wrong key", lambda: lt_refused(libretranslatepy.LibreTranslateAPI(url, api_key=wrong), "es", 403)),
        ("deep-translator", "wrong key", deep_wrong_key),
        ("libretranslate-aio", "wrong key",
         lambda: aio_refused(libretranslate_aio.LibreTranslate(url, api_key=wrong), "es", libretranslate_aio.ForbiddenError, 403)),
        ("translate", "wrong key", lambda: tr_refused(tr("es", wrong), 403)),
    ]
    return wrong_keys + [
        ("libretranslatepy", "translate", lambda: lt_translate("es")),
        ("libretranslatepy", "auto", lambda: lt_translate("auto")),
        ("libretranslatepy", "detect", lt_detect),
        ("libretranslatepy", "languages", lt_languages),
        ("libretranslatepy", "unsupported", lambda: lt_refused(lt, UNSUPPORTED, 400)),
        ("deep-translator", "translate", lambda: deep_translate("es")),
        ("deep-translator", "auto", lambda: deep_translate("auto")),
        ("deep-translator", "batch", deep_batch),
        ("deep-translator", "unsupported", deep_unsupported),
        ("libretranslate-aio", "translate", lambda: aio_translate("es")),
        ("libretranslate-aio", "auto", lambda: aio_translate("auto")),
        ("libretranslate-aio", "batch", aio_batch),
        ("libretranslate-aio", "detect", aio_detect),
        ("libretranslate-aio", "languages", aio_languages),
        ("libretranslate-aio", "health", aio_health),
        ("libretranslate-aio", "settings", aio_settings),
        ("libretranslate-aio", "unsupported", lambda: aio_refused(aio, UNSUPPORTED, libretranslate_aio.BadRequestError, 400)),
        ("libretranslate-aio", "async", aio_async),
        ("translate", "translate", lambda: tr_translate("es")),
        ("translate", "auto", lambda: tr_translate("autodetect")),
        ("translate", "unsupported", lambda: tr_refused(tr(UNSUPPORTED), 400)),
    ]


def run(name, url, expected, key=None):
    """Runs every check against one server; prints a line each; {"client check": passed}."""
    results = {}
    for client, check, call in checks(url.rstrip("/") + "/", expected, key):
        try:
            problem = call()
        except Exception as error:  # a client's failure is a result to report, whatever its type
            problem = one_line(error)
        results[f"{client} {check}"] = problem is None
        line = f"{'PASS' if problem is None else 'FAIL'} {name} {client} {check}"
        print(line if problem is None else f"{line}: {problem}".replace("\n", " "), flush=True)
    return results


arguments = sys.argv[1:]
key = None
if arguments[:1] == ["--key"]:
    key, arguments = arguments[1], arguments[2:]
ours = run("ours", arguments[0], ENGLISH, key)
summary = {"ours": ours}
if len(arguments) > 1:
    summary["stock"] = run("stock", arguments[1], SPANISH)
    missing = [name for name, passed in summary["stock"].items() if passed and not ours[name]]
else:
    missing = [name for name, passed in ours.items() if not passed]
print(json.dumps(summary, sort_keys=True))
sys.exit(1 if missing else 0)
