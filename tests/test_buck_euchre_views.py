"""Views (buck-euchre.md "Views"): what each seat may see, and replaying from a view."""

import pytest

from service.rules.errors import InvalidRecord
from service.rules.games import GAMES

from .test_buck_euchre import E3_DEAL, be

G = GAMES["buck-euchre"]
ORDERED = be([(0, "pass"), (1, "order_up"), (3, "discard", {"card": "9C"}), (0, "stay"), (2, "drop"),
              (3, "stay"), (0, "play", {"card": "AS"})])


def test_view_hides_other_hands_the_stock_and_the_discard():
    v = G.view(ORDERED, 0)
    assert v["viewer"] == 0
    assert v["deal"]["hands"][0] == E3_DEAL["hands"][0]
    assert v["deal"]["hands"][1:] == [[None] * 5] * 3
    assert v["deal"]["stock"] == [None] * 3 and v["deal"]["turn_up"] == "JH"
    assert v["moves"][2] == {"seat": 3, "type": "discard", "card": None}
    assert v["moves"][6] == {"seat": 0, "type": "play", "card": "AS"}  # played cards are public
    assert "seed" not in v


def test_dealer_sees_his_own_discard():
    assert G.view(ORDERED, 3)["moves"][2]["card"] == "9C"


def test_view_replays_to_the_same_legal_moves_for_the_viewer():
    for seat in range(4):
        v = G.view(ORDERED, seat)
        hand = G.replay(v)
        assert hand.to_act == 1
        if seat == 1:
            assert hand.listing() == G.replay(ORDERED).listing()
        else:
            assert hand.listing() is None


def test_view_of_a_view_and_of_another_seat():
    v = G.view(ORDERED, 1)
    assert G.view(v, 1) == v
    with pytest.raises(InvalidRecord) as exc:
        G.view(v, 2)
    assert exc.value.reason == "view_incomplete"


def test_view_missing_the_viewers_own_cards_is_incomplete():
    v = G.view(ORDERED, 1)
    v["deal"]["hands"][1][0] = None
    with pytest.raises(InvalidRecord) as exc:
        G.replay(v)
    assert exc.value.reason == "view_incomplete"


def test_a_view_still_refuses_what_the_viewer_knows_is_wrong():
    v = G.view(be([(0, "pass"), (1, "order_up")]), 0)
    hand = G.replay(v)
    # the dealer cannot discard a card seat 0 holds
    assert hand.check({"seat": 3, "type": "discard", "card": G.pack({}).parse("9S", "c")})[0] == \
        "card_not_in_hand"
    # but any card the viewer cannot place is accepted
    assert hand.check({"seat": 3, "type": "discard", "card": G.pack({}).parse("9C", "c")}) is None


def test_null_card_outside_a_view_is_invalid():
    rec = {**ORDERED, "moves": [dict(m) for m in ORDERED["moves"]]}
    rec["moves"][2]["card"] = None
    with pytest.raises(InvalidRecord):
        G.replay(rec)
