"""Players, passwords, sessions and the rate limits."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from emberdeep.web import accounts
from emberdeep.web.accounts import AccountError, Accounts
from emberdeep.web.database import Database
from emberdeep.web.limits import (
    ADDRESS_TRIES,
    BACKOFF,
    FREE_TRIES,
    REGISTRATION_WINDOW,
    REGISTRATIONS,
    WINDOW,
    LoginLimiter,
    RegistrationLimiter,
    TokenBucket,
)


def test_passwords_are_hashed_and_checked(tmp_path: Path) -> None:
    store = Accounts(Database(None, tmp_path))
    assert store.register("Ann", "a long password") == "ann"
    assert store.check("ANN", "a long password") == "ann"
    assert store.check("ann", "a long passwore") is None
    assert store.check("nobody", "a long password") is None
    assert b"a long password" not in (tmp_path / "accounts.sqlite").read_bytes()
    with pytest.raises(AccountError, match="taken"):
        store.register("aNN", "another password")
    with pytest.raises(AccountError, match="password"):
        store.register("bob", "short")


@pytest.mark.parametrize("name", ["", "a", "../x", "a/b", "x" * 17, "é", None, 3, ".."])
def test_names_that_could_leave_the_data_folder_are_refused(tmp_path: Path, name: object) -> None:
    with pytest.raises(AccountError):
        accounts.check_name(name)
    with pytest.raises(AccountError):
        accounts.player_folder(tmp_path, name)  # type: ignore[arg-type]


def test_sessions_survive_a_restart_and_end_at_logout(tmp_path: Path) -> None:
    token = Accounts(Database(None, tmp_path)).new_session("ann")
    again = Accounts(Database(None, tmp_path))
    assert again.session_user(token) == "ann"
    assert again.session_user(token + "x") is None
    again.end_session(token)
    assert again.session_user(token) is None


def test_login_tries_slow_the_pair_never_the_name() -> None:
    """Tries are counted when they start; after the free ones a (name, address) pair
    waits, twice as long each time; the name's owner elsewhere is never held up, and a
    right password clears the pair."""
    now = [0.0]
    limiter = LoginLimiter(clock=lambda: now[0])
    for _ in range(FREE_TRIES):
        assert limiter.begin("ann", "1.2.3.4") == 0  # started, not yet ended: counted
    assert limiter.begin("ann", "1.2.3.4") == BACKOFF
    assert limiter.begin("ann", "5.6.7.8") == 0  # the name is open from anywhere else
    assert limiter.begin("bob", "1.2.3.4") == 0
    now[0] = BACKOFF
    assert limiter.begin("ann", "1.2.3.4") == 0
    assert limiter.wait("ann", "1.2.3.4") == 2 * BACKOFF
    limiter.succeeded("ann", "1.2.3.4")
    assert limiter.wait("ann", "1.2.3.4") == 0


def test_an_address_has_a_few_tries_a_minute_over_all_names() -> None:
    now = [0.0]
    limiter = LoginLimiter(clock=lambda: now[0])
    for number in range(ADDRESS_TRIES):
        assert limiter.begin(f"name{number}", "1.2.3.4") == 0
    assert limiter.begin("another", "1.2.3.4") == WINDOW
    assert limiter.begin("another", "5.6.7.8") == 0
    now[0] = WINDOW
    assert limiter.begin("another", "1.2.3.4") == 0


def test_the_bucket_refuses_floods_and_refills() -> None:
    now = [0.0]
    bucket = TokenBucket(10, 20, clock=lambda: now[0])
    assert sum(bucket.take() for _ in range(100)) == 20
    now[0] = 1.0
    assert sum(bucket.take() for _ in range(100)) == 10


def test_registrations_are_limited_per_address_for_an_hour() -> None:
    now = [0.0]
    limiter = RegistrationLimiter(clock=lambda: now[0])
    for _ in range(REGISTRATIONS):
        assert limiter.begin("1.2.3.4") == 0
    assert limiter.begin("1.2.3.4") == REGISTRATION_WINDOW  # begun at once: all counted
    limiter.refund("1.2.3.4")  # one was refused (a taken name)
    assert limiter.begin("1.2.3.4") == 0
    assert limiter.wait("1.2.3.4") == REGISTRATION_WINDOW
    assert limiter.wait("5.6.7.8") == 0
    now[0] = REGISTRATION_WINDOW
    assert limiter.wait("1.2.3.4") == 0


def test_argon2_and_old_hashes_are_upgraded_at_login(tmp_path: Path) -> None:
    db = Database(None, tmp_path)
    store = Accounts(db)
    store.register("ann", "a long password")
    assert db.run("SELECT hash FROM players")[0][0].startswith("$argon2id$")
    # A player from before Argon2 (the scrypt hashes this server used to make).
    old = "scrypt$16384$8$1$" + "00" * 16 + "$"
    digest = hashlib.scrypt(b"older password", salt=bytes(16), n=16384, r=8, p=1, dklen=32)
    db.run("INSERT INTO players VALUES (?, ?, ?)", ("bob", "bob", old + digest.hex()))
    assert store.check("bob", "older passwore") is None
    assert db.run("SELECT hash FROM players WHERE name = 'bob'")[0][0].startswith("scrypt$")
    assert store.check("bob", "older password") == "bob"
    assert db.run("SELECT hash FROM players WHERE name = 'bob'")[0][0].startswith("$argon2id$")
    assert store.check("bob", "older password") == "bob"


def test_a_login_replaces_the_pages_session(tmp_path: Path) -> None:
    store = Accounts(Database(None, tmp_path))
    planted = store.new_session("ann")
    fresh = store.new_session("ann", old=planted)
    assert store.session_user(planted) is None
    assert store.session_user(fresh) == "ann"


def test_a_password_change_ends_the_other_sessions(tmp_path: Path) -> None:
    store = Accounts(Database(None, tmp_path))
    store.register("ann", "a long password")
    here, elsewhere = store.new_session("ann"), store.new_session("ann")
    with pytest.raises(AccountError, match="current password is wrong"):
        store.change_password("ann", "not it at all", "a newer password", here)
    with pytest.raises(AccountError, match="8 to 256"):
        store.change_password("ann", "a long password", "short", here)
    store.change_password("ann", "a long password", "a newer password", here)
    assert store.check("ann", "a long password") is None
    assert store.check("ann", "a newer password") == "ann"
    assert store.session_user(here) == "ann"
    assert store.session_user(elsewhere) is None
