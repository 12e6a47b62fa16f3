"""How a commerce game goes round the table, and the rule text each check cites.

Seats are numbered clockwise (the poker habit): the player to your left is the next seat
number. Whisky Poker goes clockwise, La Viuda counter-clockwise; both the play and the deal.
The replay (hhtools.commerce.audit) and the simulator (hhtools.commerce.generate) both take the
order from here, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Sequence

#: The sentences of the home-game rule text (Whisky Poker and La Viuda) each check
#: rests on, quoted as the findings' ``rule``.
RULE_TEXT = {
    "order-whisky": "The play begins with the player to the left of the dealer and continues "
                    "clockwise.",
    "order-viuda": "The game is dealt and played counter-clockwise. [...] The play begins with "
                   "the player to dealer's right.",
    "dealer-whisky": "thereafter the turn to deal passes to the left after each hand.",
    "dealer-viuda": "The game is dealt and played counter-clockwise.",
    "phase-1": "In the first phase, the spare hand is face down, and at your turn you have "
               "three options: Pass. [...] Exchange. [...] Knock.",
    "phase-2": "In the second phase the 5-card spare hand is face up on the table, and at your "
               "turn you have the following three options: Exchange one card. [...] Exchange "
               "five cards. [...] Knock.",
    "turn-up": "When it comes to the dealer's turn, if no one has exchanged, and the dealer "
               "does not wish to exchange either, then after the dealer has passed or knocked "
               "the spare hand is turned face up and the second phase of play begins.",
    "knock": "Knock. You keep your cards and give up your right to exchange. This causes the "
             "play to end before your next turn.",
    "last-turns": "The play continues until someone knocks. The other players then have one "
                  "more turn. When the turn reaches the (first) player who knocked, everyone "
                  "shows their cards.",
    "exchange-all": "You place your hand face up on the table, and take the spare hand in "
                    "exchange. [...] Your discarded cards form the new spare hand",
    "exchange-one": "You discard one card from your hand face up to the table and take a card "
                    "from the spare hand in exchange for it.",
    "players": "From 2 to 9 people can play, using a standard 52-card pack without jokers.",
    "pack-whisky": "using a standard 52-card pack without jokers.",
    "pack-viuda": "The game is played with a standard 52-card pack plus two jokers.",
    "deal": "One more hand should be dealt than the number of players.",
    "ante": "Before each deal, each player contributes one chip to a central pool.",
    "best-takes": "the player who has the best hand (according to the standard ranking of "
                  "poker hands, without wild cards) takes all the chips from the pool.",
    "lowest-pays": "When the cards are shown, the holder of the lowest hand must pay one chip "
                   "to a central pool.",
    "whisky-loser": "The first player to lose all five chips to the pool is the loser of the "
                    "game",
    "worst-pays": "The player who has the worst poker hand must pay one chip to the pool.",
    "wild": "In the first deal, the Aces are always wild, because there is one chip in the "
            "pool. [...] 14 chips would correspond to wild Aces again, 15 would indicate wild "
            "twos, and so on.",
    "viuda-chip": "An extra chip called 'La Viuda' (the widow) is placed in a central pool.",
    "equal-chips": "each player must buy an equal number of chips",
    "out": "A player who loses all their chips is out of the game, unless they buy 'La Viuda'",
    "viuda-price": "This costs twice the value of a normal chip; the payment is added to the "
                   "money to be collected by the winner.",
    "viuda-once": "'La Viuda' can only be bought once, and only immediately after a player "
                  "loses his or her original supply of chips.",
    "viuda-passes": "If the first player chooses not to buy 'La Viuda', the option to do so "
                    "passes to the second player who runs out of chips, and so on.",
    "viuda-pool": "when 'la Viuda' is bought, the number of chips in the pool remains the same "
                  "as in the previous hand, so the wild card also remains the same",
    "game-end": "The game continues until all but one player have lost all their chips, and "
                "the last surviving player collects all the money paid for chips.",
    "tie": "In rare cases it can happen that when the cards are shown two players have "
           "equally bad hands.",
    "drawn": "If there is also a tie for most cards of one colour, a card is drawn from the "
             "deck and the colour of the drawn card has priority.",
    "manotazo": "If the hands have the same number of cards by colour, then all the cards from "
                "both hands are shuffled together and each player draws a card from the top of "
                "the resulting stack: the higher card wins.",
    "showdown": "When the turn reaches the (first) player who knocked, everyone shows their "
                "cards.",
}

#: What the text does not say, and what hhtools chooses (also in the README).
CHOICES = (
    "Seats are numbered clockwise. La Viuda's deal passes to the right (counter-clockwise), "
    "as its play does, or to the left as in Whisky Poker ('dealt counter-clockwise' may mean "
    "only the cards): the first deal that tells the two apart fixes the way for the night.",
    "In the second phase a player keeps their cards only by knocking, until someone has "
    "knocked; after that, passing and knocking both mean keeping one's cards.",
    "Whisky Poker, pool scoring: tied best hands share the pool equally; the chips that do "
    "not divide stay in the pool for the next deal, or go one each to some of the tied "
    "players (both accepted). A player who cannot put in a chip before a deal is out.",
    "A card written ?? where the record could have named it is no error: less is known.",
    "Whisky Poker, lowest hand pays: no chip is put in before the deals; tied lowest hands "
    "each pay a chip (suits never break a tie there).",
    "La Viuda: a card drawn for tied hands of the same larger colour settles nothing, and "
    "Manotazo follows (step 4 read word for word).",
    "La Viuda: the option to buy La Viuda is taken or declined before the next deal; a player "
    "who bought it cannot buy it again.",
)


def turn_order(seats: Sequence[tuple[int, str]], active: set[str], dealer: str,
               clockwise: bool) -> list[str]:
    """The players still in, in the order they play this deal: the first is the dealer's next
    one in the game's direction, the dealer last. ``seats`` are (number, name) pairs."""
    ring = [name for _, name in sorted(seats)]
    if not clockwise:
        ring.reverse()
    at = ring.index(dealer)
    following = ring[at + 1:] + ring[:at + 1]
    return [p for p in following if p in active]


def next_dealer(seats: Sequence[tuple[int, str]], active: set[str], previous: str,
                clockwise: bool) -> str:
    """Who deals after ``previous``: the next player still in, in the game's direction."""
    return turn_order(seats, active | {previous}, previous, clockwise)[0]
