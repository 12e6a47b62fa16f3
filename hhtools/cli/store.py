"""The store's upkeep commands, ``hhtools rejected`` and ``hhtools check``, registered on the
command group by hhtools.cli.main: thin layers over hhtools.store.store and hhtools.store.check."""

from __future__ import annotations

from typing import Annotated

import typer

from hhtools.cli.options import DbOption, fail, failure, say_waiting
from hhtools.core.inputs import shown
from hhtools.core.words import plural
from hhtools.errors import HHToolsError


def kilobytes(size: int) -> str:
    return f"{(size + 1023) // 1024:,} KB"


def rejected_command(
    path: Annotated[str | None, typer.Argument(
        help="Only the hands rejected in this file, or in the files under this folder.",
        show_default=False)] = None,
    db: DbOption = None,
    clear: Annotated[bool, typer.Option(
        "--clear", help="Forget these rejections (all of them without PATH).")] = False,
) -> None:
    """List the hands an import rejected and still not stored: file, line, column, hand id
    and reason.

    Each file read again replaces its own rejections, and a hand stored since it was rejected
    is not listed. --clear forgets them; the next import of a file with hands still rejected
    lists those again. The exit status is 2 when the store does not exist.

    Examples:

        hhtools rejected --db ~/poker-db
        hhtools rejected --clear ~/histories/old --db ~/poker-db
    """
    from hhtools.store.store import open_store

    try:
        store = open_store(db)
        if clear:
            removed = store.clear_rejections(path, say_waiting)
            typer.echo(f"{plural(removed, 'rejection')} cleared")
            return
        rows = store.rejections(path)
    except HHToolsError as exc:
        raise failure(exc) from None
    for file, line, column, hand_id, reason in rows.select(
            "path", "line", "column", "hand_id", "reason").iter_rows():
        hand = f" hand {hand_id}:" if hand_id else ""
        typer.echo(f"{shown(file)}:{line}:{column}:{hand} {reason}")
    typer.echo(f"{plural(rows.height, 'rejected hand')}", err=True)


def check_command(
    db: DbOption = None,
    repair: Annotated[bool, typer.Option(
        "--repair", help="Move what is damaged into DB/damaged/ and say what the next "
        "import reads again.")] = False,
    compact: Annotated[bool, typer.Option(
        "--compact", help="Merge the store's small batches into one (every write merges "
        "them once there are 8).")] = False,
) -> None:
    """Check the hand store: every batch whole, every Parquet file readable, nothing foreign.

    Prints one line per damaged or foreign file (path and what is wrong); the exit status is
    1 when there is any, 0 when the store is fine, 2 when there is no store. Imports refuse to
    write into a damaged store. With --repair: moves each damaged batch, and each foreign file,
    into DB/damaged/ and marks the files whose hands it held, so the next import reads them
    again. With --compact: merges the small batches (a watch writes one per hand) into one;
    a kill at any moment leaves every hand stored once.

    Examples:

        hhtools check --db ~/poker-db
        hhtools check --repair --db ~/poker-db
        hhtools check --compact --db ~/poker-db
    """
    from hhtools.store.check import repair as repair_store
    from hhtools.store.damage import find_damage
    from hhtools.store.store import open_store

    try:
        store = open_store(db)
        if repair:
            for line in repair_store(store, say_waiting).lines() or [f"store {store.root}: fine"]:
                typer.echo(line)
            if not compact:
                return
        if compact:
            done = store.compact(every=True, waiting=say_waiting)
            if done.into is None:
                typer.echo(f"store {store.root}: no small batches to merge")
            else:
                typer.echo(f"merged {done.merged} batches ({kilobytes(done.bytes_before)}) "
                           f"into {done.into.name} ({kilobytes(done.bytes_after)})")
        damage = find_damage(store, full=True)
    except HHToolsError as exc:
        raise failure(exc) from None
    for found in damage:
        typer.echo(str(found))
    if damage:
        raise fail(f"the store {store.root} is damaged: `hhtools check --repair` moves "
                   f"{'them' if len(damage) > 1 else 'it'} aside")
    batches = len(store.batch_folders())
    typer.echo(f"store {store.root}: {plural(batches, 'batch', 'batches')}, fine")
