import pytest

from hhtools import CardError, parse_card, parse_cards
from hhtools.core.cards import DECK, format_cards

ALLOWED = "ranks are A K Q J T 9 8 7 6 5 4 3 2 (or 10), suits s h d c (or ♠ ♥ ♦ ♣)"


@pytest.mark.parametrize("text, expected", [
    ("As", "As"), ("td", "Td"), ("10d", "Td"), ("10D", "Td"), ("kH", "Kh"),
    ("A♠", "As"), ("10♥", "Th"), ("♦Q", "Qd"), ("2♣", "2c"),
])
def test_cards_are_read_as_players_write_them(text, expected):
    assert str(parse_card(text)) == expected


def test_every_card_prints_and_reads_back():
    assert [parse_card(str(c)) for c in DECK] == list(DECK)
    assert len({str(c) for c in DECK}) == 52


@pytest.mark.parametrize("text", ["As 2d 3h 4c", "As2d3h4c", "as,2D, 3h ,4c", "[As 2d 3h 4c]",
                                  "A♠ 2♦ 3♥ 4♣", "A♠2♦3♥4♣"])
def test_hands_in_any_common_spelling(text):
    assert format_cards(parse_cards(text)) == "As 2d 3h 4c"


@pytest.mark.parametrize("text, bad", [
    ("1x", "1x"), ("As 1x 3h", "1x"), ("As2d3x", "3x"), ("11s", "11s"), ("Ax", "Ax"),
    ("As 2d 3h 4", "4"), ("A♠ 2♦ Z♥", "Z♥"),
])
def test_bad_card_names_itself_and_what_is_allowed(text, bad):
    with pytest.raises(CardError) as err:
        parse_cards(text)
    assert str(err.value) == f"{bad!r} is not a card: {ALLOWED}"
    assert "\n" not in str(err.value)


def test_repeated_card_is_refused():
    with pytest.raises(CardError, match=r"^'As' appears twice in 'As Ks as': a hand holds each card once$"):
        parse_cards("As Ks as")


def test_size_is_checked_when_asked():
    assert len(parse_cards("As 2d 3h 4c", size=4)) == 4
    with pytest.raises(CardError, match="holds 3 cards: this hand needs 4"):
        parse_cards("As 2d 3h", size=4)
    with pytest.raises(CardError, match="needs 4 to 5"):
        parse_cards("As", size=(4, 5))
