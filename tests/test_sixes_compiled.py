"""Sixes on the compiled core: its hand an extension type built on ``Hand`` (sixes.pxd), still a
Python class where tests and tools reach it (docs/PERFORMANCE.md, "The compiled core")."""

from __future__ import annotations

import pytest

from service.rules import build
from service.rules.game import Hand
from service.rules.games.sixes import GAME, Build, SixesHand, SixesHandCore

HEAP_TYPE = 1 << 9  # Py_TPFLAGS_HEAPTYPE: a class made by Python


@pytest.mark.skipif(build.pure_requested() or not build.COMPILED, reason="no compiled core in use")
def test_the_hand_and_its_building_tables_are_extension_types_where_compiled():
    """They lose their C layout silently if sixes.pxd stops matching sixes.py: checked here."""
    assert "service.rules.games.sixes" not in build.SOURCE
    for cls in (SixesHandCore, Build):
        assert not cls.__flags__ & HEAP_TYPE, cls


def test_the_hand_stays_a_python_class_whose_methods_can_be_replaced(monkeypatch):
    """A replay calls ``play`` through C, and still finds a replacement made on ``SixesHand``."""
    assert SixesHand.__flags__ & HEAP_TYPE and issubclass(SixesHand, Hand)
    played = []
    original = SixesHand.play
    monkeypatch.setattr(SixesHand, "play", lambda self, move, i: played.append(i) or original(self, move, i))
    record = GAME.deal("replaced", {}, 0, None)
    hand = GAME.replay(record)
    record["moves"] = [GAME.write_move(GAME.parse_move(hand.legal_moves()[0], hand.n, hand.pack, None, "m"))]
    assert type(GAME.replay(record)) is SixesHand and played == [0]
