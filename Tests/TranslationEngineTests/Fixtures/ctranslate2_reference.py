"""CTranslate2's own Python API on the same sentences with the same options as the neural
worker, one sentence a call: what the worker's output must equal.

    python3 ctranslate2_reference.py PACKAGE_DIR TEXTS.json OUT.json

TEXTS.json is a JSON array of texts; OUT.json gets the array of their translations. Each text is
split into paragraphs and sentences by the worker's own splitter (so both translate the same
sentences), each sentence is translated alone by `Translator.translate_batch` with Argos
Translate's options written out here (not the worker's constants: a worker whose options drift
must differ from this), and the translations are joined with the text's own whitespace.
"""

import json
import os
import sys

import ctranslate2
import sentencepiece

# Importing the worker from Sources/ must not leave a __pycache__ there (SwiftPM then warns
# about an unhandled file on every build), whoever runs this script.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                "Sources", "TranslationEngine", "Neural"))
from neural_worker import MAX_SOURCE_PIECES, segments  # noqa: E402


def main():
    package, source, target = sys.argv[1:4]
    tokenizer = sentencepiece.SentencePieceProcessor(model_file=os.path.join(package, "sentencepiece.model"))
    translator = ctranslate2.Translator(os.path.join(package, "model"), device="cpu", intra_threads=1)
    with open(source, encoding="utf-8") as handle:
        texts = json.load(handle)
    outputs = []
    for text in texts:
        parts = []
        for segment, translate in segments(text):
            if not translate:
                parts.append(segment)
                continue
            pieces = tokenizer.encode(segment, out_type=str)
            if len(pieces) > MAX_SOURCE_PIECES:
                # The worker cuts such a sentence into chunks; this reference translates whole ones.
                sys.exit("a sentence of %d pieces, past the worker's chunk of %d: %r"
                         % (len(pieces), MAX_SOURCE_PIECES, segment))
            result = translator.translate_batch([pieces], beam_size=4, length_penalty=0.2, replace_unknowns=True,
                                                max_decoding_length=256, max_batch_size=32)
            parts.append("".join(result[0].hypotheses[0]).replace("\u2581", " ").lstrip(" "))
        outputs.append("".join(parts))
    with open(target, "w", encoding="utf-8") as handle:
        json.dump(outputs, handle, ensure_ascii=False)


if __name__ == "__main__":
    main()
