"""Hands flattened into table rows: each hand's key on its own rows, values exact."""

from decimal import Decimal

from hhtools.parsing import parse_file
from hhtools.rows import add_hand, frames, new_rows
from hhtools.store import SCHEMAS


def test_each_hand_keeps_its_key_cards_and_money_on_its_own_rows(corpus):
    hands = parse_file(corpus / "pokerstars" / "Badugi-USD-0.25-0.50-201009.txt").hands[:3]
    rows = new_rows()
    for hand in hands:
        add_hand(rows, hand, path="/histories/x.txt")
    tables = frames(rows)
    for name, frame in tables.items():
        assert dict(frame.schema) == SCHEMAS[name]
    actions = tables["actions"]
    for hand in hands:
        mine = actions.filter(actions["hand_id"] == hand.hand_id)
        assert mine["seq"].to_list() == [a.seq for a in hand.actions]
        assert mine["amount"].to_list() == [a.amount for a in hand.actions]
        assert (mine["site"] == "pokerstars").all()
        discards = [a for a in hand.actions if a.discarded is not None]
        got = mine.filter(mine["discarded"].is_not_null())["discarded"].to_list()
        assert got == [" ".join(str(c) for c in a.discarded) for a in discards]
    assert tables["hands"]["hand_id"].to_list() == [h.hand_id for h in hands]
    assert (tables["hands"]["path"] == "/histories/x.txt").all()
    players = tables["players"]
    assert players.height == sum(len(h.seats) for h in hands)
    # Nets over each hand add up to minus the rake: money stays exact through the text cast.
    for hand in hands:
        net = players.filter(players["hand_id"] == hand.hand_id)["net"].sum()
        assert net == -(hand.summary.rake or Decimal(0))


def test_amounts_reach_the_store_exactly_whatever_their_notation():
    from hhtools.rows import Table

    rows = new_rows()
    amounts = [Decimal("1E+2"), Decimal("0.10"), Decimal("-2.5"), None, Decimal("123456789.0001")]
    table = Table()
    table.add("pokerstars", "1", [("main", "p", a, 7) for a in amounts])
    rows["pots"] = table
    stored = frames(rows)["pots"]["amount"].to_list()
    assert stored == [None if a is None else a.quantize(Decimal("0.0001")) for a in amounts]


def test_amounts_stay_exact_when_their_remembered_texts_are_forgotten(monkeypatch):
    import hhtools.rows as rows_module
    from hhtools.rows import Table

    monkeypatch.setattr(rows_module, "_MAX_MONEY_TEXTS", 2)
    for amounts in ([Decimal("2.50"), Decimal("2.5"), Decimal("0.01")],
                    [Decimal("7"), None, Decimal("2.5"), Decimal("1E+1")]):
        rows = new_rows()
        table = Table()
        table.add("pokerstars", "1", [("main", "p", a, 7) for a in amounts])
        rows["pots"] = table
        stored = frames(rows)["pots"]["amount"].to_list()
        assert stored == [None if a is None else a.quantize(Decimal("0.0001")) for a in amounts]
