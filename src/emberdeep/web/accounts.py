"""Players: a name and a password, and the sessions of logged-in pages.

Passwords are stored only as Argon2id hashes (argon2-cffi, its recommended parameters);
hashes made before (scrypt, ``hashlib.scrypt``) still log in and are replaced by an Argon2
hash at that login, as are Argon2 hashes made with weaker parameters. Sessions are random
tokens in a cookie; the database keeps only their SHA-256, so a copy of it logs nobody
in. A login starts a new session and ends the one the page had (no fixation); a password
change ends every other session of the player. Everything is in the server's database
(``database.py``: SQLite in the data folder, or a shared PostgreSQL), so logins survive a
restart and work on every host.

Each player's games live in ``players/<name>`` under the data folder: the name is checked
against ``NAME`` (letters, digits, ``_`` and ``-``) before it becomes a folder, so nothing a
request says can reach outside the data folder.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from pathlib import Path

import argon2

from emberdeep.web.database import Database

NAME = re.compile(r"[A-Za-z0-9_-]{2,16}")
PASSWORD_LENGTH = (8, 256)
SESSION_SECONDS = 30 * 24 * 3600
HASHER = argon2.PasswordHasher()
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS players "
    "(name TEXT PRIMARY KEY, shown TEXT NOT NULL, hash TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS sessions "
    "(token TEXT PRIMARY KEY, name TEXT NOT NULL, expires DOUBLE PRECISION NOT NULL)",
)


class AccountError(ValueError):
    """Why a name or password was refused, in one line for the page."""


def hash_password(password: str) -> str:
    return HASHER.hash(password)


def _check_scrypt(password: str, stored: str) -> bool:
    """A hash from before Argon2: ``scrypt$n$r$p$salt$digest``."""
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


def check_password(password: str, stored: str) -> bool:
    if not stored.startswith("$argon2"):
        return _check_scrypt(password, stored)
    try:
        return HASHER.verify(stored, password)
    except (argon2.exceptions.VerificationError, argon2.exceptions.InvalidHashError):
        return False


def needs_new_hash(stored: str) -> bool:
    """Whether a hash that matched should be replaced (older scheme or weaker settings)."""
    return not stored.startswith("$argon2") or HASHER.check_needs_rehash(stored)


def check_name(name: object) -> str:
    """The canonical (lower-case) form of a valid player name; ``AccountError`` if not."""
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise AccountError("a name is 2 to 16 letters, digits, _ or -")
    return name.lower()


def check_new_password(password: object) -> str:
    low, high = PASSWORD_LENGTH
    if not isinstance(password, str) or not low <= len(password) <= high:
        raise AccountError(f"a password is {low} to {high} characters")
    return password


def player_folder(data: Path, name: str) -> Path:
    """Where a player's games are kept; only ever for a name ``check_name`` accepted."""
    folder = (data / "players" / check_name(name)).resolve()
    if folder.parent != (data / "players").resolve():
        raise AccountError("bad name")
    return folder


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Accounts:
    """The players and sessions in the server's database."""

    def __init__(self, db: Database) -> None:
        self.db = db
        db.create(SCHEMA)

    def register(self, name: object, password: object) -> str:
        """A new player; returns the canonical name. ``AccountError`` says why not."""
        key = check_name(name)
        secret = check_new_password(password)
        if self.db.run("SELECT 1 FROM players WHERE name = ?", (key,)):
            raise AccountError("that name is taken")  # before the hash: no Argon2 for it
        hashed = hash_password(secret)
        if not self.db.insert_new("INSERT INTO players VALUES (?, ?, ?)", (key, name, hashed)):
            raise AccountError("that name is taken")
        return key

    def shown(self, name: str) -> str | None:
        """How a registered player wrote their name (``name`` is its canonical form);
        None if nobody has it."""
        rows = self.db.run("SELECT shown FROM players WHERE name = ?", (name,))
        return str(rows[0][0]) if rows else None

    def check(self, name: object, password: object) -> str | None:
        """The canonical name if the password is right, else None. A right password with
        an old hash gets a new one."""
        try:
            key = check_name(name)
        except AccountError:
            return None
        if not isinstance(password, str) or len(password) > PASSWORD_LENGTH[1]:
            return None
        rows = self.db.run("SELECT hash FROM players WHERE name = ?", (key,))
        if not rows:
            check_password(password, hash_password("spend the same time"))
            return None
        stored = str(rows[0][0])
        if not check_password(password, stored):
            return None
        if needs_new_hash(stored):
            self.db.run(
                "UPDATE players SET hash = ? WHERE name = ? AND hash = ?",
                (hash_password(password), key, stored),
            )
        return key

    def change_password(self, name: str, old: object, new: object, keep: str | None) -> None:
        """Change ``name``'s password (the old one must be right) and end every other
        session but ``keep`` (the page asking); ``AccountError`` says why not."""
        password = check_new_password(new)
        if self.check(name, old) != name:
            raise AccountError("the current password is wrong")
        with self.db.transaction() as cursor:
            cursor.execute(
                "UPDATE players SET hash = ? WHERE name = ?", (hash_password(password), name)
            )
            cursor.execute(
                "DELETE FROM sessions WHERE name = ? AND token <> ?",
                (name, _token_hash(keep or "")),
            )

    def new_session(self, name: str, old: str | None = None) -> str:
        """A new session token for ``name``; the page's ``old`` one, if any, ends."""
        token = secrets.token_urlsafe(32)
        with self.db.transaction() as cursor:
            cursor.execute("DELETE FROM sessions WHERE expires < ?", (time.time(),))
            if old:
                cursor.execute("DELETE FROM sessions WHERE token = ?", (_token_hash(old),))
            cursor.execute(
                "INSERT INTO sessions VALUES (?, ?, ?)",
                (_token_hash(token), name, time.time() + SESSION_SECONDS),
            )
        return token

    def session_user(self, token: str | None) -> str | None:
        if not token or len(token) > 100:
            return None
        rows = self.db.run(
            "SELECT name FROM sessions WHERE token = ? AND expires > ?",
            (_token_hash(token), time.time()),
        )
        return None if not rows else str(rows[0][0])

    def end_session(self, token: str | None) -> None:
        if token:
            self.db.run("DELETE FROM sessions WHERE token = ?", (_token_hash(token),))
