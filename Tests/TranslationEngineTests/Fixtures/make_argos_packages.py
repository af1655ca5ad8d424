#!/usr/bin/env python3
"""Writes Argos Translate packages (.argosmodel zips) and an Argos-format index for the pack tests.

usage: make_argos_packages.py OUTDIR

The model files inside are small dummies (the archive tests do not run a model). OUTDIR gets
good.argosmodel (German to English, one top folder translate-de_en-1_0 holding metadata.json,
model/model.bin, model/config.json, model/shared_vocabulary.json, sentencepiece.model, README.md)
and hostile variants of it, each otherwise a copy of the good one:
  traversal   an entry TOP/../evil            absolute   /tmp/hike-evil-argos-absolute
  symlink     TOP/outside -> /etc, then TOP/outside/hike-evil-argos through it
  twotop      a second top folder other/      topfile    a file beside the top folder
  bomb        TOP/zeros: 64 MB of zeros (deflates to ~64 KB)
  bigmeta     a 10 MB metadata.json           nomodel    no model/model.bin
  bpe         bpe.model instead of sentencepiece.model
  bothtokenizers  bpe.model beside sentencepiece.model (not hostile: Argos then runs SentencePiece)
  wronglang   metadata.json says fr to en     tar        the good package as a gzip tar
and index.json, an Argos package index whose translate-de_en links to good.argosmodel
(relative links), plus one entry per variant (code translate-de_en-VARIANT).
Two runs give identical bytes.
"""
import io
import json
import os
import sys
import tarfile
import zipfile

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
TOP = "translate-de_en-1_0"
STAMP = (2026, 12, 1, 0, 0, 0)


def metadata(source="de", target="en", pad=0):
    data = {
        "package_version": "1.0", "argos_version": "1.9.0", "from_code": source, "from_name": "German",
        "to_code": target, "to_name": "English", "code": "translate-de_en",
    }
    if pad:
        data["padding"] = "x" * pad
    return json.dumps(data, indent=2).encode()


def good_files():
    return [
        (TOP + "/metadata.json", metadata()),
        (TOP + "/model/model.bin", b"CTranslate2 dummy model " * 64),
        (TOP + "/model/config.json", b'{"add_source_bos": false, "add_source_eos": false}'),
        (TOP + "/model/shared_vocabulary.json", b'["<unk>", "<s>", "</s>"]'),
        (TOP + "/sentencepiece.model", b"dummy sentencepiece model"),
        (TOP + "/README.md", b"A test package written for HikeReviews.\n"),
    ]


def write_zip(name, files, links=()):
    """Links first, so a file written through one comes after it."""
    with zipfile.ZipFile(os.path.join(out, name), "w", zipfile.ZIP_DEFLATED) as package:
        for path, target in links:
            info = zipfile.ZipInfo(path, STAMP)
            info.create_system = 3  # Unix, so the mode bits say "symlink"
            info.external_attr = 0o120777 << 16
            package.writestr(info, target)
        for path, data in files:
            info = zipfile.ZipInfo(path, STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            package.writestr(info, data)


def without(files, path):
    return [(p, d) for p, d in files if p != path]


def replaced(files, path, data):
    return [(p, data if p == path else d) for p, d in files]


good = good_files()
variants = {
    "good": (good, ()),
    "traversal": (good + [(TOP + "/../evil", b"evil")], ()),
    "absolute": (good + [("/tmp/hike-evil-argos-absolute", b"evil")], ()),
    "symlink": (good + [(TOP + "/outside/hike-evil-argos", b"evil")], [(TOP + "/outside", "/etc")]),
    "twotop": (good + [("other/file", b"other")], ()),
    "topfile": (good + [("stray.txt", b"stray")], ()),
    "bomb": (good + [(TOP + "/zeros", b"\0" * (64 << 20))], ()),
    "bigmeta": (replaced(good, TOP + "/metadata.json", metadata(pad=10 << 20)), ()),
    "nomodel": (without(good, TOP + "/model/model.bin"), ()),
    "bpe": (without(good, TOP + "/sentencepiece.model") + [(TOP + "/bpe.model", b"dummy bpe codes")], ()),
    "bothtokenizers": (good + [(TOP + "/bpe.model", b"dummy bpe codes")], ()),
    "wronglang": (replaced(good, TOP + "/metadata.json", metadata(source="fr")), ()),
}
for name, (files, links) in variants.items():
    write_zip(name + ".argosmodel", files, links)

buffer = io.BytesIO()
with tarfile.open(fileobj=buffer, mode="w:gz", format=tarfile.USTAR_FORMAT) as archive:
    for path, data in good:
        member = tarfile.TarInfo(path)
        member.size = len(data)
        member.mtime = 0
        archive.addfile(member, io.BytesIO(data))
open(os.path.join(out, "tar.argosmodel"), "wb").write(buffer.getvalue())


def entry(code, link, source="de", target="en"):
    return {"code": code, "type": "translate", "package_version": "1.0", "argos_version": "1.9.0",
            "from_code": source, "from_name": "German", "to_code": target, "to_name": "English", "links": [link]}


index = [entry("translate-de_en", "good.argosmodel")]
index += [entry("translate-de_en-" + name, name + ".argosmodel") for name in sorted(variants) if name != "good"]
index.append(entry("translate-de_en-tar", "tar.argosmodel"))
with open(os.path.join(out, "index.json"), "w") as handle:
    json.dump(index, handle, indent=1, sort_keys=True)
