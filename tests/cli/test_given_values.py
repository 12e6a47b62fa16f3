"""The values hhtools.cli.usage.given_values takes as they came are what Typer's own coercion
gives for them, for every parameter of every command; the others still go through Typer's."""

from __future__ import annotations

from typing import Any

import pytest
import typer

from hhtools.cli.main import app
from hhtools.cli.usage import given_values


def _params() -> list[tuple[Any, Any, Any]]:
    """(a context, a parameter as Typer makes it, the same parameter given_values took)."""
    typers = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    takens = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    pairs = []
    for name in typers:
        # get_params, not params: the help option too, which has a callback.
        ctx = typers[name].make_context(name, ["--help"], resilient_parsing=True)
        theirs, ours = typers[name].get_params(ctx), takens[name].get_params(ctx)
        given_values(ours)
        pairs += [(ctx, a, b) for a, b in zip(theirs, ours, strict=True)]
    return pairs


PARAMS = _params()
VALUES = [None, "auto", "2026-01-31", "x", "3", (), ("a.txt",), ("a.txt", "b c"), ["p"], 2, False, True]


def _outcome(param: Any, ctx: Any, value: Any) -> tuple[str, Any]:
    try:
        result = param.process_value(ctx, value)
    except typer.Exit as done:  # the help option's callback
        return "exit", done.exit_code
    except Exception as exc:  # noqa: BLE001 - the error Typer words is what is compared
        message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
        return type(exc).__name__, message
    return type(result).__name__, result


def test_every_command_has_parameters_taken_as_given() -> None:
    taken = [p for _, _, p in PARAMS if getattr(p.process_value, "__name__", "") == "hhtools_given"]
    assert len(taken) > 40
    kinds = {(p.type_descriptor.annotation, p.nargs, p.multiple) for p in taken}
    assert (str, 1, False) in kinds and (list[str], -1, False) in kinds


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_a_value_taken_as_given_is_what_typer_gives(value: Any) -> None:
    for ctx, theirs, ours in PARAMS:
        want, got = _outcome(theirs, ctx, value), _outcome(ours, ctx, value)
        assert got == want, (ctx.info_name, theirs.name, value)
        assert type(got[1]) is type(want[1])


def test_an_audit_builds_no_typer_coercion() -> None:
    # The command's values are text or left out: nothing for pydantic to check.
    import subprocess
    import sys
    from pathlib import Path

    hand = Path(__file__).resolve().parents[2] / "sample_histories" / "histories"
    child = ("import sys\nfrom hhtools.cli.main import main\n"
             "sys.argv = ['hhtools', 'audit', '--site', 'auto', sys.argv[1]]\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             "print('pydantic' in sys.modules, file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", child, str(hand)], capture_output=True, text=True,
                          timeout=300)
    assert "mismatch" in done.stdout
    assert done.stderr.strip().splitlines()[-1] == "False"
