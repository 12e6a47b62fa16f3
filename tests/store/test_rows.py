"""Hands flattened into table rows: each hand's key on its own rows, values exact."""

from decimal import Decimal

from hhtools.reading.parsing import parse_file
from hhtools.store.frames import frames, new_rows
from hhtools.store.rows import add_hand
from hhtools.store.tables import SCHEMAS


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
    from hhtools.store.rows import Table

    rows = new_rows()
    amounts = [Decimal("1E+2"), Decimal("0.10"), Decimal("-2.5"), None, Decimal("123456789.0001")]
    table = Table()
    table.add("pokerstars", "1", [("main", "p", a, 7) for a in amounts])
    rows["pots"] = table
    stored = frames(rows)["pots"]["amount"].to_list()
    assert stored == [None if a is None else a.quantize(Decimal("0.0001")) for a in amounts]


def test_card_texts_stay_right_when_the_remembered_ones_are_forgotten(monkeypatch):
    import hhtools.store.frames as frames_module
    from hhtools.core.cards import parse_cards

    monkeypatch.setattr(frames_module, "_MAX_TEXTS", 2)
    for texts in (["As 2d", "3c 4h 5s", "As 2d"], ["Kd", None, "3c 4h 5s", "7h 8h 9h Th"], [""]):
        values = [None if t is None else parse_cards(t) if t else () for t in texts]
        assert frames_module._card_texts(values) == texts
        assert len(frames_module._CARD_TEXTS) <= 2 + len(values)


def test_positions_count_from_the_first_seat_after_the_button(corpus):
    import dataclasses

    from hhtools.core.records import Seat
    from hhtools.store.rows import positions

    hand = parse_file(corpus / "pokerstars" / "Badugi-USD-0.25-0.50-201009.txt").hands[0]
    # Seats listed out of order, a gap, and a player sitting out (not dealt, no position).
    seats = (Seat(6, "F", Decimal(5)), Seat(1, "A", Decimal(5)), Seat(2, "B", Decimal(5)),
             Seat(3, "C", Decimal(5), sitting_out=True), Seat(4, "D", Decimal(5)),
             Seat(5, "E", Decimal(5)))
    at = dataclasses.replace(hand, seats=seats, button_seat=4)
    assert positions(at) == {"E": "small blind", "F": "big blind", "A": "hijack",
                             "B": "cutoff", "D": "button"}
    # The button on the last seat, on an empty seat, or unknown.
    assert list(positions(dataclasses.replace(at, button_seat=6))) == ["A", "B", "D", "E", "F"]
    assert list(positions(dataclasses.replace(at, button_seat=3))) == ["D", "E", "F", "A", "B"]
    assert list(positions(dataclasses.replace(at, button_seat=None))) == ["A", "B", "D", "E", "F"]
    heads_up = dataclasses.replace(at, seats=seats[:2], button_seat=1)
    assert positions(heads_up) == {"F": "big blind", "A": "button"}



def test_each_row_keeps_its_own_site_when_a_table_mixes_sites(corpus):
    import dataclasses

    hands = parse_file(corpus / "pokerstars" / "Badugi-USD-0.25-0.50-201009.txt").hands[:3]
    mixed = [hands[0], dataclasses.replace(hands[1], site="kingsclub"), hands[2]]
    rows = new_rows()
    for hand in mixed:
        add_hand(rows, hand, path="/histories/x.txt")
    for name in ("hands", "players", "actions"):
        frame = frames(rows)[name]
        got = list(zip(frame["site"].to_list(), frame["hand_id"].to_list()))
        size = {"hands": lambda h: 1, "players": lambda h: len(h.seats),
                "actions": lambda h: len(h.actions)}[name]
        assert got == [(h.site, h.hand_id) for h in mixed for _ in range(size(h))]


def test_hand_ids_repeated_by_polars_equal_those_repeated_in_python(corpus, monkeypatch):
    import hhtools.store.frames as frames_module

    hands = [h for f in sorted((corpus / "pokerstars").iterdir()) for h in parse_file(f).hands]
    rows = new_rows()
    for hand in hands:
        add_hand(rows, hand)
    built = {}
    for threshold in (0, 10**9):
        monkeypatch.setattr(frames_module, "_REPEAT_IN_POLARS", threshold)
        built[threshold] = frames(rows)
    assert sum(len(t) for t in rows.values()) > 1000
    for name, frame in built[0].items():
        assert frame.equals(built[10**9][name]), name
        assert frame.schema == built[10**9][name].schema


def test_the_compiled_column_readers_read_each_records_column_by_its_name(corpus):
    # record_columns spells the actions' and pots' fields out for mypyc; RECORD_COLUMNS names
    # them in the schema's order (checked against the schemas at import). A field read into
    # another column would pass both unseen: compared here with a read by name.
    from hhtools.store.rows import RECORD_COLUMNS, record_columns

    hands = [h for f in sorted((corpus / "kingsclub").iterdir()) for h in parse_file(f).hands]
    records = {"actions": [a for h in hands for a in h.actions],
               "pots": [c for h in hands for c in h.collections]}
    for name, columns in RECORD_COLUMNS.items():
        assert records[name], name
        assert record_columns(name, records[name]) == [
            [getattr(record, column) for record in records[name]] for column in columns]


def test_coded_columns_give_the_tables_read_column_by_column(corpus, monkeypatch):
    # The actions' few-valued columns travel to polars packed into one integer a row and are
    # taken apart there (rows.coded_columns, frames._decoded): the same tables as each
    # column read on its own, over every site's hands.
    import hhtools.store.frames as frames_module

    hands = [h for f in sorted(corpus.rglob("*.txt")) for h in parse_file(f).hands]
    rows = new_rows()
    for hand in hands:
        add_hand(rows, hand)
    coded = frames(rows)
    monkeypatch.setattr(frames_module, "CODED_TABLES", frozenset())
    plain = frames(rows)
    assert len({h.site for h in hands}) >= 4 and coded["actions"].height > 4000
    assert coded.keys() == plain.keys()
    for name, frame in coded.items():
        assert frame.schema == plain[name].schema, name
        assert frame.equals(plain[name]), name


def test_a_column_with_more_values_than_its_codes_hold_is_read_as_it_is():
    from hhtools.core.records import Action
    from hhtools.store.rows import CODED, Table, coded_columns

    bits = dict(CODED["actions"])["count"]
    actions = [Action(i, "draw1", "p", "discard", count=i) for i in range((1 << bits) + 2)]
    assert coded_columns("actions", actions) is None
    assert coded_columns("actions", actions[:1 << bits]) is not None
    rows = new_rows()
    table = Table(records=True)
    table.add("pokerstars", "1", actions)
    rows["actions"] = table
    stored = frames(rows)["actions"]
    assert stored["count"].to_list() == stored["seq"].to_list() == list(range((1 << bits) + 2))


def test_amounts_as_units_equal_amounts_parsed_from_their_texts(monkeypatch):
    # Money reaches polars as integer units (rows.money_units), or as text where units
    # cannot hold it; both give what polars parses from each amount's text. Remembered
    # units stay right when the remembered ones are forgotten.
    import polars as pl

    import hhtools.store.frames as frames_module
    from hhtools.store.rows import ZERO, money_texts
    from hhtools.store.tables import MONEY

    monkeypatch.setattr(frames_module, "_MAX_TEXTS", 3)
    d = Decimal
    columns = [
        [d("0.10"), d("0.1"), ZERO, d(0), d("-0"), None, d("1E+2"), d("-2.5"), d("0.0001")],
        [d("99999999999999.9999"), d("-99999999999999.9999"), d("922337203685477.5807")],
        # Units past 64 bits: the column goes as text.
        [d("1.25"), d("922337203685477.5808"), d("123456789012345678901234.5")],
        [None, None],
    ]
    for values in columns:
        for shared in (True, False):
            for _ in range(2):
                got = frames_module._money(values, MONEY, shared)
                want = pl.Series(money_texts(values), dtype=pl.String).cast(MONEY)
                assert got.dtype == MONEY
                assert got.to_list() == want.to_list() == [
                    None if v is None else v.quantize(d("0.0001")) for v in values]
    assert len(frames_module._UNITS) <= 3 + 9
