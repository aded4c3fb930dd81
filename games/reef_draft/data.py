"""Reef Draft's printed tables (rulebook: shared/rules/card-draft.txt)."""

from games.words import gettext_noop, ngettext_lazy, pgettext_lazy

ROUNDS = 3

# Cards dealt to each player per round, by player count.
HAND_SIZE = {2: 10, 3: 9, 4: 8, 5: 7}

# Card kinds a reef can hold, in the order the entry screen shows them, with the
# number of each in the 108-card deck.
DECK = {
    "jellies": 14,
    "seahorses": 14,
    "dolphins": 14,
    "seastar_1": 6,
    "seastar_2": 12,
    "seastar_3": 8,
    "clownfish": 5,
    "pufferfish": 10,
    "anglerfish": 5,
    "sharks": 6,
    "turtles": 4,
    "coral": 10,
}

CARD_LABELS = {
    "jellies": gettext_noop("Jellies"),
    "seahorses": gettext_noop("Seahorses"),
    "dolphins": gettext_noop("Dolphins"),
    "seastar_1": gettext_noop("1-star seastars"),
    "seastar_2": gettext_noop("2-star seastars"),
    "seastar_3": gettext_noop("3-star seastars"),
    "clownfish": gettext_noop("Clown fish"),
    "pufferfish": gettext_noop("Puffer fish"),
    "anglerfish": gettext_noop("Angler fish"),
    "sharks": gettext_noop("Sharks"),
    "turtles": gettext_noop("Turtles"),
    "coral": gettext_noop("Coral"),
}

# Each kind of card, uncounted, as a refusal names a reef's count of it ("Round 1, Ana:
# jellies"), in the reader's language: they are kinds of animal, not printed names
# (docs/languages.md).
CARD_KINDS = {
    "jellies": pgettext_lazy("cards of one kind in a reef", "jellies"),
    "seahorses": pgettext_lazy("cards of one kind in a reef", "seahorses"),
    "dolphins": pgettext_lazy("cards of one kind in a reef", "dolphins"),
    "seastar_1": pgettext_lazy("cards of one kind in a reef", "1-star seastars"),
    "seastar_2": pgettext_lazy("cards of one kind in a reef", "2-star seastars"),
    "seastar_3": pgettext_lazy("cards of one kind in a reef", "3-star seastars"),
    "clownfish": pgettext_lazy("cards of one kind in a reef", "clown fish"),
    "pufferfish": pgettext_lazy("cards of one kind in a reef", "puffer fish"),
    "anglerfish": pgettext_lazy("cards of one kind in a reef", "angler fish"),
    "sharks": pgettext_lazy("cards of one kind in a reef", "sharks"),
    "turtles": pgettext_lazy("cards of one kind in a reef", "turtles"),
    "coral": pgettext_lazy("cards of one kind in a reef", "coral"),
}

# So many cards of each kind, in the reader's language, as explanations and refusals
# count them ("3 jellies", "1 Qualle", "11 coral cards"). Each is ``.of(count)``-ed
# where it is said.
COUNTED = {
    "jellies": ngettext_lazy("{count} jelly", "{count} jellies", 1),
    "seahorses": ngettext_lazy("{count} seahorse", "{count} seahorses", 1),
    "dolphins": ngettext_lazy("{count} dolphin", "{count} dolphins", 1),
    "seastar_1": ngettext_lazy("{count} 1-star seastar", "{count} 1-star seastars", 1),
    "seastar_2": ngettext_lazy("{count} 2-star seastar", "{count} 2-star seastars", 1),
    "seastar_3": ngettext_lazy("{count} 3-star seastar", "{count} 3-star seastars", 1),
    "clownfish": ngettext_lazy("{count} clown fish", "{count} clown fish", 1),
    "pufferfish": ngettext_lazy("{count} puffer fish", "{count} puffer fish", 1),
    "anglerfish": ngettext_lazy("{count} angler fish", "{count} angler fish", 1),
    "sharks": ngettext_lazy("{count} shark", "{count} sharks", 1),
    "turtles": ngettext_lazy("{count} turtle", "{count} turtles", 1),
    "coral": ngettext_lazy("{count} coral card", "{count} coral cards", 1),
}

STARS_PER_CARD = {"seastar_1": 1, "seastar_2": 2, "seastar_3": 3}
SEASTAR_MOST = 6
SEASTAR_SECOND = 3

JELLY_SET, JELLY_POINTS = 2, 5
SEAHORSE_SET, SEAHORSE_POINTS = 3, 10

# Points for 0, 1, 2, 3, 4 and "5 or more" dolphins.
DOLPHIN_POINTS = (0, 1, 3, 6, 10, 15)

FISH_POINTS = {"clownfish": 1, "pufferfish": 2, "anglerfish": 3}
SHARK_MULTIPLIER = 3

CORAL_MOST = 6
CORAL_FEWEST = -6
# No one loses points for the fewest coral at this player count.
NO_CORAL_PENALTY_PLAYERS = 2
