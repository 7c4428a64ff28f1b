"""A link that carries a whole match: the FORMAT.md document in the fragment.

The document (as the export writes it, without the edit log) is written as
compact JSON, compressed with raw deflate and a preset dictionary of the
format's own words (:data:`DICTIONARY`, fixed forever for version 1), prefixed
with a CRC-32 of the compressed bytes, and written in base64url without
padding after ``#m=1.`` (``1`` is the link version). The fragment is never
sent to a server, so the match travels from phone to phone and no server
receives it.

Reading refuses, with one line, anything that is not such a link exactly: a
missing or unknown version, characters outside base64url, a non-canonical
base64 tail, a failed check (one character changed anywhere after ``#m=1.``
always fails it: a base64 character covers at most two bytes, and CRC-32
catches every burst of up to 32 bits), a stream cut short or too large once
inflated, or JSON that is not one object.

>>> doc = {"format": "spazzino-match", "version": 1, "players": ["Anna", "Bruno"],
...        "hands": []}
>>> link = match_link(doc, "http://127.0.0.1:8550/")
>>> link.startswith("http://127.0.0.1:8550/#m=1.")
True
>>> link_document(link) == doc
True
>>> link_document(link[:-3])
Traceback (most recent call last):
...
scorekeeper.core.sharelink.LinkError: damaged or cut short (its check fails)
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Mapping
from typing import Any

LINK_VERSION = 1
FRAGMENT = "m="
"""The fragment's key: ``#m=<version>.<payload>``."""
MAX_LINK = 200_000
"""Characters of a link read at most (a 40-hand match needs about 1,200)."""
MAX_DOCUMENT = 4_000_000
"""Bytes of JSON a link may inflate to (a bomb is refused, not inflated)."""

DICTIONARY = (
    b'"meta":{"id":"2026'
    b'"created":"2026-'
    b'"updated":"2026-'
    b'T00:00:00+00:00"'
    b'"notes":"'
    b'"abandoned":true,"rematch_of":"2026'
    b'"declaration":{"by":"'
    b'","deal":'
    b'{"sides":[{"cards":20,"spades":["A","2","3","4","5","6","7","F","C","R"],'
    b'"settebello":false,"piccole":0,"spazzini":[],"bagari":[],"scaluneddu":0},'
    b'{"cards":20,"spades":["A","2","3","4","5","6","7","F","C","R"],'
    b'"settebello":true,"piccole":1,"spazzini":["R"],"bagari":[3],"scaluneddu":0}]},'
    b'"spades":5,"due_di_spade":false,"fante_di_spade":true,"napola":0,'
    b'{"format":"spazzino-match","version":1,"players":["'
    b'"first_dealer":"'
    b'"rules":{"target":31,"spazzino_numeral":"face","ties":"none",'
    b'"scaluneddu":true,"early_win":false},"hands":['
)
"""What every match document says, as deflate's preset dictionary (most used
last). Version 1 of the link is this exact byte string: changing it is a new
version."""

_FAILED = "damaged or cut short (its check fails)"
_PAYLOAD = re.compile(r"[A-Za-z0-9_-]*")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")


class LinkError(ValueError):
    """A link that does not carry a match; the message says why, in one line."""


def looks_like_link(text: str) -> bool:
    """Whether *text* is meant as a link (a web address, or a bare fragment)
    rather than a file name.

    >>> looks_like_link("http://192.168.1.5:8550/#m=1.abc"), looks_like_link("a.json")
    (True, False)
    """
    return bool(_SCHEME.match(text)) or text.startswith("#" + FRAGMENT)


def _deflate(data: bytes) -> bytes:
    z = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, DICTIONARY)
    return z.compress(data) + z.flush()


def _inflate(data: bytes) -> bytes:
    z = zlib.decompressobj(-15, zdict=DICTIONARY)
    try:
        out = z.decompress(data, MAX_DOCUMENT + 1)
    except zlib.error as e:
        raise LinkError(f"damaged ({e})") from None
    if len(out) > MAX_DOCUMENT:
        raise LinkError(
            f"its match is too large (over {MAX_DOCUMENT:,} bytes)"
        ) from None
    if not z.eof:
        raise LinkError("cut short (its match ends too soon)")
    if z.unused_data:
        raise LinkError("damaged (bytes after its match)")
    return out


def match_payload(doc: Mapping[str, Any]) -> str:
    """The fragment that carries *doc* (``m=1.…``, no ``#``)."""
    data = json.dumps(
        doc, ensure_ascii=False, separators=(",", ":"), allow_nan=False
    ).encode("utf-8")
    packed = _deflate(data)
    check = zlib.crc32(packed).to_bytes(4, "big")
    text = base64.urlsafe_b64encode(check + packed).decode("ascii").rstrip("=")
    return f"{FRAGMENT}{LINK_VERSION}.{text}"


def match_link(doc: Mapping[str, Any], base: str) -> str:
    """The link to *base* (the app's address; any fragment of it dropped)
    that carries *doc*."""
    return base.split("#", 1)[0] + "#" + match_payload(doc)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refused if it gives a key twice (which one counts is
    a guess), as the match file's reader refuses it."""
    d = dict(pairs)
    if len(d) < len(pairs):
        keys = [k for k, _ in pairs]
        twice = next(k for k in keys if keys.count(k) > 1)
        raise LinkError(f"its match gives the key {twice!r} twice")
    return d


def _payload_of(link: str) -> str:
    if len(link) > MAX_LINK:
        raise LinkError(f"too long ({len(link):,} characters)")
    link = link.strip()
    _, hash_, fragment = link.partition("#")
    if not hash_ or not fragment.startswith(FRAGMENT):
        raise LinkError("carries no match (no '#m=' part: it may be cut short)")
    version, dot, payload = fragment[len(FRAGMENT) :].partition(".")
    if not dot or not version.isdigit():
        raise LinkError("damaged (no version after '#m=')")
    if int(version) != LINK_VERSION:
        raise LinkError(
            f"made for version {version} of the link, this app reads version "
            f"{LINK_VERSION}: update the app"
        )
    if not _PAYLOAD.fullmatch(payload):
        bad = next(c for c in payload if not _PAYLOAD.fullmatch(c))
        raise LinkError(f"damaged (the character {bad!r} is not allowed)")
    return payload


def link_json(link: str) -> bytes:
    """The JSON bytes a link carries (its check passed, inflated within the
    limit); :class:`LinkError` if it carries none. What a person hands in is
    decoded by the file reader, with its rules and messages
    (``scorekeeper.jsonfile.read_link``)."""
    payload = _payload_of(link)
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise LinkError(_FAILED) from None
    canonical = base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")
    if canonical != payload or len(raw) < 5:
        raise LinkError(_FAILED)
    check, packed = raw[:4], raw[4:]
    if zlib.crc32(packed).to_bytes(4, "big") != check:
        raise LinkError(_FAILED)
    return _inflate(packed)


def link_document(link: str) -> dict[str, Any]:
    """The match document a link carries; :class:`LinkError` if it carries none.

    The document is not checked as a match here: the import does that, as it
    does for a file. The doors (``import LINK``, the app's shared link) read
    a link by ``jsonfile.read_link`` instead, the file reader's stricter
    rules (no lone surrogate, no 4,000-digit number) and its messages.
    """
    data = link_json(link)
    try:
        doc = json.loads(data.decode("utf-8"), object_pairs_hook=_object)
    except (UnicodeDecodeError, ValueError, RecursionError) as e:
        if isinstance(e, LinkError):
            raise
        raise LinkError(f"its match is not readable JSON ({e})") from None
    if not isinstance(doc, dict):
        raise LinkError("its match is not a match document (not an object)")
    return doc
