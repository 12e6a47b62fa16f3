"""History files into records: decoding, the splitter, site detection, slices, PHH,
tournament summaries and conversion.

Imports ``core`` and ``sites``."""
