import pytest

from hhtools import CardError, UnknownNameError, get_game, parse_cards


@pytest.mark.parametrize("name, canonical, components", [
    ("badugi", "badugi", ["badugi"]),
    ("Badeucy", "badeucy", ["badugi-ace-high", "2-7"]),
    ("badeucey", "badeucy", ["badugi-ace-high", "2-7"]),
    ("Badacey", "badacey", ["badugi", "a-5"]),
    ("2-7", "2-7", ["2-7"]),
    ("Triple Draw 2-7 Lowball", "2-7", ["2-7"]),
    ("a-5", "a-5", ["a-5"]),
])
def test_games_map_to_their_components(name, canonical, components):
    game = get_game(name)
    assert game.name == canonical
    assert [c.name for c in game.components] == components
    assert game.split == (len(components) == 2)


def test_unknown_game_suggests_the_closest():
    with pytest.raises(UnknownNameError, match=r"Unknown game 'badeuci'\. Did you mean badeucy\?"):
        get_game("badeuci")


def test_hand_size_is_the_games():
    with pytest.raises(CardError, match="needs 4"):
        get_game("badugi").evaluate(parse_cards("As 2d 3h 4c 5s"))
    with pytest.raises(CardError, match="needs 5"):
        get_game("badeucy").evaluate(parse_cards("As 2d 3h 4c"))


def test_badeucy_example_of_the_rules_splits_75_25():
    # RULES.md section 2: P1 and P3 tie the Badugi half, P3 wins the 2-7 half.
    hands = [parse_cards(h) for h in ("2s 3d 4h 5c Kc", "2c 3h 4d 6s 7c", "2h 3c 4s 5d 7h")]
    assert get_game("badeucy").showdown(hands) == {"badugi-ace-high": [0, 2], "2-7": [2]}


def test_badacey_uses_the_ace_low_badugi_and_finds_the_four_card_hand():
    # RULES.md section 1: the three lowest cards As3d4c are wrong, K-4-3-A is right.
    badugi, low = get_game("badacey").evaluate(parse_cards("As 2s 3d 4c Kh"))
    assert badugi.description == "4-card Badugi K-4-3-A"
    assert low.description == "K-4-3-2-A"
