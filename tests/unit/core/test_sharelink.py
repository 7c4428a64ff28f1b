"""The link that carries a match: round trip, length, and every damage refused."""

from __future__ import annotations

import base64
import doctest
import re
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core import sharelink
from scorekeeper.core.matchfile import dump_match, parse_match
from scorekeeper.core.sharelink import (
    LINK_VERSION,
    MAX_DOCUMENT,
    LinkError,
    link_document,
    looks_like_link,
    match_link,
)
from tests.long_match import long_match
from tests.strategies import match_st

BASE = "http://192.168.1.20:8550/"
META = {
    "id": "20261202-0123456789ab",
    "created": "2026-12-02T10:00:00+00:00",
    "updated": "2026-12-02T11:31:07+00:00",
    "notes": "al bar, dopo cena",
}


def long_doc() -> dict:
    return dump_match(long_match(), META)


def payload_of(link: str) -> str:
    return link.split("#m=1.", 1)[1]


def link_with(payload: str) -> str:
    return f"{BASE}#m={LINK_VERSION}.{payload}"


def test_the_docstring_examples_hold():
    assert doctest.testmod(sharelink).failed == 0


@settings(max_examples=60, deadline=None)
@given(match_st())
def test_a_link_carries_any_match_back_exactly(match):
    """For every valid match, reading its link gives its document back."""
    doc = dump_match(match, META)
    assert parse_match(link_document(match_link(doc, BASE))).match == match


def test_a_40_hand_match_makes_a_link_under_2000_characters():
    link = match_link(long_doc(), BASE)
    print(f"40-hand match: link of {len(link)} characters")
    assert len(link) < 2000
    assert link_document(link) == long_doc()


def test_the_link_points_at_the_apps_address_without_its_old_fragment():
    link = match_link(long_doc(), "https://spazzino.example/app/#/partita")
    assert link.startswith("https://spazzino.example/app/#m=1.")
    assert link.count("#") == 1


def test_every_character_changed_after_the_version_is_refused():
    """A base64url character covers at most two bytes and CRC-32 catches
    every burst of 32 bits: no single substitution gets through."""
    payload = payload_of(match_link(long_doc(), BASE))
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for i, c in enumerate(payload):
        for other in (alphabet[(alphabet.index(c) + k) % 64] for k in (1, 17, 32)):
            with pytest.raises(LinkError):
                link_document(link_with(payload[:i] + other + payload[i + 1 :]))


@pytest.mark.parametrize("cut", [1, 2, 3, 4, 10, 500])
def test_a_link_cut_short_is_refused(cut):
    link = match_link(long_doc(), BASE)
    with pytest.raises(LinkError, match="cut short"):
        link_document(link[:-cut])


@pytest.mark.parametrize(
    ("link", "words"),
    [
        ("http://127.0.0.1:8550/", "carries no match"),
        ("http://127.0.0.1:8550/#/storico", "carries no match"),
        ("http://127.0.0.1:8550/#m=", "no version"),
        ("http://127.0.0.1:8550/#m=x.AAAA", "no version"),
        ("http://127.0.0.1:8550/#m=2.AAAA", "version 2"),
        ("http://127.0.0.1:8550/#m=1.AA AA", "' ' is not allowed"),
        ("http://127.0.0.1:8550/#m=1.AA+/", "'+' is not allowed"),
        ("http://127.0.0.1:8550/#m=1.", "check fails"),
        ("http://127.0.0.1:8550/#m=1.A", "check fails"),
        ("#m=1." + "A" * 300_000, "too long"),
    ],
)
def test_links_that_carry_no_match_are_refused_with_one_line(link, words):
    with pytest.raises(LinkError, match=re.escape(words)) as info:
        link_document(link)
    assert "\n" not in str(info.value)


def forged(data: bytes) -> str:
    """A link whose check passes around any bytes: what an attacker can make."""
    z = zlib.compressobj(9, zlib.DEFLATED, -15, 9, 0, sharelink.DICTIONARY)
    packed = z.compress(data) + z.flush()
    raw = zlib.crc32(packed).to_bytes(4, "big") + packed
    return link_with(base64.urlsafe_b64encode(raw).decode().rstrip("="))


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"[1, 2]", "not an object"),
        (b"null", "not an object"),
        (b'{"a": 1, "a": 2}', "'a' twice"),
        (b'{"a": ', "not readable JSON"),
        (b"\xff\xfe{}", "not readable JSON"),
        (b"[" * 100_000 + b"]" * 100_000, "not"),
    ],
)
def test_forged_links_with_a_valid_check_are_still_refused(data, words):
    with pytest.raises(LinkError, match=words):
        link_document(forged(data))


def test_a_link_that_inflates_past_the_limit_is_refused_before_it_is_all_inflated():
    bomb = forged(b" " * (MAX_DOCUMENT + 10))
    assert len(bomb) < 20_000
    with pytest.raises(LinkError, match="too large"):
        link_document(bomb)


def test_a_link_with_bytes_after_its_match_is_refused():
    good = base64.urlsafe_b64decode(payload_of(forged(b"{}")) + "==")
    packed = good[4:] + b"junk"
    raw = zlib.crc32(packed).to_bytes(4, "big") + packed
    with pytest.raises(LinkError, match="bytes after"):
        link_document(link_with(base64.urlsafe_b64encode(raw).decode().rstrip("=")))


@given(st.text(max_size=300))
def test_any_text_after_the_fragment_is_refused_or_read_never_crashes(text):
    try:
        doc = link_document(f"{BASE}#m=1.{text}")
    except LinkError:
        return
    assert isinstance(doc, dict)


def test_addresses_and_bare_fragments_read_as_links_file_names_do_not():
    assert looks_like_link("https://x.example/#m=1.AAAA")
    assert looks_like_link("#m=1.AAAA")
    assert not looks_like_link("partite/domenica.json")
    assert not looks_like_link("-")
