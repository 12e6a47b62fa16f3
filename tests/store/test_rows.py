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



def test_positions_are_those_of_the_seats_in_order_however_they_are_listed(corpus):
    # Seats listed in order are not sorted again: listed backwards, the same positions come
    # out, in the same order, for every hand of the corpus.
    import dataclasses

    from hhtools.store.rows import positions

    seen = 0
    for path in sorted(corpus.rglob("*.txt")):
        for hand in parse_file(path).hands:
            if len(hand.seats) < 2:
                continue
            backwards = dataclasses.replace(hand, seats=hand.seats[::-1])
            assert list(positions(backwards).items()) == list(positions(hand).items()), hand.hand_id
            seen += 1
    assert seen > 100


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


def test_the_default_amount_is_written_as_any_other_zero():
    # money_texts knows ZERO's text without writing it: the text str() writes.
    from hhtools.store.rows import ZERO, money_texts

    assert money_texts([ZERO, Decimal(0), None, Decimal("0.00")]) == [
        str(ZERO), str(Decimal(0)), None, "0.00"] == ["0", "0", None, "0.00"]
