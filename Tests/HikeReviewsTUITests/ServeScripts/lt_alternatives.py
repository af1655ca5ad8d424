"""LibreTranslate's `alternatives` on `hike-reviews serve`'s /translate: a neural pair's n-best
list (de->en, the echo model), an Apertium pair's empty list (es->en), arrays, JSON and form
values, and the refusals with LibreTranslate's words; compared with stock LibreTranslate when
its URL is given (serving the same echo model for de->en, started with LT_ALTERNATIVES_LIMIT=3).

usage: lt_alternatives.py URL [STOCK_URL]
Prints "ok" and exits 0, or prints what failed and exits 1.
"""
import json
import sys
import urllib.error
import urllib.parse
import urllib.request

failures = []
NOT_A_NUMBER = "Invalid request: alternatives parameter is not a number"
TOO_MANY = "Invalid request: alternatives parameter must be <= 3"
ONE = "Der Abstieg nach Caín war lang, aber wunderschön."
TWO = "Die Hütte war voll. Der Weg war steil."
LONG = ONE + " Die Hütte war voll und das Essen war gut."
SPANISH = "El perro bebe agua y el gato come pescado en la cocina."


def check(condition, what):
    if not condition:
        failures.append(what)


def post(url, fields, as_json=True):
    """(status, decoded JSON body) of POST /translate with `fields` as JSON or as a form."""
    if as_json:
        body, kind = json.dumps(fields).encode(), "application/json"
    else:
        body, kind = urllib.parse.urlencode(fields, doseq=True).encode(), "application/x-www-form-urlencoded"
    request = urllib.request.Request(url + "/translate", data=body, headers={"Content-Type": kind})
    try:
        with urllib.request.urlopen(request, timeout=240) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def alternatives_of(url, q, count, source="de", as_json=True):
    status, answer = post(url, {"q": q, "source": source, "target": "en", "alternatives": count}, as_json)
    check(status == 200 and isinstance(answer, dict), f"{url} {q!r} alternatives={count!r}: {status} {answer}")
    return answer if isinstance(answer, dict) else {}


def well_formed(answer, texts, count, what):
    """Each text's list: at most `count` distinct, non-empty strings, none equal to its translation."""
    lists = answer.get("alternatives")
    translated = answer.get("translatedText")
    if not isinstance(texts, list):
        lists, translated = [lists], [translated]
    check(isinstance(lists, list) and len(lists) == len(translated), f"{what}: one list per text: {answer}")
    for found, best in zip(lists or [], translated or []):
        check(isinstance(found, list) and len(found) <= count and len(set(found)) == len(found)
              and all(isinstance(text, str) and text and text != best for text in found), f"{what}: {found!r} beside {best!r}")


url = sys.argv[1].rstrip("/")
stock = sys.argv[2].rstrip("/") if len(sys.argv) > 2 else None

# 1. A neural pair: the echo model copies its input best, and its next hypotheses differ from it.
for count in (2, 3):
    answer = alternatives_of(url, ONE, count)
    check(answer.get("translatedText") == ONE, f"de->en alternatives={count}: the echo model's best is the text: {answer}")
    well_formed(answer, ONE, count, f"de->en alternatives={count}")
    check(len(answer.get("alternatives", [])) == count, f"de->en alternatives={count}: the echo model has {count} more: {answer}")
    check(sorted(answer) == ["alternatives", "translatedText"], f"de->en alternatives={count}: fields {sorted(answer)}")
answer = alternatives_of(url, TWO, 2, as_json=False)
well_formed(answer, TWO, 2, "de->en, two sentences, a form")
check(len(answer.get("alternatives", [])) == 2, f"two sentences: hypotheses joined sentence by sentence: {answer}")

# 2. An array: a list per text, in order; a whitespace text gets an empty list.
texts = [ONE, "   ", TWO]
answer = alternatives_of(url, texts, 3)
well_formed(answer, texts, 3, "de->en array")
check(answer.get("translatedText", [None] * 3)[1] == "   ", f"array: a whitespace text comes back as it is: {answer}")
check([len(found) for found in answer.get("alternatives", [[]] * 3)] == [3, 0, 3], f"array: list lengths {answer}")
answer = alternatives_of(url, [ONE, TWO], "2", as_json=False)  # q repeated in a form
check([len(found) for found in answer.get("alternatives", [])] == [2, 2], f"form array: {answer}")

# 3. An Apertium pair has one output: empty lists, and the same translation as without.
plain = alternatives_of(url, "El perro bebe agua.", 0, source="es")
answer = alternatives_of(url, "El perro bebe agua.", 3, source="es")
check(answer == {"alternatives": [], "translatedText": plain.get("translatedText")}, f"es->en: {answer} (without: {plain})")
answer = alternatives_of(url, ["El perro bebe agua.", "Es bueno."], 2, source="es", as_json=False)
check(answer.get("alternatives") == [[], []], f"es->en array: {answer}")

# 3b. source=auto: each text's list by the language found (German: the neural pair; Spanish:
# Apertium's); a route through a third language (de->es: neural to English, then Apertium) has
# no list of its own.
answer = alternatives_of(url, [LONG, SPANISH], 2, source="auto")
check([found.get("language") for found in answer.get("detectedLanguage", [])] == ["de", "es"], f"auto: {answer}")
check([len(found) for found in answer.get("alternatives", [])] == [2, 0], f"auto: lists {answer}")
well_formed(answer, [LONG, SPANISH], 2, "auto array")
status, answer = post(url, {"q": ONE, "source": "de", "target": "es", "alternatives": 2})
check(status == 200 and answer.get("alternatives") == [] and answer.get("translatedText"), f"de->es by way of en: {status} {answer}")

# 4. None asked: no field (0, absent, negative, as LibreTranslate's max(0, int(...))).
for value, as_json in [(0, True), (-2, True), ("-1", False), ("0", False)]:
    answer = alternatives_of(url, ONE, value, as_json=as_json)
    check("alternatives" not in answer and answer.get("translatedText") == ONE, f"alternatives={value!r}: {answer}")
status, answer = post(url, {"q": ONE, "source": "de", "target": "en"})
check(status == 200 and "alternatives" not in answer, f"no alternatives: {status} {answer}")

# 5. Python's int: a JSON 2.7 is 2, true is 1, a string " 2 " is 2.
check(len(alternatives_of(url, ONE, 2.7).get("alternatives", [])) == 2, "JSON 2.7 reads as 2")
check(len(alternatives_of(url, ONE, True).get("alternatives", [])) == 1, "JSON true reads as 1")
check(len(alternatives_of(url, ONE, " 2 ", as_json=False).get("alternatives", [])) == 2, "form ' 2 ' reads as 2")

# 6. Refusals, LibreTranslate's words.
for value, as_json, error in [("x", False, NOT_A_NUMBER), ("2.5", False, NOT_A_NUMBER), ("", False, NOT_A_NUMBER),
                              ("x", True, NOT_A_NUMBER), ([2], True, NOT_A_NUMBER), (4, True, TOO_MANY),
                              ("4", False, TOO_MANY), ("99999999999999999999999", False, TOO_MANY), (1e30, True, TOO_MANY)]:
    status, answer = post(url, {"q": ONE, "source": "de", "target": "en", "alternatives": value}, as_json)
    check((status, answer) == (400, {"error": error}), f"alternatives={value!r} ({'JSON' if as_json else 'form'}): {status} {answer}")

# 7. Stock LibreTranslate on the same model: the same fields, list shapes and refusals. Its
# hypotheses are the same ones, formatted its way (first letter cased like the source's,
# SentencePiece's <s> dropped), so they are compared without case and without <s>.
if stock:
    def plain_text(texts):
        return [text.replace("<s>", "").lower() for text in texts]

    for q, count, as_json, source in [(ONE, 2, True, "de"), (ONE, 3, False, "de"), (ONE, True, True, "de"), (ONE, 2.7, True, "de"),
                                      (ONE, " 2 ", False, "de"), ([ONE, TWO], 3, True, "de"),
                                      ([ONE, "   "], 2, True, "de"), (LONG, 2, True, "auto")]:
        ours = alternatives_of(url, q, count, source=source, as_json=as_json)
        theirs = alternatives_of(stock, q, count, source=source, as_json=as_json)
        check(sorted(ours) == sorted(theirs), f"{q!r} alternatives={count}: fields ours {sorted(ours)}, stock {sorted(theirs)}")
        if isinstance(q, list):
            pairs = zip(ours.get("alternatives", []), theirs.get("alternatives", []))
            same = all(plain_text(a) == plain_text(b) for a, b in pairs) and len(ours.get("alternatives", [])) == len(q)
        else:
            same = plain_text(ours.get("alternatives", [])) == plain_text(theirs.get("alternatives", []))
        check(same, f"{q!r} alternatives={count}: ours {ours.get('alternatives')}, stock {theirs.get('alternatives')}")
    for value, as_json in [(0, True), (-2, True), ("-1", False)]:
        ours, theirs = alternatives_of(url, ONE, value, as_json=as_json), alternatives_of(stock, ONE, value, as_json=as_json)
        check(sorted(ours) == sorted(theirs) == ["translatedText"], f"alternatives={value!r}: ours {ours}, stock {theirs}")
    # Not a JSON string that is no number: stock answers 500 (its int() fails outside its try).
    for value, as_json in [("x", False), ("2.5", False), (4, True), ("4", False), (1e30, True)]:
        ours = post(url, {"q": ONE, "source": "de", "target": "en", "alternatives": value}, as_json)
        theirs = post(stock, {"q": ONE, "source": "de", "target": "en", "alternatives": value}, as_json)
        check(ours == theirs, f"alternatives={value!r}: ours {ours}, stock {theirs}")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
