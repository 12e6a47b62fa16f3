"""Player statistics, tournament results and chart data, as polars frames read
from the store.

Imports ``store`` and everything below it."""
