"""How the ``hhtools`` command meets a command line it cannot take: a usage error (an unknown
option or command, a bad or missing value) is one ``hhtools:`` line on standard error and exit
status 2, as every other usage error is; and the help names values in words (TEXT, N,
YYYY-MM-DD), not Python types."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NoReturn

import typer
import typer.core

#: Typer's type labels and the words the help says instead; a label not listed reads VALUE.
_WORDS: dict[str, str | None] = {
    "<bool>": None,  # a flag takes no value
    "<str>": "TEXT",
    "<list[str]>": "TEXT",
    "<int>": "N",
    "<int range>": "N",
    "<float>": "NUMBER",
    "<float range>": "NUMBER",
    "<%Y-%m-%d>": "YYYY-MM-DD",
}


def _in_words(shown: Callable[[Any], str | None],
              argument: bool) -> Callable[[Any], str | None]:
    def label(ctx: Any) -> str | None:
        typed = shown(ctx)
        if argument or typed is None:
            return None  # an argument is named in the column before, and its help says the rest
        if not (typed.startswith("<") and typed.endswith(">")):
            return typed  # a metavar chosen by the option itself
        return _WORDS.get(typed, "VALUE")
    label.__name__ = "hhtools_label"
    return label


def plain_help(params: Iterable[Any]) -> None:
    """Make the help of these parameters name their values in words."""
    for param in params:
        shown = param.display_type_rich
        if getattr(shown, "__name__", "") == "hhtools_label":
            continue  # done already (a command's parameters are made once and kept)
        # Per parameter, not by subclassing: Typer builds the parameter objects itself.
        param.display_type_rich = _in_words(shown, isinstance(param, typer.core.TyperArgument))


def one_line(exc: typer.TyperException) -> NoReturn:
    """Print the usage error Typer raised as one ``hhtools:`` line and exit with its status."""
    message = " ".join(exc.format_message().split())
    command = getattr(getattr(exc, "ctx", None), "command_path", "") or "hhtools"
    hint = getattr(getattr(exc, "ctx", None), "help_option_names", None) or ["--help"]
    # Each line of Typer's panel says one thing; said in one line, with where to look.
    typer.echo(f"hhtools: {message} (see '{command} {hint[-1]}')", err=True)
    raise typer.Exit(getattr(exc, "exit_code", 2))
