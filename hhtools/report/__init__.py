"""The HTML report and the charts: pure functions of the analytics' frames.

Imports ``analytics`` and everything below it."""
