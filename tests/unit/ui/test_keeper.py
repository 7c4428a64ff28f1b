"""A screen's parts kept by what they show (``ui/shell/kept_parts.py``): the same
control at the next build when its key is the same, never one control in two
places. The scoreboard's kept parts after Save: ``test_layers.py``."""

from __future__ import annotations

import flet as ft

from scorekeeper.ui.shell.kept_parts import Keeper


def test_a_part_with_the_same_key_is_the_same_control_at_the_next_build():
    keep = Keeper()
    first = keep.start()(("total", "12"), lambda: ft.Text("12"))
    again = keep.start()(("total", "12"), lambda: ft.Text("12"))
    changed = keep.start()(("total", "14"), lambda: ft.Text("14"))
    assert again is first
    assert changed is not first and changed.value == "14"


def test_a_key_asked_twice_in_one_build_gets_two_controls():
    keep = Keeper().start()
    one = keep(("seat", "Anna"), lambda: ft.Text("Anna"))
    two = keep(("seat", "Anna"), lambda: ft.Text("Anna"))
    assert one is not two


def test_a_part_the_last_build_did_not_ask_for_is_let_go():
    keep = Keeper()
    first = keep.start()(("undo", 3), lambda: ft.Text("undo"))
    keep.start()  # a build without it
    assert keep.start()(("undo", 3), lambda: ft.Text("undo")) is not first
