"""Reef Draft's screens, as data: a reef's cards each round, and the fish on sharks."""

from __future__ import annotations

from games.reef_draft.data import CARD_LABELS, DECK, FISH_POINTS, HAND_SIZE, ROUNDS
from scorepad.pads.rounds.screens import Column, Count, RoundScreens, Section

CORAL = Count(
    "coral",
    "Coral played this round",
    DECK["coral"],
    help="Not the coral kept from earlier rounds: it is counted already.",
    word=CARD_LABELS["coral"],
)
SCREENS = RoundScreens(
    rounds=ROUNDS,
    noun="reef",
    nouns="reefs",
    sections=(
        Section(
            "Cards in {name}'s reef at the end of round {round}",
            tuple(Count(k, CARD_LABELS[k], n) if k != "coral" else CORAL for k, n in DECK.items()),
            sized=True,
        ),
        Section(
            "Fish eaten by a shark (scores ×3)",
            tuple(
                Count(f"on_shark.{k}", f"{CARD_LABELS[k]} on a shark", DECK[k]) for k in FISH_POINTS
            ),
            hint="Of the fish counted above, how many sit on a shark: each is still in its own "
            "row, so 2 clown fish with 1 on a shark is Clown fish 2 and 1 here.",
            hint_id="on-shark-hint",
        ),
    ),
    size=HAND_SIZE.__getitem__,
    unit="cards",
    pending="+ seastars",
    columns=(
        Column("Coral", "coral", "coral", "card", "coral cards so far; scored after round 3"),
    ),
)
