"""How much work any input may ask for: one set of checks every loader runs first.

Saves, journals, replays, settings, key files and the web page's messages are all text
someone else may have written. Python's parsers are happy to spend their time on what
no format of ours holds: ``json.loads`` converts a 4,000-digit integer (quadratic work)
and recurses once per ``[``, so 999 of them end in ``RecursionError``; ``tomllib`` does
the same for TOML. So before any of them parses, ``check_json`` and ``check_toml`` look
at the raw text (strings and comments taken out, as they may hold anything) and refuse
an integer longer than the format allows, or nesting deeper than it allows, with one
line that says which. What parsing then spends is bounded by the text's length.

The same goes for what a file asks the simulation to do. A replay or a journal is a list
of commands, each of which may advance the world's clock; ``check_run`` bounds the number
of commands and the total simulated time they may name, before anything runs. The
figures are documented in ``docs/architecture.md`` (Inputs and their limits).

This module imports nothing of the game, so every layer may use it.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec
import numpy as np

MAX_DIGITS = 20
"""Every integer in our formats fits in 64 bits: 20 digits, with a sign at most 20 too."""

MAX_COMMANDS = 100_000
"""The most commands a replay may hold: a very long game is some 60,000 (the bench's
longest). Checking and verifying a replay of this many of the cheapest commands takes
well under 2 s on a busy machine (``scripts/fuzz-saves``); twice as many took over 2."""
MAX_JOURNAL_COMMANDS = 2_000
"""The most commands Continue replays from a write-ahead journal: it is emptied at each
checkpoint (every 100 turns), so a real one holds about a hundred; twenty checkpoints'
worth allows for saves that failed."""
JOURNAL_TIME = 200_000
"""The most simulated time Continue replays from a journal (a hundred turns are about
10,000): with ``MAX_JOURNAL_COMMANDS``, what any journal can cost Continue is bounded
(under 2 s, ``scripts/fuzz-saves``)."""
TIME_PER_COMMAND = 1_000
"""Simulated time a command may take on average (a normal turn is 100; a hasted or
paralysed player's run of turns takes more)."""
TIME_ALLOWANCE = 100_000
"""Simulated time allowed on top of ``TIME_PER_COMMAND`` per command (one maximal
advance, ``engine/replay.MAX_ADVANCE``)."""

_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_TOML_SKIP = re.compile(
    rb'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"|\'[^\'\n]*\'|#[^\n]*'
)
_CHUNK = 1 << 22
_FEW_QUOTES = 256
"""Up to this many quotes, splitting a text at them costs less than the mask's fixed cost
(about 20 us, which every input from a web page paid: it has six quotes in 40 bytes)."""
_OPEN = np.zeros(256, dtype=np.int8)
_OPEN[[ord("["), ord("{")]] = 1
_OPEN[[ord("]"), ord("}")]] = -1
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_NOT_STRUCTURE = bytes(b for b in range(256) if b not in b'[]{}"')
_ONE_BRACKET = bytes.maketrans(b"{}", b"[]")
"""Nesting counts braces as brackets (``deepest``): one kind of pair to take out."""
_DIGIT_MARKS = bytes(b"0"[0] if b in b"0123456789" else b" "[0] for b in range(256))


class InputError(ValueError):
    """An input asks for more work than its format allows; the message is one line."""


class Limits(msgspec.Struct, frozen=True):
    """What one format allows."""

    what: str
    """What the input is, for the message ("the replay", "a web message")."""
    max_bytes: int
    max_depth: int
    """Arrays and tables (objects) inside one another."""
    max_digits: int = MAX_DIGITS
    max_lists: int | None = None
    """The most arrays it may hold (a replay: one per command, and a few), counted before
    parsing, so a file of millions of commands is refused before it is read."""


def _digits_pattern(most: int) -> re.Pattern[bytes]:
    """A run of more than ``most`` digits (``_`` groups them in TOML) that does not
    continue a name (a TOML bare key may hold digits)."""
    return re.compile(rb"(?<![\w])[0-9][0-9_]{%d,}" % most)


def _text(data: bytes | str) -> bytes:
    return data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data


def deepest(data: bytes) -> int:
    """The deepest nesting of brackets and braces in ``data`` (strings already taken out),
    counted with numpy a chunk at a time: linear, whatever the text."""
    data = data.translate(None, _NOT_BRACKETS)  # the brackets alone, in order
    depth = deepest_seen = 0
    for start in range(0, len(data), _CHUNK):
        steps = _OPEN[np.frombuffer(data, np.uint8, min(_CHUNK, len(data) - start), start)]
        if steps.size:
            running = np.cumsum(steps, dtype=np.int32) + depth  # (no text is 2 GB)
            deepest_seen = max(deepest_seen, int(running.max()))
            depth = int(running[-1])
    return deepest_seen


def line_depths(data: bytes) -> np.ndarray[Any, np.dtype[np.int64]]:
    """The deepest nesting of each line of ``data`` (JSON lines), one numpy pass over the
    whole text rather than a check per line. Brackets inside strings are counted as well
    (our JSON lines' strings hold none); whatever a line's count, ``json.loads`` on it
    stays bounded by the file's size, and its ``RecursionError`` is caught."""
    raw = np.frombuffer(data, np.uint8)
    steps = _OPEN[raw].astype(np.int64)
    newline = raw == ord("\n")
    running = np.cumsum(steps)
    line = np.cumsum(newline) - newline  # each byte's line; a newline ends its own line
    ends = np.flatnonzero(newline)
    before = np.concatenate(([0], running[ends]))  # the running count as each line starts
    inside = running - before[line]
    depths = np.zeros(ends.size + 1, np.int64)  # as many as ``data.split(b"\n")``
    starts = np.concatenate(([0], ends + 1))
    starts = starts[starts < raw.size]  # a last line with nothing on it is 0 deep
    if starts.size:
        depths[: starts.size] = np.maximum.reduceat(inside, starts)
    return np.maximum(depths, 0)


def _too_deep(bare: bytes, limits: Limits) -> None:
    """Refuse brackets alone (no strings) holding a run of more openings than the limit
    at once, before any other check: a text that inflates to millions of ``[`` (a zlib
    bomb) is refused for the cost of two passes and ``deepest``, not the seconds the
    other checks spend on it."""
    if b"[" * (limits.max_depth + 1) in bare.translate(_ONE_BRACKET):
        raise InputError(
            f"{limits.what} is nested {deepest(bare)} deep (at most {limits.max_depth})"
        )


def _check(bare: bytes, limits: Limits, size: int, names: bool = True) -> None:
    if size > limits.max_bytes:
        raise InputError(f"{limits.what} is too large ({size} bytes; at most {limits.max_bytes})")
    _too_deep(bare, limits)
    digits = _digits_pattern(limits.max_digits) if names else _run_of(limits.max_digits)
    if digits.search(bare):
        raise InputError(f"{limits.what} holds a number longer than {limits.max_digits} digits")
    if limits.max_lists is not None and bare.count(b"[") > limits.max_lists:
        raise InputError(f"{limits.what} holds more than {limits.max_lists} lists")
    opened = bare.count(b"[") + bare.count(b"{")  # at least as many as the depth
    depth = deepest(bare) if opened > limits.max_depth else 0
    if depth > limits.max_depth:
        raise InputError(f"{limits.what} is nested {depth} deep (at most {limits.max_depth})")


def _run_of(most: int) -> re.Pattern[bytes]:
    return re.compile(rb"[0-9]{%d,}" % (most + 1))


def _without_strings(raw: bytes) -> bytes:
    """JSON text with every string's contents taken out. Without a backslash no string
    holds an escaped quote, so splitting at the quotes finds them (at C speed); else the
    regular expression does."""
    if b"\\" not in raw:
        quotes = raw.count(b'"')
        if quotes < _CHUNK // 64 and (quotes * 16 < len(raw) or quotes <= _FEW_QUOTES):
            return b"".join(raw.split(b'"')[::2])
        # Many strings, or strings close together: a mask, not a piece per string (the
        # quotes' running count is odd inside a string; the quotes go too, as the split
        # drops them).
        chars = np.frombuffer(raw, np.uint8)
        quote = chars == ord('"')
        inside = (np.cumsum(quote, dtype=np.uint8) & 1).astype(np.bool_)  # wraps evenly
        return bytes(chars[~(inside | quote)].tobytes())
    return _JSON_STRING.sub(b'""', raw)


def check_json(data: bytes | str, limits: Limits) -> None:
    """Refuse JSON text that is too long, nests too deeply or holds too long a number."""
    raw = _text(data)
    if len(raw) > limits.max_bytes:  # before any work on it
        _check(b"", limits, len(raw))
    if b"\\" in raw:  # a string may hold an escaped quote: take the strings out exactly
        _check(_JSON_STRING.sub(b'""', raw), limits, len(raw), names=False)
        return
    _check_plain(raw, raw.translate(None, _NOT_STRUCTURE), limits)


def check_json_texts(texts: list[bytes], limits: Limits) -> None:
    """``check_json`` on several texts (a save's sections) with the limits of their
    total: as one text when that is exact (no escapes, and each text's quotes pair up
    within it, so the strings found in the whole are each text's own), else one by one.
    Each check has a fixed cost: a save of 16 sections pays it once."""
    whole = b"".join(texts)
    if len(whole) > limits.max_bytes:
        _check(b"", limits, len(whole))
    skeletons = [] if b"\\" in whole else [t.translate(None, _NOT_STRUCTURE) for t in texts]
    if not skeletons or any(skeleton.count(b'"') % 2 for skeleton in skeletons):
        for text in texts:
            check_json(text, limits)
        return
    _check_plain(whole, b"".join(skeletons), limits)


def _check_plain(raw: bytes, skeleton: bytes, limits: Limits) -> None:
    """``check_json`` on text without a backslash, given its brackets and quotes alone
    (``skeleton``, a small part of a save, whose strings are mostly base64): the nesting
    is read from that. A long run of digits anywhere, strings included, is rare: only
    then are the strings taken out of the whole text to see whether it is a number."""
    bare = skeleton.replace(b'""', b"")  # the strings without a bracket in them
    if b'"' in bare:  # some string holds a bracket (or a quote ends one and opens the next)
        bare = _without_strings(skeleton)
    _too_deep(bare, limits)
    if b"0" * (limits.max_digits + 1) in raw.translate(_DIGIT_MARKS):  # C speed, unlike re
        _check(_without_strings(raw), limits, len(raw), names=False)
    if len(raw) > limits.max_bytes or limits.max_lists is not None or not _within(bare, limits):
        _check(bare, limits, len(raw), names=False)


def _within(bare: bytes, limits: Limits) -> bool:
    """Whether brackets alone (no strings, so no digits) surely nest at most
    ``limits.max_depth`` deep: each ``replace`` takes out every innermost pair, one
    level, so text emptied in that many is no deeper. A few calls at C speed on a save's
    few hundred brackets, where ``deepest``'s numpy passes cost a fixed 20 us; anything
    else (deeper, unbalanced) is left to ``_check``, which says how deep."""
    pairs = bare.translate(_ONE_BRACKET)
    for _ in range(limits.max_depth):
        if not pairs:
            return True
        pairs = pairs.replace(b"[]", b"")
    return not pairs


def parse_json(data: bytes | str, limits: Limits) -> Any:
    """``data`` checked (``check_json``) and parsed; InputError says what is wrong."""
    check_json(data, limits)
    return parse_checked_json(data, limits)


def parse_checked_json(data: bytes | str, limits: Limits) -> Any:
    """``data``, already checked (``check_json`` or ``check_json_texts``), parsed.
    Parsed by msgspec (twice as fast as ``json`` on a save, and stricter: no ``NaN``,
    no lone surrogates, no number beyond a float's range)."""
    try:
        return _DECODER.decode(data)
    except (ValueError, RecursionError):  # bad UTF-8 or JSON (the limits rule out the rest)
        raise InputError(f"{limits.what} is not valid JSON") from None


_DECODER = msgspec.json.Decoder()
_ENCODER = msgspec.json.Encoder()


def to_json(data: object) -> bytes:
    """Compact JSON (UTF-8) of plain data, by msgspec: ten times as fast as ``json.dumps``
    on a save's world, so a checkpoint stays cheap."""
    return _ENCODER.encode(data)


def check_toml(text: str, limits: Limits) -> None:
    """Refuse TOML text that is too long, nests too deeply or holds too long a number
    (strings, literal strings and comments are skipped: they may hold anything)."""
    raw = _text(text)
    _check(_TOML_SKIP.sub(b"''", raw), limits, len(raw))


def journal_time_limit(commands: int) -> int:
    """The latest world time, past the save's, a journal of ``commands`` may reach."""
    return min(time_limit(commands), JOURNAL_TIME)


def time_limit(commands: int) -> int:
    """The latest world time a run of ``commands`` commands may reach."""
    return TIME_PER_COMMAND * commands + TIME_ALLOWANCE


def check_run(commands: int, latest: int, most: int, what: str) -> None:
    """Refuse a list of ``commands`` commands, the latest of which names world time
    ``latest``, when there are more than ``most`` or the time is beyond ``time_limit``."""
    if commands > most:
        raise InputError(f"{what} holds {commands} commands (at most {most})")
    if latest > time_limit(commands):
        raise InputError(
            f"{what} runs the clock to {latest} (at most {time_limit(commands)} "
            f"for {commands} commands)"
        )
