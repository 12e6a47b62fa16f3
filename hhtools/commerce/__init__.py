"""Whisky Poker and La Viuda, the commerce games: cards (jokers ``Jk``), the wild rank, the
evaluator and the comparison with La Viuda's tie-break chain.

The API (stable; other modules code against it):

- ``cards``: ``JOKER`` (written ``Jk``; ``X1``/``X2`` read as ``Jk``), ``parse_cards(text,
  size=None, deck=DECK_WITH_JOKERS)``, ``format_cards``, ``check_cards``, ``PLAIN_DECK`` (52),
  ``DECK_WITH_JOKERS`` (54, ``JOKER`` twice), ``wild_rank(pool_chips) -> "A".."K"``,
  ``parse_rank``, ``is_wild(card, wild)``, ``colour_of(card)``.
- ``games``: ``COMMERCE_GAMES``, ``get_commerce_game(name)``, ``CATEGORIES`` (low to high, with
  ``spanish`` and ``english`` names), ``TIEBREAK_STEPS``.
- ``evaluate``: ``evaluate(game, cards, wild=None) -> HandValue`` (comparable, higher is
  better).
- ``compare``: ``compare(game, hands, wild=None, drawn=None, manotazo=None) -> Comparison``
  (``order`` best first as tie groups, ``best``, ``worst``, ``pending``, ``verdict_lines()``),
  ``worst(...)``, ``explain(a, b)``.
"""
