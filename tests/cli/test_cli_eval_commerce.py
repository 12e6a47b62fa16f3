"""``hhtools eval --game whisky|la-viuda``: hands, wild rank, table cards, and the errors."""

import json

from typer.testing import CliRunner

from hhtools.cli.main import app

runner = CliRunner()


def run(*args, stdin=None):
    return runner.invoke(app, list(args), input=stdin)


def test_la_viuda_names_the_worst_hand_and_why():
    result = run("eval", "--game", "la-viuda", "--wild", "2", "Ann=8h 8s 9h 5c 4d", "Bob=8d 8c 9s 5h 4h")
    assert result.exit_code == 0, result.output
    assert "Ann: 8h 8s 9h 5c 4d  (La Viuda, jokers and twos wild)" in result.output
    assert "  0 wild cards; 9h-8h; 3 red, 2 black" in result.output
    assert ("Worst hand (pays a chip): Bob with Par: pair of eights; against Ann: equal as poker "
            "hands (pair of eights), with as many wild cards (0); the suited sequence 9h-8h "
            "beats 5h-4h: it is higher.") in result.output


def test_wild_cards_say_what_they_became():
    result = run("eval", "-g", "la-viuda", "--wild", "10", "Jk Td 9d 8d 6d")
    assert result.exit_code == 0
    # The ten is wild but plays as itself: only the joker is said to stand for a card.
    assert "Flor Corrida: straight flush, ten high (Jk as 7d)" in result.output


def test_drawn_card_and_manotazo_settle_the_tie():
    hands = ["Ks Kh 8c 6d 5s", "Kd Kc 8h 6c 5h"]
    pending = run("eval", "-g", "la-viuda", "--wild", "A", *hands)
    assert "hand 1 and hand 2 still tie for the worst hand: a card drawn from the deck decides" in pending.output
    drawn = run("eval", "-g", "la-viuda", "--wild", "A", *hands, "--drawn", "3d")
    assert "3d is drawn from the deck: red, so hand 2 (more red cards) ranks above hand 1." in drawn.output
    assert "Worst hand (pays a chip): hand 1" in drawn.output
    hands = ["7h 7c Td 9s 4h", "7d 7s Th 9c 4d"]
    settled = run("eval", "-g", "la-viuda", "--wild", "A", *hands,
                  "--manotazo", "1=7h 2=7s", "--manotazo", "1=4d 2=9s")
    assert settled.exit_code == 0, settled.output
    assert "Manotazo (round 2): hand 1 draws 4d, hand 2 draws 9s; hand 1 drew the lowest card." in settled.output


def test_a_drawn_card_that_settles_nothing_is_refused():
    result = run("eval", "-g", "la-viuda", "--wild", "A", "Ks Kh 8c 6d 5s", "2c 2d 3c 4c 5c",
                 "--drawn", "3d")
    assert result.exit_code == 1
    assert "settles nothing here: no two hands tie for the worst" in result.output


def test_whisky_ranks_without_wild_cards():
    result = run("eval", "--game", "whiskey", "As Ks Qs Js Ts", "2c 2d 3h 4h 5h")
    assert result.exit_code == 0
    assert "Best hand (takes the pool): hand 1 with royal flush" in result.output
    assert "Lowest hand (pays a chip under the alternative scoring): hand 2 with pair of twos" in result.output


def test_json_holds_each_hand_the_order_and_the_verdicts():
    result = run("eval", "-g", "la-viuda", "--wild", "K", "--json", "Ana=Kd 9h 9c 9s Jk", "Beto=Ah Kh Qh Jh Th")
    assert result.exit_code == 0
    obj = json.loads(result.output)
    assert obj["order"] == [["Ana"], ["Beto"]] and obj["worst"] == ["Beto"]
    assert obj["hands"]["Ana"]["category_es"] == "Quintilla"
    assert obj["hands"]["Ana"]["substitutions"] == [["Kd", "9"], ["Jk", "9"]]


def test_standard_input_one_comparison_per_line():
    lines = "As Ks Qs Js Ts | 2c 2d 3h 4h 5h\n# a comment\nJk 2c 3c 4c 5c\nAs Kd\n"
    result = run("eval", "-g", "la-viuda", "--wild", "Q", "-", stdin=lines)
    assert result.exit_code == 1
    out = result.stdout.splitlines()
    assert out[0] == ("hand 1: Flor Imperial: royal flush | hand 2: Par: pair of twos "
                      "=> best hand 1; worst hand 2")
    assert out[1] == "hand 1: Flor Corrida: straight flush, six high (Jk as 6c)"
    assert "line 4: 'As Kd' holds 2 cards: this hand needs 5" in result.stderr


def test_usage_errors():
    cases = [
        (["-g", "la-viuda", "As Ks Qs Js Ts"], "--wild is needed"),
        (["-g", "whisky", "--wild", "A", "As Ks Qs Js Ts"], "Whisky Poker has no wild cards"),
        (["-g", "la-viuda", "--wild", "1", "As Ks Qs Js Ts"], "'1' is not a rank"),
        (["-g", "badugi", "--wild", "A", "As Kd 3h 4c"], "--wild, --drawn and --manotazo are for la-viuda"),
        (["-g", "la-viuda", "--wild", "A", "As Ks Qs Js Ts", "--manotazo", "1:As"], "is not PLAYER=CARD"),
        (["-g", "la-viuda", "--wild", "A", "--drawn", "3c", "-"], "settle one comparison"),
    ]
    for args, message in cases:
        result = run("eval", *args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output


def test_bad_cards_are_rejected_with_status_1():
    result = run("eval", "-g", "whisky", "Jk Ks Qs Js Ts")
    assert result.exit_code == 1
    assert "the pack holds no joker" in result.output
    result = run("eval", "-g", "la-viuda", "--wild", "A", "Jk Ks Qs Js Ts", "Jk X1 2c 3c 4c")
    assert result.exit_code == 1
    assert "'Jk' is held again by hand 2: the pack holds two jokers" in result.output
