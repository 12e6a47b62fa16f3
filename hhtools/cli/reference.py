"""The command-line reference (docs/cli.md), made from every command's own ``--help``."""

from __future__ import annotations

import typer
from typer.testing import CliRunner

from hhtools.cli.main import app

#: The width the reference is written at, whatever the terminal.
WIDTH = 100


def reference() -> str:
    """docs/cli.md: the group's help, then each command's, in the order ``--help`` lists them."""
    group = typer.main.get_command(app)
    runner = CliRunner()
    env = {"COLUMNS": str(WIDTH), "NO_COLOR": "1", "TERM": "dumb"}

    def help_of(*words: str) -> str:
        result = runner.invoke(app, [*words, "--help"], env=env, prog_name="hhtools")
        return "\n".join(line.rstrip() for line in result.output.strip("\n").splitlines())

    out = ["# Command-line reference", "",
           "Every command's `--help`, as `hhtools` prints it. Made by `scripts/cli-reference`;",
           "a test fails when this page and the commands disagree.", "",
           "```text", help_of(), "```", ""]
    for name in group.commands:  # type: ignore[attr-defined]
        out += [f"## `hhtools {name}`", "", "```text", help_of(name), "```", ""]
    return "\n".join(out)
