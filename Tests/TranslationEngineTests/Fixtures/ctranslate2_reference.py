"""CTranslate2's own Python API on the same sentences with the same options as the neural
worker, one sentence a call: what the worker's output must equal.

    python3 ctranslate2_reference.py PACKAGE_DIR SENTENCES.json OUT.json

SENTENCES.json is a JSON array of strings; OUT.json gets the array of translations.
"""

import json
import os
import sys

import ctranslate2
import sentencepiece


def main():
    package, source, target = sys.argv[1:4]
    tokenizer = sentencepiece.SentencePieceProcessor(model_file=os.path.join(package, "sentencepiece.model"))
    translator = ctranslate2.Translator(os.path.join(package, "model"), device="cpu", intra_threads=1)
    with open(source, encoding="utf-8") as handle:
        sentences = json.load(handle)
    outputs = []
    for sentence in sentences:
        pieces = tokenizer.encode(sentence, out_type=str)
        result = translator.translate_batch([pieces], beam_size=4, length_penalty=0.2, replace_unknowns=True,
                                            max_decoding_length=256, max_batch_size=32)
        outputs.append("".join(result[0].hypotheses[0]).replace("\u2581", " ").lstrip(" "))
    with open(target, "w", encoding="utf-8") as handle:
        json.dump(outputs, handle, ensure_ascii=False)


if __name__ == "__main__":
    main()
