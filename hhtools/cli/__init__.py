"""The ``hhtools`` command: a thin typer layer over the Python API, one module per
group of commands."""
