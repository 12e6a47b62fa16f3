"""How the ``hhtools`` command meets a command line it cannot take: a usage error (an unknown
option or command, a bad or missing value) is one ``hhtools:`` line on standard error and exit
status 2, as every other usage error is; the help names values in words (TEXT, N,
YYYY-MM-DD), not Python types; and a value Typer would give back as it came is taken as it
came."""

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


def given_values(params: Iterable[Any]) -> None:
    """Take as they came the values Typer's coercion would give back unchanged: a value left
    out (None), and text for a ``str`` or ``list[str]`` parameter. That coercion imports
    pydantic to build a TypeAdapter for each parameter that is not a flag, even one left at
    its default: 0.39 G of a cold audit's 1.14 G instructions (bench/README.md, p23-cold).
    Every other value (a number, a day, text for a flag) and a required parameter left out go
    to Typer's coercion, which checks them and words the error."""
    for param in params:
        descriptor = getattr(param, "type_descriptor", None)  # None: a parameter Typer did not make
        if descriptor is None or getattr(param.process_value, "__name__", "") == "hhtools_given":
            continue
        # Per parameter, as plain_help: Typer builds the parameter objects itself.
        param.process_value = _as_given(param, param.process_value, descriptor.annotation)


def _as_given(param: Any, coerced: Callable[[Any, Any], Any],
              annotation: object) -> Callable[[Any, Any], Any]:
    # What Typer's coercion gives for such values: None, or () for a parameter taking many
    # values (typer._coercion.RuntimeParam.coerce); the text itself (_parse_cli_str); a list
    # of the texts (the list adapter).
    many = param.multiple or param.nargs == -1
    text = annotation is str and not many
    texts = annotation == list[str] and many

    def process_value(ctx: Any, value: Any) -> Any:
        given: Any
        if value is None:
            given = () if many else None
        elif text and type(value) is str:
            given = value
        elif texts and isinstance(value, (tuple, list)) and all(type(v) is str for v in value):
            given = list(value)
        else:
            return coerced(ctx, value)
        if param.required and param.value_is_missing(given):
            return coerced(ctx, value)  # Typer's own message for what is missing
        # Then as Typer's process_value goes on (typer.core._TyperParameter).
        return given if param.callback is None else param.callback(ctx, param, given)
    process_value.__name__ = "hhtools_given"
    return process_value


def one_line(exc: typer.TyperException) -> NoReturn:
    """Print the usage error Typer raised as one ``hhtools:`` line and exit with its status."""
    message = " ".join(exc.format_message().split())
    command = getattr(getattr(exc, "ctx", None), "command_path", "") or "hhtools"
    hint = getattr(getattr(exc, "ctx", None), "help_option_names", None) or ["--help"]
    # Each line of Typer's panel says one thing; said in one line, with where to look.
    typer.echo(f"hhtools: {message} (see '{command} {hint[-1]}')", err=True)
    raise typer.Exit(getattr(exc, "exit_code", 2))
