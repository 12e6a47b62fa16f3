"""What one 52-card deck can explain: when the stub may have run out and been reshuffled.

Sites print no burn cards, and several print no reshuffle either, so a card the hero held and
later another player shows is not proof of a second deck: once the cards dealt, drawn and
possibly burned pass 52, the discards are shuffled and dealt again (RULES.md 6, "When the stub
runs out"). ``reshuffle_reason`` says whether, and why, a reshuffle can explain such a card; the
auditor accuses only when it cannot.

The count is of cards taken from the deck: every player dealt in gets a full hand, each draw
takes its replacements (an unknown count is taken as the whole hand, the most it can be), and
under a profile whose site may burn, one card before each draw round. A reshuffle may come at
the draw that takes the 52nd card (the last-card rule of [LA, T] shuffles that card in when it
cannot complete every draw). Which discards the new stub holds is the profile's
``reshuffle_policy``: ``earlier-rounds`` keeps this round's discards out [LA, T],
``others-this-round`` lets in every discard made before the reshuffle (PokerStars' published
rule), ``either`` accepts what either allows. Which discards had been made by then is the
profile's ``draw_procedure``: under ``serve`` only those of the players who drew before; under
``batch`` (everyone declares, then the replacements are dealt) every discard of the round, so a
player who drew before the hero may be dealt the hero's discard of that same round; ``either``
accepts the batch case too.
"""

from __future__ import annotations

from dataclasses import dataclass

from hhtools.auditing.rules import RuleProfile
from hhtools.core.cards import Card
from hhtools.core.records import STREETS, Action, Hand

DECK_SIZE = 52
_ROUND = {street: i for i, street in enumerate(STREETS)}


@dataclass(frozen=True, slots=True)
class StubRun:
    """Where the stub could first have run out: the draw (its sequence number and line) whose
    replacements, counted with everything taken before, reach the 52nd card."""

    seq: int
    line: int
    street: str
    needed: int  # cards taken from the deck up to and including that draw
    burns: int   # of which possible burn cards
    printed: bool  # the site printed its reshuffle before that draw


def first_reshuffle(hand: Hand, dealt_in: int, hand_size: int,
                    rules: RuleProfile) -> StubRun | None:
    """The first draw at which a reshuffle could have happened, or None if the deck lasts."""
    taken = dealt_in * hand_size
    burns = 0
    street = None
    printed = {e.line for e in hand.events if e.kind == "reshuffle"} if hand.events else set()
    for a in hand.actions:
        if a.kind not in ("discard", "stand_pat"):
            continue
        if a.street != street:
            street = a.street
            if rules.burns != "none":
                burns += 1
        count = a.count if a.count is not None else hand_size
        taken += count
        # The site's own reshuffle line, printed before this draw, settles it.
        said = any(line < a.line for line in printed)
        if said or (count and taken + burns >= DECK_SIZE):
            return StubRun(a.seq, a.line, a.street, taken + burns, burns, said)
    return None


def reshuffle_reason(hand: Hand, card: Card, shower: str, run: StubRun | None,
                     rules: RuleProfile) -> str | None:
    """Why ``shower`` may hold ``card``, which the hero held earlier, in one deck; None if no
    reshuffle can explain it (the hero still held it, or the deck never ran out in time)."""
    if run is None or not hand.hero:
        return None
    left = _when_hero_let_go(hand, card)
    if left is None:
        return None  # never discarded nor folded: the hero still holds it
    # The shower's last draw that took cards: the card came from the stub there or earlier.
    received = [a for a in hand.actions if a.player == shower and a.kind == "discard"
                and (a.count is None or a.count > 0)]
    if not received or received[-1].seq < run.seq:
        return None  # the shower took no card after the stub could have run out
    last = received[-1]
    policy = rules.reshuffle_policy
    if left.kind == "fold":
        in_pool = left.seq < last.seq  # a folded hand goes to the muck, in every policy
    elif policy == "earlier-rounds":
        in_pool = _ROUND[left.street] < _ROUND[last.street]
    elif rules.draw_procedure == "serve":
        # Each player is served before the next declares: only discards made before the
        # shower's draw exist when the shower is dealt.
        in_pool = left.seq < last.seq
    else:  # batch, either: the whole round declares before anyone is dealt
        in_pool = _ROUND[left.street] <= _ROUND[last.street]
    if not in_pool:
        return None
    how = "folded" if left.kind == "fold" else "discarded"
    if run.printed:
        why = f"the site reshuffled the deck before line {run.line}"
    else:
        burned = (f", counting {run.burns} possible burn card{'s' * (run.burns != 1)}"
                  if run.burns else "")
        why = (f"the deck could have run out by line {run.line} ({run.needed} cards taken of "
               f"{DECK_SIZE}{burned})")
    return (f"{shower} shows {card}, which {hand.hero} {how} (line {left.line}): {why}, so a "
            "reshuffle could have dealt it again; not a second deck")


def _when_hero_let_go(hand: Hand, card: Card) -> Action | None:
    """The hero's discard of ``card`` or the hero's fold, whichever came first, or None.

    A discard whose cards the history does not list counts when the hero's hand after it is
    unknown or no longer holds the card.
    """
    after = {hc.street: hc.cards for hc in hand.hero_cards}
    for a in hand.actions:
        if a.player != hand.hero:
            continue
        if a.kind == "fold":
            return a
        if a.kind == "discard":
            if a.discarded:
                if card in a.discarded:
                    return a
            elif card not in after.get(a.street, ()):
                return a
    return None
