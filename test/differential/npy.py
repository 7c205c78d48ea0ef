"""Reads and writes the .npy files hlox-run takes and writes, without
numpy: a header, then the elements little-endian in row-major order."""

import ast
import struct

# element type -> (npy descr, struct code, bytes)
FORMATS = {
    "i1": ("|b1", "?", 1), "i8": ("|i1", "b", 1), "i16": ("<i2", "h", 2),
    "i32": ("<i4", "i", 4), "i64": ("<i8", "q", 8), "ui8": ("|u1", "B", 1),
    "ui16": ("<u2", "H", 2), "ui32": ("<u4", "I", 4), "ui64": ("<u8", "Q", 8),
    "f16": ("<f2", "e", 2), "f32": ("<f4", "f", 4), "f64": ("<f8", "d", 8),
    # Complex values are written as (real, imaginary) pairs of floats.
    "complex<f32>": ("<c8", "f", 8), "complex<f64>": ("<c16", "d", 16),
}


def write(path, element, shape, values):
    _, code, _ = FORMATS[element]
    write_raw(path, element, shape,
              struct.pack("<" + code * len(values), *values))


def write_raw(path, element, shape, data):
    """Writes `data`, the elements' bytes, little-endian, row-major."""
    descr = FORMATS[element][0]
    header = ("{'descr': '%s', 'fortran_order': False, 'shape': %s, }"
              % (descr, str(tuple(shape))))
    pad = 64 - (10 + len(header) + 1) % 64
    header += " " * pad + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode())
        f.write(data)


def order_key(bits, width):
    """An integer whose order is the order of the float with these `width`
    bits, one apart for neighbouring floats (-0 and +0 are neighbours, not
    equal): the distance of two keys is their distance in ULPs."""
    if bits >> (width - 1):
        return -(bits & ((1 << (width - 1)) - 1)) - 1
    return bits


def read(path):
    """(descr, shape, raw bytes) of a .npy file."""
    data = open(path, "rb").read()
    length = struct.unpack("<H", data[8:10])[0]
    header = ast.literal_eval(data[10:10 + length].decode())
    return header["descr"], tuple(header["shape"]), data[10 + length:]
