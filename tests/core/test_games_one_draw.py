"""The one-draw games (2-7 and A-5 Single Draw, 5-Card Draw): found by the names the sites print,
scored by their components, and evaluated by `hhtools eval` like every other game."""

import json

import pytest
from typer.testing import CliRunner

from hhtools import GAMES, CardError, get_game, parse_cards
from hhtools.cli.main import app
from hhtools.generate import UnsupportedCombination, check_supported

runner = CliRunner()


@pytest.mark.parametrize("name, canonical, component", [
    ("2-7-single-draw", "2-7-single-draw", "2-7"),
    ("Single Draw 2-7 Lowball", "2-7-single-draw", "2-7"),    # PokerStars
    ("2-7 Single Draw", "2-7-single-draw", "2-7"),            # Full Tilt, KingsClub
    ("a-5-single-draw", "a-5-single-draw", "a-5"),
    ("A-5 Single Draw", "a-5-single-draw", "a-5"),            # KingsClub
    ("A-5 Triple Draw", "a-5", "a-5"),                        # Full Tilt, KingsClub
    ("5-card-draw", "5-card-draw", "high"),
    ("5 Card Draw", "5-card-draw", "high"),                   # PokerStars, Full Tilt
    ("5-Draw", "5-card-draw", "high"),                        # Merge
])
def test_the_sites_names_find_the_games(name, canonical, component):
    game = get_game(name)
    assert game.name == canonical
    assert [c.name for c in game.components] == [component]
    assert not game.split


def test_one_draw_of_up_to_five_cards():
    for name in ("2-7-single-draw", "a-5-single-draw", "5-card-draw"):
        game = GAMES[name]
        assert (game.hand_size, game.draws, game.max_discard) == (5, 1, 5)
    assert GAMES["a-5"].draws == GAMES["2-7"].draws == 3


def test_single_draw_games_score_as_their_triple_draw_twins():
    hands = [parse_cards(h) for h in ("2d Th 3d 6h 5c", "8h 3c 4s 8d 7d", "As 2c 3d 4h 5s")]
    assert get_game("2-7-single-draw").showdown(hands) == {"2-7": [0]}
    assert get_game("2-7").showdown(hands) == {"2-7": [0]}
    assert get_game("a-5-single-draw").showdown(hands) == {"a-5": [2]}
    assert get_game("5-card-draw").showdown(hands) == {"high": [2]}  # the wheel, a straight


def test_five_card_draw_made_means_a_pat_hand():
    game = get_game("5-card-draw")
    assert game.made(parse_cards("As 2d 3h 4c 5s"))
    assert not game.made(parse_cards("Ac Ad Ah Kc Qd"))
    with pytest.raises(CardError, match="needs 5"):
        game.evaluate(parse_cards("As Ks Qs Js"))


def run(*args, stdin=None):
    return runner.invoke(app, list(args), input=stdin)


def test_eval_five_card_draw_names_the_winner_and_why():
    result = run("eval", "--game", "5-card-draw", "As Ks Qs Js Ts", "2c 2d 2h 7s 7d")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Hand 1: As Ks Qs Js Ts  (5-Card Draw)"
    assert "royal flush" in lines[1] and "rank 1 of 7462" in lines[1]
    assert "full house, twos full of sevens" in lines[3] and "rank 318 of 7462" in lines[3]
    assert lines[-1] == ("Pot: hand 1 wins with royal flush; against hand 2: royal flush beats "
                         "full house, twos full of sevens: a straight flush beats a full house.")


def test_eval_five_card_draw_json():
    result = run("eval", "--game", "5 Card Draw", "--json", "As Ks Qs Js Ts", "2c 2d 2h 7s 7d")
    assert result.exit_code == 0, result.output
    first, second, verdict = (json.loads(line) for line in result.output.splitlines())
    assert first["game"] == "5-card-draw" and first["wins"] == ["high"]
    assert first["components"] == [{"name": "high", "rank": 1, "description": "royal flush",
                                     "best": ["As", "Ks", "Qs", "Js", "Ts"]}]
    assert second["components"][0]["rank"] == 318 and second["wins"] == []
    assert verdict["winners"] == {"high": [1]}


def test_eval_single_draw_lowballs_and_the_stream():
    result = run("eval", "-g", "Single Draw 2-7 Lowball", "2d Th 3d 6h 5c", "8h 3c 4s 8d 7d")
    assert result.exit_code == 0
    assert "(2-7 Single Draw)" in result.output
    assert "Pot: hand 1 wins with T-6-5-3-2" in result.output
    result = run("eval", "-g", "a-5-single-draw", "--json", "-",
                 stdin="7s 3h 3s 4c As\nAs 2c 3d 4h 5s | 6c 4d 3s 2d Ad\n")
    assert result.exit_code == 0
    one, two = (json.loads(line) for line in result.stdout.splitlines())
    assert one["components"][0]["description"] == "pair of threes"
    assert two["winners"] == {"a-5": [1]}


def test_eval_refuses_a_short_hand_without_a_traceback():
    result = run("eval", "-g", "5-card-draw", "As Ks Qs Js")
    assert result.exit_code == 1
    assert "'As Ks Qs Js' holds 4 cards: this hand needs 5" in result.stderr
    assert "Traceback" not in result.output


def test_generate_deals_the_new_games_where_the_sites_do():
    # Dealt for the sites whose real files show them (tests/generate/test_generate.py round-trips
    # them); elsewhere the refusal names what the site can write.
    for site, game, structure in (("pokerstars", "2-7-single-draw", "no-limit"),
                                  ("kingsclub", "a-5-single-draw", "fixed-limit"),
                                  ("merge", "5-card-draw", "pot-limit")):
        assert check_supported(site, game, structure).name == site
    with pytest.raises(UnsupportedCombination, match="winamax cannot express 5-card-draw"):
        check_supported("winamax", "5-card-draw", "fixed-limit")


def test_stats_filter_by_a_new_game(tmp_path):
    result = run("stats", "--db", str(tmp_path / "db"), "--game", "5 Card Draw")
    assert "Traceback" not in result.output
    assert "Unknown game" not in result.output
