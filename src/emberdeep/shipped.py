"""Files shipped inside the game's own packages (content, fonts, key presets), read
through the package's own loader.

``importlib.resources`` finds them too, but importing it imports ``zipfile`` and the
resource readers with it (about 10 M instructions, a fiftieth of what a game's start-up
does of its own) for what is, however the game is installed (a folder, a wheel, a
PyInstaller binary), one call of the loader's ``get_data``: ``pkgutil.get_data``, which
finds the file from any working directory and inside a frozen binary. Listing a folder
(the key presets, for a message) still takes ``importlib.resources``, imported then.
"""

from __future__ import annotations

import pkgutil


def read_bytes(package: str, name: str) -> bytes:
    """File ``name`` (``/``-separated, inside the package) of ``package``. Raises OSError
    when there is none or its loader cannot read files."""
    data = pkgutil.get_data(package, name)
    if data is None:
        raise OSError(f"{package}: its files cannot be read")
    return data


def read_text(package: str, name: str) -> str:
    """``read_bytes`` as ``as_text``. Raises OSError, UnicodeDecodeError."""
    return as_text(read_bytes(package, name))


def as_text(data: bytes) -> str:
    """A shipped file's bytes as UTF-8 text, any line ending read as ``\\n`` (as Python
    reads a file opened as text). Raises UnicodeDecodeError."""
    text = data.decode("utf-8")
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text
