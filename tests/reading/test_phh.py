"""PHH: every hand of the corpus whose variant pokerkit knows (fixed-limit Badugi and 2-7 Triple
Draw, no-limit 2-7 Single Draw) replays in pokerkit to the site's final stacks; every hand
written reads back to the same PHH and audits as the original."""

from __future__ import annotations

import warnings
from collections import Counter
from decimal import ROUND_DOWN, Decimal

import pytest

from hhtools.auditing.auditor import audit
from hhtools.core import vocabulary
from hhtools.core.games import GAMES
from hhtools.core.records import chip_totals
from hhtools.reading.parsing import parse_file
from hhtools.reading.phh import (
    STRUCTURE_CODES,
    PHHError,
    player_order,
    read_phh,
    to_phh,
    toml_value,
    variant_code,
)

pokerkit = pytest.importorskip("pokerkit")
ZERO = Decimal(0)


#: Every site hhtools reads: all their hands of pokerkit's variants are replayed.
SITES = ("pokerstars", "kingsclub", "merge", "fulltilt", "winamax")

#: The one warning pokerkit gives (in its cash-game mode, which HandHistory uses) for a fold
#: when checking was free: the fold is applied, so the hand still replays to its stacks.
FREE_FOLD = "There is no reason for this player to fold."

#: The hands pokerkit cannot replay as they happened, each with the reason: nothing else is
#: skipped. Out-of-position blinds (newcomers, KingsClub's out-of-turn blind, Full Tilt's
#: dead small blind with a big blind) are written as PHH's negative "post bet" values and
#: folds when a check was free replay with FREE_FOLD, so neither is skipped any more.
SKIPPED = {
    "20349633663": "cancelled: the blinds went back, there is no result to replay",
    "26884156000": "cancelled: the blinds went back, there is no result to replay",
    "27020940000": "partial: only the summary was saved, no stacks or actions to write",
    # Player3, sitting out, is all in with the small blind and the site folds them; pokerkit
    # lets only a player with chips act, and PHH has no other action that forfeits a hand
    # (mucking needs the three draws, which were never played, to be invented).
    "52589452703": "an all-in player recorded as folding (pokerkit acts only with chips)",
    # Merge lifts the cap heads-up (a bet and five raises after the first draw); pokerkit's
    # fixed-limit variants keep four, and PHH has no field to change it.
    "31241825-6": "more than 4 bets in a heads-up round (pokerkit keeps the cap)",
}

#: The KingsClub hands run twice: to_phh refuses them (PHH deals each draw once).
RUN_TWICE = {"3857875", "45393683", "45383142"}


@pytest.fixture(scope="module")
def corpus_hands(corpus):
    return [(site, path.name, hand) for site in SITES
            for path in sorted((corpus / site).glob("*.txt")) for hand in parse_file(path).hands]


def inexpressible(hand) -> str | None:
    """Why pokerkit cannot replay this hand as it happened, or None when it can (derived from
    the hand, so that SKIPPED is checked rather than trusted)."""
    if hand.partial:
        return "partial: only the summary was saved, no stacks or actions to write"
    if hand.cancelled:
        return "cancelled: the blinds went back, there is no result to replay"
    if any(s.run is not None for s in hand.shows):
        return "run it twice"
    count: Counter[str] = Counter()
    stacks = {s.name: s.stack for s in hand.seats}
    for a in hand.actions:
        if a.kind == "fold" and stacks[a.player] == 0:
            return "an all-in player recorded as folding (pokerkit acts only with chips)"
        if a.amount:
            stacks[a.player] -= a.amount
        if hand.structure != "fixed-limit":
            continue  # the cap is fixed limit's
        if a.kind in ("bet", "raise") or (a.kind == "post_bb" and a.street == "predraw"
                                          and not count["predraw"]):
            count[a.street] += 1
            if count[a.street] > 4:
                return "more than 4 bets in a heads-up round (pokerkit keeps the cap)"
    return None


def replay(hand):
    """pokerkit's final state for the hand's PHH, and the free folds it warned about."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        history = pokerkit.HandHistory.loads(to_phh(hand), rake=_rake_function(hand),
                                            divmod=_divmod)
        for state in history:  # noqa: B007 - the last state is read below
            pass
    other = [w for w in caught if str(w.message) != FREE_FOLD]
    assert other == [], (hand.hand_id, [str(w.message) for w in other])
    return state, len(caught) - len(other)


def expected_stacks(hand) -> list[Decimal]:
    put, won, back = chip_totals(hand)
    return [s.stack - put.get(s.name, ZERO) + won.get(s.name, ZERO) + back.get(s.name, ZERO)
            for s in player_order(hand)]


def _rake_function(hand):
    """The rake of each pot as the audit allocates it; pokerkit merges pots whose players are
    the same, so every run of consecutive pots is known by its total too."""
    pots = audit(hand).pots
    rakes: dict[Decimal, Decimal] = {}
    for i in range(len(pots)):
        for j in range(i + 1, len(pots) + 1):
            rakes[sum((p.amount for p in pots[i:j]), ZERO)] = sum((p.rake for p in pots[i:j]),
                                                                  ZERO)

    def rake(amount, state=None):
        taken = rakes.get(amount, ZERO)
        return taken, amount - taken
    return rake


def _divmod(amount, parts):
    share = (Decimal(amount) / parts).quantize(Decimal("0.01"), ROUND_DOWN)
    return share, amount - share * parts


def test_every_hand_of_pokerkits_variants_replays_in_pokerkit(corpus_hands):
    replayed: Counter[tuple[str, str]] = Counter()
    skipped: dict[str, str] = {}
    refused: dict[str, str] = {}
    free_folds = 0
    wrong = []
    for site, name, hand in corpus_hands:
        if variant_code(hand) not in pokerkit.HandHistory.game_types:
            continue
        reason = inexpressible(hand)
        if reason == "run it twice":
            with pytest.raises(PHHError) as refusal:
                to_phh(hand)
            refused[hand.hand_id] = str(refusal.value)
            continue
        if reason:
            skipped[hand.hand_id] = reason
            continue
        try:
            state, folds = replay(hand)
        except ValueError as e:
            wrong.append((site, name, hand.hand_id, f"{type(e).__name__}: {e}"))
            continue
        free_folds += folds
        if list(state.stacks) != expected_stacks(hand):
            wrong.append((site, name, hand.hand_id, list(state.stacks), expected_stacks(hand)))
        replayed[site, variant_code(hand)] += 1
    assert wrong == []
    assert skipped == SKIPPED
    assert replayed == {
        ("pokerstars", "FB"): 107, ("pokerstars", "F2L3D"): 19, ("pokerstars", "N2L1D"): 2,
        ("kingsclub", "FB"): 1, ("kingsclub", "F2L3D"): 2, ("kingsclub", "N2L1D"): 1,
        ("merge", "F2L3D"): 16, ("fulltilt", "FB"): 11, ("fulltilt", "F2L3D"): 16,
        ("fulltilt", "N2L1D"): 11, ("winamax", "F2L3D"): 2}, replayed
    # The seven PokerStars tournament folds when a check was free replayed (with the warning).
    assert free_folds == 7
    # KingsClub's hands run twice are refused, each saying why, rather than written as one run.
    assert set(refused) == RUN_TWICE
    assert all(r.startswith("run it twice: PHH deals each draw once") for r in refused.values())


def test_blinds_out_of_position_are_post_bets(corpus):
    """A newcomer's big blind is PHH's negative "post bet": pokerkit takes the chips as the
    player's bet but starts the betting after the real big blind."""
    ft = {h.hand_id: h for h in parse_file(
        corpus / "fulltilt" / "10Game-6max-USD-2.50-5.201104.Sample.txt").hands}
    hand = ft["29705537870"]  # grimyreaper1: a dead small blind and a big blind, out of turn
    text = to_phh(hand)
    assert "antes = [0, 0, 0, 0, 1.25, 0]\n" in text
    assert "blinds_or_straddles = [1.25, 2.50, 0, 0, -2.50, 0]\n" in text
    state, _ = replay(hand)
    assert list(state.stacks) == expected_stacks(hand)
    # Read back: the dead small blind stays dead money, so nothing of it comes back uncalled
    # and the finishing stacks are the site's.
    (back,) = read_phh("h.phh", text=text).hands
    assert back.uncalled == () and to_phh(back) == text
    kings = parse_file(corpus / "kingsclub" / "2-7 Triple Draw Lowball-FL-USD-44-88-202012.rake.txt"
                       ).hands[0]
    # "posts blind 44" costs 66: 44 live (a post bet) and the unprinted dead small blind.
    assert "antes = [11, 11, 11, 11, 11, 33, 11]\n" in to_phh(kings)
    assert "blinds_or_straddles = [22, 44, 0, 0, 0, -44, 0]\n" in to_phh(kings)


def test_a_partial_hand_is_not_phh(corpus):
    (hand,) = parse_file(corpus / "fulltilt" / "3-Draw-Limit-USD-20-40-201101.Partial.txt").hands
    with pytest.raises(PHHError, match="only the summary of this hand was saved"):
        to_phh(hand)


def test_corrupt_hero_lines_deal_the_hero_unknown_cards(corpus):
    """PHH can discard only cards it dealt: the hero's hand is unknown throughout, and the
    hand replays to the site's stacks."""
    (hand,) = parse_file(corpus / "pokerstars" / "Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-"
                         "201206.duplicate.holecards.txt").hands
    text = to_phh(hand)
    assert '"d dh p1 ??????????"' in text and '"p1 sd ??"' in text and "Ad" not in text
    state, _ = replay(hand)
    assert list(state.stacks) == expected_stacks(hand)


def test_every_hand_reads_back_to_the_same_phh_and_audit(corpus_hands, tmp_path):
    """The hhtools extension codes too (Badeucy, A-5, 5-Card Draw, pot limit...): what is
    written is read back unchanged."""
    games = Counter()
    for _site, _name, hand in corpus_hands:
        if hand.partial or hand.hand_id in RUN_TWICE:
            continue  # no PHH (test_a_partial_hand_is_not_phh, the pokerkit replay test)
        text = to_phh(hand)
        result = read_phh(tmp_path / "h.phh", text=text)
        assert result.errors == (), (hand.hand_id, result.errors)
        (back,) = result.hands
        assert to_phh(back) == text, hand.hand_id
        assert (back.game, back.structure, back.hand_id, back.started_at, back.cancelled) == (
            hand.game, hand.structure, hand.hand_id, hand.started_at, hand.cancelled)
        if not hand.cancelled:
            assert audit(back).verdict == audit(hand).verdict, hand.hand_id
        games[back.game, back.structure] += 1
    assert games == {
        ("badugi", "fixed-limit"): 120, ("badugi", "pot-limit"): 1, ("badeucy", "fixed-limit"): 1,
        ("2-7", "fixed-limit"): 58, ("2-7", "pot-limit"): 2, ("a-5", "fixed-limit"): 2,
        ("2-7-single-draw", "no-limit"): 14, ("a-5-single-draw", "fixed-limit"): 1,
        ("5-card-draw", "fixed-limit"): 34, ("5-card-draw", "pot-limit"): 2,
        ("5-card-draw", "no-limit"): 2}, games


#: The codes the README lists: the structure letter, then the game's part.
CODES = {"badugi": "B", "badeucy": "BDY", "badacey": "BDA", "2-7": "2L3D", "a-5": "A5L3D",
         "2-7-single-draw": "2L1D", "a-5-single-draw": "A5L1D", "5-card-draw": "5CD"}
STRUCTURES = {"fixed-limit": "F", "pot-limit": "P", "half-pot-limit": "H", "no-limit": "N"}


def test_every_game_and_structure_has_a_code_that_reads_back(tmp_path):
    """Each code names one game and structure, read and written alike; pokerkit knows FB,
    F2L3D and N2L1D and none of the hhtools extensions."""
    assert set(CODES) == set(GAMES)
    # Every structure a record can hold has a letter, so every hand of a known game writes.
    assert set(STRUCTURES) == set(STRUCTURE_CODES) == set(vocabulary.STRUCTURES)
    for game, part in CODES.items():
        for structure, letter in STRUCTURES.items():
            code = letter + part
            bets = ("small_bet = 1\nbig_bet = 2\n" if letter == "F" else "min_bet = 2\n")
            text = (f'variant = "{code}"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n'
                    f'{bets}starting_stacks = [50, 50]\nactions = ["d dh p1 ????", '
                    '"d dh p2 ????", "p2 f"]\n')
            result = read_phh(tmp_path / "h.phh", text=text)
            assert result.errors == (), (code, result.errors)
            (back,) = result.hands
            assert (back.game, back.structure, variant_code(back)) == (game, structure, code)
            assert (code in pokerkit.HandHistory.game_types) == (code in ("FB", "F2L3D", "N2L1D"))



def test_a_single_draw_game_read_from_phh_draws_once(corpus, tmp_path):
    (hand,) = parse_file(corpus / "pokerstars" / "2-7 Single Draw-NL-USD-0.25-0.50-201106."
                         "standspat.txt").hands
    text = to_phh(hand)
    assert text.startswith('variant = "N2L1D"\n') and "min_bet = 0.50\n" in text
    (back,) = read_phh(tmp_path / "h.phh", text=text).hands
    assert [a.street for a in back.actions] == [a.street for a in hand.actions]
    # A second round of draws (here after everyone stood pat) is not 2-7 Single Draw.
    pat = [line for line in text.split("\n") if line.strip().endswith(' sd",')]
    assert pat
    twice = text.replace(pat[-1], pat[-1] + "\n" + "\n".join(pat))
    (error,) = read_phh(tmp_path / "h.phh", text=twice).errors
    assert error.reason == "draw 2: 2-7 Single Draw draws once"
    assert twice.split("\n")[error.line - 1] == pat[0]


def test_phhs_holds_several_hands(corpus, tmp_path):
    hands = parse_file(corpus / "merge" / "3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt").hands
    text = "\n".join(f"[{i}]\n{to_phh(h)}" for i, h in enumerate(hands, 1))
    path = tmp_path / "all.phhs"
    path.write_text(text)
    result = read_phh(path)
    assert [h.hand_id for h in result.hands] == [h.hand_id for h in hands]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert len(list(pokerkit.HandHistory.loads_all(text))) == len(hands)


def test_optional_fields(corpus):
    hand = parse_file(corpus / "merge" / "3-Draw-Limit-USD-1-2-201104.Sample.with.showdown.txt"
                      ).hands[0]
    history = pokerkit.HandHistory.loads(to_phh(hand))
    assert (history.variant, history.players, history.seats, history.hand, history.table) == (
        "F2L3D", ["Hero", "Villain"], [3, 1], "33423082-14", "Minnehaha (33423082)")
    assert (history.venue, history.time_zone, history.year, history.currency) == (
        "merge", "Etc/GMT+5", 2011, "USD")
    assert history.finishing_stacks == [Decimal("39.80"), Decimal("39.30")]
    assert history.winnings == [0, Decimal("13.50")]
    assert history.user_defined_fields == {"_site": "merge", "_rake": Decimal("0.50")}


def test_extension_codes_and_errors(corpus, tmp_path):
    hand = parse_file(corpus / "merge" / "Badugi-PL-USD-0.05-0.10-201101.Sample.txt").hands[0]
    text = to_phh(hand)
    assert text.startswith('variant = "PB"\n') and "min_bet = 0.10\n" in text
    bad = read_phh(tmp_path / "x.phh", text=text.replace('"p1 cc"', '"p1 xx"'))
    (error,) = bad.errors
    assert "cannot read the action 'p1 xx'" in error.reason
    assert text.replace('"p1 cc"', '"p1 xx"').split("\n")[error.line - 1].strip() == '"p1 xx",'
    broken = read_phh(tmp_path / "y.phh", text="variant = \n")
    assert broken.errors[0].reason.startswith("not TOML")
    unknown = read_phh(tmp_path / "z.phh", text=text.replace('"PB"', '"NT"'))
    assert "unknown variant 'NT'" in unknown.errors[0].reason
    # The message lists every code read (the 8 games under each of the 4 structure letters).
    every = sorted(letter + part for letter in STRUCTURES.values() for part in CODES.values())
    assert unknown.errors[0].reason.endswith(f": hhtools reads {', '.join(every)}")


def test_toml_values():
    assert toml_value(Decimal("1E+1")) == "10"
    assert toml_value('a "q"\n') == '"a \\"q\\"\\n"'
    with pytest.raises(TypeError):
        toml_value(object())
    assert issubclass(PHHError, ValueError)
