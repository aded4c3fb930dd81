"""Reef Draft's screens, as data: a reef's cards each round, and the fish on sharks.
The cards are kinds of animal, read in the reader's language (docs/languages.md): their
English labels are marked in the game's data and translated in its catalogue."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from games.reef_draft.data import CARD_LABELS, COUNTED, DECK, FISH_POINTS, HAND_SIZE, ROUNDS
from scorepad.lazy_text import filled_lazy
from scorepad.pads.rounds.screens import Column, Count, RoundScreens, Section

CORAL = Count(
    "coral",
    _("Coral played this round"),
    DECK["coral"],
    help=_("Not the coral kept from earlier rounds: it is counted already."),
    counted=COUNTED["coral"],
)
SCREENS = RoundScreens(
    rounds=ROUNDS,
    noun=_("reef"),
    nouns=_("reefs"),
    sections=(
        Section(
            # A section's legend is filled in with str.format (screens.Section).
            _("Cards in {name}'s reef at the end of round {round}"),
            tuple(
                Count(k, _(CARD_LABELS[k]), n, counted=COUNTED[k]) if k != "coral" else CORAL
                for k, n in DECK.items()
            ),
            sized=True,
        ),
        Section(
            _("Fish eaten by a shark (scores ×3)"),
            tuple(
                Count(
                    f"on_shark.{k}",
                    filled_lazy(_("%(card)s on a shark"), {"card": _(CARD_LABELS[k])}),
                    DECK[k],
                )
                for k in FISH_POINTS
            ),
            hint=_(
                "Of the fish counted above, how many sit on a shark: each is still in its own "
                "row, so 2 clown fish with 1 on a shark is Clown fish 2 and 1 here."
            ),
            hint_id="on-shark-hint",
        ),
    ),
    size=HAND_SIZE.__getitem__,
    unit=_("cards"),
    pending=_("+ seastars"),
    columns=(
        Column(
            _(CARD_LABELS["coral"]),
            "coral",
            "coral",
            ngettext_lazy("%(count)s card", "%(count)s cards", "count"),
            _("coral cards so far; scored after round 3"),
        ),
    ),
)
