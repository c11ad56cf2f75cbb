"""Players: a name and a password, and the sessions of logged-in pages.

Passwords are stored only as scrypt hashes (``hashlib.scrypt``, a memory-hard function in
the standard library; a fresh salt each), compared in constant time. Sessions are random
tokens in a cookie; the database keeps only their SHA-256, so a copy of it logs nobody in.
Everything lives in ``accounts.sqlite`` in the data folder, so logins survive a restart.

Each player's games live in ``players/<name>`` under the data folder: the name is checked
against ``NAME`` (letters, digits, ``_`` and ``-``) before it becomes a folder, so nothing a
request says can reach outside the data folder.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import re
import secrets
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

NAME = re.compile(r"[A-Za-z0-9_-]{2,16}")
PASSWORD_LENGTH = (8, 256)
SESSION_SECONDS = 30 * 24 * 3600
SCRYPT = {"n": 2**14, "r": 8, "p": 1}
"""About 16 MB and 50 ms a hash: OWASP's minimum for scrypt."""


class AccountError(ValueError):
    """Why a name or password was refused, in one line for the page."""


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, dklen=32, **SCRYPT)
    n, r, p = SCRYPT["n"], SCRYPT["r"], SCRYPT["p"]
    return f"scrypt${n}${r}${p}${salt.hex()}${digest.hex()}"


def check_password(password: str, stored: str) -> bool:
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        got = hashlib.scrypt(
            password.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p), dklen=32
        )
    except ValueError:
        return False
    return hmac.compare_digest(got.hex(), digest)


def check_name(name: object) -> str:
    """The canonical (lower-case) form of a valid player name; ``AccountError`` if not."""
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise AccountError("a name is 2 to 16 letters, digits, _ or -")
    return name.lower()


def player_folder(data: Path, name: str) -> Path:
    """Where a player's games are kept; only ever for a name ``check_name`` accepted."""
    folder = (data / "players" / check_name(name)).resolve()
    if folder.parent != (data / "players").resolve():
        raise AccountError("bad name")
    return folder


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Accounts:
    """The players and sessions in ``accounts.sqlite`` (one short connection per call:
    calls come from the server's worker threads)."""

    def __init__(self, data: Path) -> None:
        self.path = data / "accounts.sqlite"
        data.mkdir(parents=True, exist_ok=True)
        with self.connect() as db:
            db.execute(
                "CREATE TABLE IF NOT EXISTS players "
                "(name TEXT PRIMARY KEY, shown TEXT NOT NULL, hash TEXT NOT NULL)"
            )
            db.execute(
                "CREATE TABLE IF NOT EXISTS sessions "
                "(token TEXT PRIMARY KEY, name TEXT NOT NULL, expires REAL NOT NULL)"
            )

    @contextlib.contextmanager
    def connect(self) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=10)
        try:
            with db:
                yield db
        finally:
            db.close()

    def register(self, name: object, password: object) -> str:
        """A new player; returns the canonical name. ``AccountError`` says why not."""
        key = check_name(name)
        low, high = PASSWORD_LENGTH
        if not isinstance(password, str) or not low <= len(password) <= high:
            raise AccountError(f"a password is {low} to {high} characters")
        hashed = hash_password(password)
        try:
            with self.connect() as db:
                db.execute("INSERT INTO players VALUES (?, ?, ?)", (key, name, hashed))
        except sqlite3.IntegrityError:
            raise AccountError("that name is taken") from None
        return key

    def check(self, name: object, password: object) -> str | None:
        """The canonical name if the password is right, else None."""
        try:
            key = check_name(name)
        except AccountError:
            return None
        if not isinstance(password, str) or len(password) > PASSWORD_LENGTH[1]:
            return None
        with self.connect() as db:
            row = db.execute("SELECT hash FROM players WHERE name = ?", (key,)).fetchone()
        if row is None:
            check_password(password, hash_password("spend the same time"))
            return None
        return key if check_password(password, row[0]) else None

    def new_session(self, name: str) -> str:
        token = secrets.token_urlsafe(32)
        with self.connect() as db:
            db.execute("DELETE FROM sessions WHERE expires < ?", (time.time(),))
            db.execute(
                "INSERT INTO sessions VALUES (?, ?, ?)",
                (_token_hash(token), name, time.time() + SESSION_SECONDS),
            )
        return token

    def session_user(self, token: str | None) -> str | None:
        if not token or len(token) > 100:
            return None
        with self.connect() as db:
            row = db.execute(
                "SELECT name FROM sessions WHERE token = ? AND expires > ?",
                (_token_hash(token), time.time()),
            ).fetchone()
        return None if row is None else str(row[0])

    def end_session(self, token: str | None) -> None:
        if token:
            with self.connect() as db:
                db.execute("DELETE FROM sessions WHERE token = ?", (_token_hash(token),))
