"""A minimal PNG writer (8-bit RGBA, no filtering) on the standard library alone.

The contact sheet of sprites is the only image the game writes; a dozen lines of zlib
and struct are cheaper to keep than an image library in the dependencies and in the
one-file binary.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def encode_png(rgba: NDArray[np.uint8]) -> bytes:
    """PNG bytes for an ``(height, width, 4)`` uint8 array."""
    if rgba.ndim != 3 or rgba.shape[2] != 4 or rgba.dtype != np.uint8:
        raise ValueError(
            f"expected a (height, width, 4) uint8 array, got {rgba.shape} {rgba.dtype}"
        )
    height, width = rgba.shape[:2]
    # Every scanline starts with its filter type; 0 is "none".
    lines = np.zeros((height, 1 + width * 4), dtype=np.uint8)
    lines[:, 1:] = rgba.reshape(height, width * 4)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", zlib.compress(lines.tobytes(), 9)),
            _chunk(b"IEND", b""),
        )
    )


def write_png(path: Path, rgba: NDArray[np.uint8]) -> None:
    path.write_bytes(encode_png(rgba))
