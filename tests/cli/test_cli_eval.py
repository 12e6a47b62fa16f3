import itertools
import json

from typer.testing import CliRunner

from hhtools.cli.main import app
from hhtools.core.compare import compare_lines

runner = CliRunner()


def run(*args, stdin=None):
    return runner.invoke(app, list(args), input=stdin)


def test_badeucy_names_the_winner_of_each_half_and_why():
    result = run("eval", "--game", "badeucy", "2c 3s 4d 5h 7c", "As 2d 3h 4c 6s")
    assert result.exit_code == 0
    out = result.output
    assert ("Badugi half (ace high): hand 1 wins with 4-card Badugi 5-4-3-2; against hand 2: "
            "4-card Badugi 5-4-3-2 beats 4-card Badugi 6-4-3-2: the highest card 5 is lower than 6.") in out
    assert ("2-7 half: hand 1 wins with 7-5-4-3-2; against hand 2: 7-5-4-3-2 beats A-6-4-3-2: "
            "the highest card 7 is lower than A (aces are high here).") in out
    assert "Hand 1 scoops the pot." in out


def test_split_halves_and_ties_are_named():
    result = run("eval", "-g", "badeucy", "2s 3d 4h 5c Kc", "2c 3h 4d 6s 7c", "2h 3c 4s 5d 7h")
    assert result.exit_code == 0
    assert "Badugi half (ace high): hands 1 and 3 tie and share it with 4-card Badugi 5-4-3-2" in result.output
    assert "2-7 half: hand 3 wins with 7-5-4-3-2" in result.output
    assert "scoops" not in result.output


def test_one_hand_prints_every_component():
    result = run("eval", "--game", "badacey", "As 2s 3d 4c Kh")
    assert result.exit_code == 0
    assert "4-card Badugi K-4-3-A" in result.output
    assert "K-4-3-2-A" in result.output
    assert "rank" in result.output


def test_json_has_the_documented_shape():
    result = run("eval", "--game", "badeucy", "--json", "2c 3s 4d 5h 7c", "As 2d 3h 4c 6s")
    assert result.exit_code == 0
    lines = [json.loads(line) for line in result.output.splitlines()]
    first = lines[0]
    assert first["cards"] == ["2c", "3s", "4d", "5h", "7c"]
    assert first["game"] == "badeucy"
    assert [c["name"] for c in first["components"]] == ["badugi-ace-high", "2-7"]
    assert set(first["components"][0]) == {"name", "rank", "best", "description"}
    assert first["components"][1] == {"name": "2-7", "rank": 1, "best": ["2c", "3s", "4d", "5h", "7c"],
                                      "description": "7-5-4-3-2"}
    assert lines[-1]["winners"] == {"badugi-ace-high": [1], "2-7": [1]}


def test_single_hand_json_has_no_winners():
    result = run("eval", "--game", "badugi", "--json", "As 2d 3h Kc")
    [obj] = [json.loads(line) for line in result.output.splitlines()]
    assert "winners" not in obj and obj["components"][0]["description"] == "4-card Badugi K-3-2-A"


def test_stdin_streams_one_line_per_hand_and_reports_bad_lines():
    stdin = "As 2d 3h Kc\n1x 2d 3h 4c\n\n# a comment\nKh Kd 2c 3s\nAs 2d 3h\n"
    result = run("eval", "--game", "badugi", "-", stdin=stdin)
    assert result.exit_code == 1
    out = result.stdout.splitlines()
    assert out == ["As 2d 3h Kc: badugi 4-card Badugi K-3-2-A (rank 496)",
                   "Kh Kd 2c 3s: badugi 3-card K-3-2 (rank 938)"]
    assert "line 2: '1x' is not a card" in result.stderr
    assert "line 6: 'As 2d 3h' holds 3 cards: this hand needs 4" in result.stderr
    assert "2 lines rejected" in result.stderr


def test_stdin_json():
    result = run("eval", "--game", "2-7", "--json", "-", stdin="7c 5d 4h 3s 2c\n8c 8d 4h 3s 2c | 7s 5c 4d 3h 2s\n")
    assert result.exit_code == 0
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first["components"][0]["rank"] == 1
    assert second["winners"] == {"2-7": [2]}


def test_reading_is_lazy():
    # An endless input still yields results one at a time: nothing is held in memory.
    endless = itertools.cycle(["As 2d 3h 4c\n"])
    first = list(itertools.islice(compare_lines("badugi", endless), 3))
    assert [n for n, _ in first] == [1, 2, 3]


def test_errors_are_one_line_without_traceback():
    # A wrong game is a usage error (2); a hand that cannot be read is rejected (1).
    for code, args in ((2, ["eval", "--game", "badgui", "As"]),
                       (1, ["eval", "--game", "badugi", "As 2d 3h 4c 5s"]),
                       (1, ["eval", "--game", "badugi", "As 2d", "As 3h"])):
        result = run(*args)
        assert result.exit_code == code
        assert "Traceback" not in result.output
        assert len(result.stderr.strip().splitlines()) == 1
    assert "Did you mean badugi?" in run("eval", "--game", "badgui", "As").stderr
    assert "'As' is in hand 1 and in hand 2" in run("eval", "-g", "badugi", "As 2d", "As 3h").stderr


def test_every_command_explains_itself_with_an_example():
    top = run("--help")
    assert top.exit_code == 0 and "Example" in top.output
    import typer.main
    group = typer.main.get_command(app)
    for name in group.commands:
        result = run(name, "--help")
        assert result.exit_code == 0, name
        assert "Example" in result.output, f"{name} --help has no example"
