#!/usr/bin/env python3
"""Converts the byte n-gram naive Bayes model inside a py3langid wheel into model.bin.

usage: scripts/langid-model.py WHEEL OUT

Only the standard library: the wheel is a zip holding py3langid/data/model.npz.xz, an
xz-compressed NumPy .npz (itself a zip of .npy arrays). The arrays are copied into one
flat little-endian file that Sources/TranslationEngine/LanguageID/NaiveBayesModel.swift
reads (the layout is described there and in write_model below). OUT appears whole or not
at all: it is written beside itself and renamed.
"""

import ast
import io
import lzma
import os
import struct
import sys
import zipfile
from array import array

MAGIC = b"HRNB"
VERSION = 1
MEMBER = "py3langid/data/model.npz.xz"


def fail(message):
    sys.exit(f"langid-model: {message}")


def read_npy(blob, name):
    """(dtype string, shape, raw little-endian bytes) of one .npy file, C order only."""
    if blob[:6] != b"\x93NUMPY":
        fail(f"{name}: not a .npy array")
    major = blob[6]
    if major == 1:
        (length,) = struct.unpack_from("<H", blob, 8)
        start = 10
    elif major in (2, 3):
        (length,) = struct.unpack_from("<I", blob, 8)
        start = 12
    else:
        fail(f"{name}: .npy version {major} is not known")
    header = ast.literal_eval(blob[start:start + length].decode("latin-1"))
    if header.get("fortran_order"):
        fail(f"{name}: Fortran order is not supported")
    return header["descr"], tuple(header["shape"]), blob[start + length:]


def load_arrays(wheel):
    try:
        with zipfile.ZipFile(wheel) as archive:
            compressed = archive.read(MEMBER)
    except (OSError, KeyError, zipfile.BadZipFile) as error:
        fail(f"{wheel}: {error}")
    with zipfile.ZipFile(io.BytesIO(lzma.decompress(compressed))) as npz:
        return {name[:-4]: read_npy(npz.read(name), name) for name in npz.namelist() if name.endswith(".npy")}


def expect(arrays, name, accepts, dimensions):
    """Shape, dtype and bytes of one array; `accepts` tells whether its dtype fits."""
    if name not in arrays:
        fail(f"the model has no array '{name}' (a py3langid release with another layout?)")
    descr, shape, data = arrays[name]
    if not accepts(descr) or len(shape) != dimensions:
        fail(f"array '{name}' is {descr} {shape}: not the layout this script knows")
    return shape, descr, data


UNSIGNED = {"|u1": "B", "<u2": "H", "<u4": "I"}


def unsigned(descr, data, count):
    """The first `count` values as 32-bit unsigned integers in an array (compact, unlike a tuple)."""
    values = array(UNSIGNED[descr])
    values.frombytes(data[:count * values.itemsize])
    if sys.byteorder != "little":
        values.byteswap()
    return values if values.typecode == "I" else array("I", values)


def little_endian(values):
    if sys.byteorder != "little":
        values = array(values.typecode, values)
        values.byteswap()
    return values.tobytes()


def write_model(arrays, out):
    """Header: magic, version, then class, feature, state and row counts (u32 each).
    Then, each section padded to 8 bytes: class codes (8 ASCII bytes each, NUL padded),
    log priors (f32 per class), log P(feature|class) (f16, feature-major), the transition
    row of each state (u32), the feature each state emits or -1 (i32), and the transition
    rows (u32 next state per byte value, 256 per row)."""
    (features, classes), _, ptc = expect(arrays, "ptc", "<f2".__eq__, 2)
    (prior_count,), _, pc = expect(arrays, "pc", "<f4".__eq__, 1)
    (class_count,), code_descr, codes = expect(arrays, "classes", lambda d: d.startswith("<U"), 1)
    (states,), row_descr, row_of_state = expect(arrays, "nextmove_row", UNSIGNED.__contains__, 1)
    (states_out,), _, feature_of_state = expect(arrays, "out_feat", "<i4".__eq__, 1)
    (moves,), move_descr, nextmove = expect(arrays, "nextmove", UNSIGNED.__contains__, 1)
    if not (classes == prior_count == class_count) or states != states_out or moves % 256:
        fail("array shapes do not agree with each other")

    rows = moves // 256
    row_values = unsigned(row_descr, row_of_state, states)
    move_values = unsigned(move_descr, nextmove, moves)
    if max(row_values) >= rows or max(move_values) >= states:
        fail("a transition points outside the automaton")
    emitted = array("i")
    emitted.frombytes(feature_of_state[:4 * states])
    if sys.byteorder != "little":
        emitted.byteswap()
    if max(emitted) >= features:
        fail("a state emits a feature the model does not have")
    width = int(code_descr[2:])
    code_list = []
    for index in range(class_count):
        code = codes[index * 4 * width:(index + 1) * 4 * width].decode("utf-32-le").rstrip("\0")
        if not code or len(code) > 8 or not code.isascii():
            fail(f"class code {code!r} does not fit")
        code_list.append(code.encode("ascii").ljust(8, b"\0"))

    sections = [
        b"".join(code_list),
        pc[:4 * class_count],
        ptc[:2 * features * class_count],
        little_endian(row_values),
        feature_of_state[:4 * states],
        little_endian(move_values),
    ]
    temporary = f"{out}.tmp-{os.getpid()}"
    try:
        with open(temporary, "wb") as f:
            f.write(MAGIC + struct.pack("<5I", VERSION, class_count, features, states, rows))
            for section in sections:
                f.write(section)
                f.write(b"\0" * (-len(section) % 8))
        os.replace(temporary, out)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
    print(f"langid-model: {class_count} classes, {features} features, {states} states -> {out}", file=sys.stderr)


def main():
    if len(sys.argv) != 3:
        fail("usage: langid-model.py WHEEL OUT")
    write_model(load_arrays(sys.argv[1]), sys.argv[2])


if __name__ == "__main__":
    main()
