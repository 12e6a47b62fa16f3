"""A PokerStars tournament summary, running and finished: tests/reading/test_summaries.py
reads them, tests/store/test_import_writing.py imports thousands of the finished one."""

RUNNING = """PokerStars Tournament #2900000021, Badugi Limit
Buy-In: $1.00/$0.20 USD
3 players
Tournament started 2024/03/01 18:00:00 ET
  1: Ann (Canada), still playing
  2: Bob (Peru), still playing
  3: Cyd (Chile), 

You finished in 3rd place.
"""
FINISHED = RUNNING.replace("Tournament started 2024/03/01 18:00:00 ET", (
    "Total Prize Pool: $3.00 USD\nTournament started 2024/03/01 18:00:00 ET\n"
    "Tournament finished 2024/03/01 18:40:00 ET")).replace(
    "Ann (Canada), still playing", "Ann (Canada), $3.00 (100%)").replace(
    "Bob (Peru), still playing", "Bob (Peru), ")
