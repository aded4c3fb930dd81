"""Reading a Shallow Sea play from JSON, naming every problem in a player's words."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from games.contract import Errors
from games.explain import CLAUSES_APART
from games.shallow_sea.data import (
    BUBBLES,
    CARDS,
    COLOR_NAMES,
    COLORS,
    CORAL_VPS,
    CORNERS,
    FISH_PER_COLOR,
    LEFT_OUT_COLOR_SCENARIO,
    MAX_SEASHELLS,
    MIN_PLAYERS,
    MODIFIED_RULES,
    PLACE_ANYWHERE_RULE,
    ROW_COLUMNS,
    SAME_COLOR_FISH_BONUS_RULE,
    SCENARIOS,
    SEALIFE,
    SEALIFE_COPIES,
    SEALIFE_TYPES_PER_GAME,
    SEALIFE_VPS,
    STANDARD_ACHIEVEMENTS,
    TWO_CARDS_EACH_RULE,
    Point,
    SealifeType,
)
from games.shallow_sea.ecosystem import most_vp
from games.shallow_sea.info import INFO, MODES
from games.shallow_sea.ocean import (
    Achievement,
    Coral,
    Ocean,
    PaperSheet,
    Sealife,
    Setup,
    ShallowSeaInput,
    Tile,
)
from games.words import Value, Words, and_list, join, ngettext_lazy
from games.words import gettext_lazy as _

TOP_KEYS = ("players", "mode", "setup", "achievement", "entry", "sheets", "boards")
ENTRY_KEYS = {"sheet": "sheets", "board": "boards"}
ACHIEVEMENT_KINDS = {"scenario": SCENARIOS, "standard": None, "modified": MODIFIED_RULES}
CARD_COLORS = ("orange", "blue")
ROW_COUNT = len(ROW_COLUMNS)
# An Incomplete Fish earns 1 VP per Completed Coral Tile its bubble touches.
MOST_INCOMPLETE_FISH_VP = sum(len(spaces) for spaces in BUBBLES.values())
# The longest quote of a player's value in a message.
SHOWN_LENGTH = 40
SPACE_HELP = _(
    "rows 1, 3 and 5 use columns 2, 4, 6 and 8; rows 2 and 4 use columns 1, 3, 5, 7 and 9"
)


# --- What the refusals call things ------------------------------------------------------
def _must_be_one_of(what: Value, choices: Iterable[str]) -> Words:
    return _("{what} must be one of: {choices}.").format(what=what, choices=", ".join(choices))


# Labels of the input's parts, which start the shared sentences ("The mode must be one
# of: …"); German and French read them before a colon ("Der Modus: erlaubt ist …").
THE_GAME = _("The game")
A_SHALLOW_SEA_GAME = _("A Shallow Sea game")
THE_MODE = _("The mode")
THE_ENTRY = _("The entry")
THE_ACHIEVEMENT_MODE = _("The achievement mode")
THE_SETUP = _("The setup")
THE_ENTRIES = {"sheets": _("The sheets"), "boards": _("The boards")}
NO_ENTRY = {
    "sheet": _("There is no sheet for {name}."),
    "board": _("There is no board for {name}."),
}
CHOOSE_BY_NUMBER = {
    "scenario": _("Choose one of the {count} scenarios by its number, 1 to {count}."),
    "modified": _("Choose one of the {count} modified rules by its number, 1 to {count}."),
}
A_SHEET_OF_MODE = {
    "standard": _("A standard-mode sheet"),
    "solo": _("A solo-mode sheet"),
    "family": _("A family-mode sheet"),
}
# What a paper sheet must hold once the game is over, by the line's key, in the pad's order.
SHEET_NEEDS = {
    "orange": _("{name}'s sheet needs the Orange Ecosystem card's VPs."),
    "blue": _("{name}'s sheet needs the Blue Ecosystem card's VPs."),
    "rows": _("{name}'s sheet needs the tile VPs of each row."),
    "seashells": _("{name}'s sheet needs the Seashells left."),
    "different_sealife": _("{name}'s sheet needs how many different Sealife types were completed."),
    "incomplete_fish": _("{name}'s sheet needs the Incomplete Fish VPs."),
    "lionfish": _("{name}'s sheet needs how many Fish are on the Lionfish card."),
}
OCEAN_NEEDS = {
    "seashells": _("{name}'s ocean needs the Seashells left."),
    "lionfish": _("{name}'s ocean needs the Lionfish card."),
}
SEASHELLS_OF = _("{name}: Seashells")
LIONFISH_OF = _("{name}: Fish on the Lionfish card")
# A tile completed by corals anywhere (F1, F2) that says otherwise than its ocean: by the
# colors it needs, and by whether the ocean completes it.
ANYWHERE_DISAGREES = {
    ("same", True): _(
        "{tile} needs {count} Completed Coral Tiles of one color; "
        "this ocean has {met}, so the tile is completed."
    ),
    ("same", False): _(
        "{tile} needs {count} Completed Coral Tiles of one color; "
        "this ocean has {met}, so the tile is incomplete."
    ),
    ("different", True): _(
        "{tile} needs {count} Completed Coral Tiles of different colors; "
        "this ocean has {met}, so the tile is completed."
    ),
    ("different", False): _(
        "{tile} needs {count} Completed Coral Tiles of different colors; "
        "this ocean has {met}, so the tile is incomplete."
    ),
}


@dataclass(frozen=True)
class DeckWords:
    """What the refusals say of the Orange or the Blue Ecosystem cards, each a whole
    sentence: in German and French a color agrees with its card (blaue Karte, cartes
    bleues), so no sentence takes the color as a value."""

    as_list: Words
    no_such_card: Words  # {shown}, {most}
    chosen_twice: Words  # {number}
    choose_one: Words  # counted (.of) by the cards given
    two_by_rule: Words  # {rule}; counted (.of) by the cards given
    in_scenario: Words  # {number}, {card}, {name}
    vps_of: Words  # a label: {name}
    vps_cannot_be: Words  # {name}, {vp}, {steps}


DECKS = {
    "orange": DeckWords(
        as_list=_("Give the Orange Ecosystem cards as a list of numbers."),
        no_such_card=_("There is no Orange Ecosystem card {shown}; they are numbered 1 to {most}."),
        chosen_twice=_("Orange card {number} is chosen twice."),
        choose_one=ngettext_lazy(
            "Choose 1 Orange Ecosystem card. {count} was given.",
            "Choose 1 Orange Ecosystem card. {count} were given.",
            1,
        ),
        two_by_rule=ngettext_lazy(
            "Modified rule {rule} uses 2 Orange Ecosystem cards. {count} was given.",
            "Modified rule {rule} uses 2 Orange Ecosystem cards. {count} were given.",
            1,
        ),
        in_scenario=_("Scenario {number} uses Orange Ecosystem card {card} ({name})."),
        vps_of=_("{name}: Orange card VPs"),
        vps_cannot_be=_("{name}: {vp} VPs cannot come from the Orange card ({steps})."),
    ),
    "blue": DeckWords(
        as_list=_("Give the Blue Ecosystem cards as a list of numbers."),
        no_such_card=_("There is no Blue Ecosystem card {shown}; they are numbered 1 to {most}."),
        chosen_twice=_("Blue card {number} is chosen twice."),
        choose_one=ngettext_lazy(
            "Choose 1 Blue Ecosystem card. {count} was given.",
            "Choose 1 Blue Ecosystem card. {count} were given.",
            1,
        ),
        two_by_rule=ngettext_lazy(
            "Modified rule {rule} uses 2 Blue Ecosystem cards. {count} was given.",
            "Modified rule {rule} uses 2 Blue Ecosystem cards. {count} were given.",
            1,
        ),
        in_scenario=_("Scenario {number} uses Blue Ecosystem card {card} ({name})."),
        vps_of=_("{name}: Blue card VPs"),
        vps_cannot_be=_("{name}: {vp} VPs cannot come from the Blue card ({steps})."),
    ),
}


def parse(data: Any, *, partial: bool = False) -> ShallowSeaInput:
    errors = Errors()
    data = errors.mapping(data, "", THE_GAME)
    errors.unknown_keys(data, TOP_KEYS, "", A_SHALLOW_SEA_GAME)
    names = errors.player_names(data.get("players"), INFO)
    mode = _one_of(errors, data.get("mode"), MODES, "mode", THE_MODE)
    entry = _one_of(errors, data.get("entry"), tuple(ENTRY_KEYS), "entry", THE_ENTRY)
    # Everything below depends on the mode, the entry and the player count.
    errors.raise_if_any()

    _check_player_count(errors, mode, names)
    achievement = _parse_achievement(errors, data.get("achievement"), mode)
    setup = _parse_setup(errors, data.get("setup"), mode, achievement)
    errors.raise_if_any()

    play = ShallowSeaInput(
        players=tuple(names),
        mode=mode,
        setup=setup,
        achievement=achievement,
        entries={},
        finished=not partial,
    )
    key = ENTRY_KEYS[entry]
    for other in ENTRY_KEYS.values():
        if other != key and other in data:
            errors.add(
                other,
                _("The entry is '{entry}', so give '{key}', not '{other}'.").format(
                    entry=entry, key=key, other=other
                ),
            )
    raw_entries = errors.mapping(data.get(key), key, THE_ENTRIES[key])
    errors.unknown_keys(raw_entries, names, key, THE_ENTRIES[key])
    read = _parse_sheet if entry == "sheet" else _parse_board
    entries = {}
    for name in names:
        if name in raw_entries or partial:
            entries[name] = read(errors, play, raw_entries.get(name), f"{key}.{name}", name)
        else:
            errors.add(f"{key}.{name}", NO_ENTRY[entry].format(name=name))
    play = replace(play, entries=entries, complete=all(name in raw_entries for name in names))
    # Across the oceans only once each was read whole: a refused value reads as 0,
    # which no pouch or printed tile holds.
    if entry == "board" and not errors.items:
        _check_pouches(errors, play)
    errors.raise_if_any()
    return play


def _one_of(errors: Errors, value: Any, choices: tuple[str, ...], where: str, what: Value) -> str:
    if value not in choices:
        errors.add(where, _must_be_one_of(what, choices))
    return value


def _shown(value: Any) -> Value:
    """A value the player sent, quoted in a message: a short text whatever it is.

    A list or an object is named, not written out: it may be nested deeper than
    ``repr`` can go (RecursionError) or be far too long to read.
    """
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, Mapping):
        return _("an object")
    shown = repr(value)
    return shown if len(shown) <= SHOWN_LENGTH else shown[: SHOWN_LENGTH - 3] + "..."


def _listed(value: Any, table: Mapping[Any, Any]) -> bool:
    """``value`` is one of ``table``'s keys (JSON may send lists, and true is not 1)."""
    return isinstance(value, str | int) and not isinstance(value, bool) and value in table


def _check_player_count(errors: Errors, mode: str, names: list[str]) -> None:
    if mode == "solo" and len(names) != MIN_PLAYERS:
        errors.add(
            "players",
            ngettext_lazy(
                "Solo mode is for one player; {count} was given.",
                "Solo mode is for one player; {count} were given.",
                len(names),
            ),
        )
    if mode == "standard" and len(names) == MIN_PLAYERS:
        errors.add("mode", _("A one-player game is played in solo mode."))


def _parse_achievement(errors: Errors, raw: Any, mode: str) -> Achievement | None:
    if raw is None:
        return None
    raw = errors.mapping(raw, "achievement", THE_ACHIEVEMENT_MODE)
    errors.unknown_keys(raw, ("kind", "number"), "achievement", THE_ACHIEVEMENT_MODE)
    kind = raw.get("kind")
    if not _listed(kind, ACHIEVEMENT_KINDS):
        errors.add("achievement.kind", _must_be_one_of(THE_ACHIEVEMENT_MODE, ACHIEVEMENT_KINDS))
        return None
    if mode == "family":
        errors.add("achievement", _("Achievement mode plays the standard rules, not family mode."))
    numbered = ACHIEVEMENT_KINDS[kind]
    if numbered is None:
        if "number" in raw:
            errors.add(
                "achievement.number",
                _(
                    "The standard-rules achievements are one list of {count}; "
                    "there is no number to choose."
                ).format(count=len(STANDARD_ACHIEVEMENTS)),
            )
        return Achievement(kind, None)
    number = raw.get("number")
    if not _listed(number, numbered):
        errors.add("achievement.number", CHOOSE_BY_NUMBER[kind].format(count=len(numbered)))
        return None
    return Achievement(kind, number)


def _parse_setup(errors: Errors, raw: Any, mode: str, achievement: Achievement | None) -> Setup:
    raw = errors.mapping(raw, "setup", THE_SETUP)
    errors.unknown_keys(raw, ("orange", "blue", "sealife"), "setup", THE_SETUP)
    if mode == "family":
        wanted = 0
    elif achievement == Achievement("modified", TWO_CARDS_EACH_RULE):
        wanted = 2
    else:
        wanted = 1
    orange, blue = (
        _parse_cards(errors, raw.get(color), color, wanted, mode) for color in CARD_COLORS
    )
    setup = Setup(orange, blue, _parse_sealife_types(errors, raw.get("sealife")))
    if achievement and achievement.kind == "scenario":
        assert achievement.number is not None  # a scenario is always numbered
        _check_scenario_setup(errors, setup, achievement.number)
    return setup


def _parse_cards(errors: Errors, raw: Any, color: str, wanted: int, mode: str) -> tuple[int, ...]:
    where = f"setup.{color}"
    cards = CARDS[color]
    deck = DECKS[color]
    if raw is None:
        raw = []
    if not isinstance(raw, list):
        errors.add(where, deck.as_list)
        return ()
    numbers = []
    for i, number in enumerate(raw):
        if not _listed(number, cards):
            errors.add(
                f"{where}[{i}]", deck.no_such_card.format(shown=_shown(number), most=len(cards))
            )
        elif number in numbers:
            errors.add(f"{where}[{i}]", deck.chosen_twice.format(number=number))
        else:
            numbers.append(number)
    if len(raw) != wanted:
        if mode == "family":
            message = ngettext_lazy(
                "Family mode plays without Ecosystem cards. {count} was given.",
                "Family mode plays without Ecosystem cards. {count} were given.",
                len(raw),
            )
        elif wanted == 2:
            message = deck.two_by_rule.of(len(raw)).format(rule=TWO_CARDS_EACH_RULE)
        else:
            message = deck.choose_one.of(len(raw))
        errors.add(where, message)
    return tuple(numbers)


def _parse_sealife_types(errors: Errors, raw: Any) -> tuple[str, ...]:
    where = "setup.sealife"
    if not isinstance(raw, list):
        errors.add(where, _("Give the game's Sealife types as a list of codes, like A1."))
        return ()
    codes = []
    for i, code in enumerate(raw):
        if not _listed(code, SEALIFE):
            errors.add(
                f"{where}[{i}]",
                _("{shown} is not a Sealife type; they are {codes}.").format(
                    shown=_shown(code), codes=and_list(list(SEALIFE))
                ),
            )
        elif code in codes:
            errors.add(f"{where}[{i}]", _("{code} is chosen twice.").format(code=code))
        else:
            codes.append(code)
    if len(raw) != SEALIFE_TYPES_PER_GAME:
        errors.add(
            where,
            ngettext_lazy(
                "A game uses {types} different Sealife types; {count} was given.",
                "A game uses {types} different Sealife types; {count} were given.",
                len(raw),
            ).format(types=SEALIFE_TYPES_PER_GAME),
        )
    return tuple(codes)


def _check_scenario_setup(errors: Errors, setup: Setup, number: int) -> None:
    scenario = SCENARIOS[number]
    if set(setup.sealife) != set(scenario.sealife):
        errors.add(
            "setup.sealife",
            _("Scenario {number} uses the Sealife types {codes}.").format(
                number=number, codes=and_list(scenario.sealife)
            ),
        )
    for color, card in (("orange", scenario.orange), ("blue", scenario.blue)):
        if getattr(setup, color) != (card,):
            errors.add(
                f"setup.{color}",
                DECKS[color].in_scenario.format(
                    number=number, card=card, name=CARDS[color][card].name
                ),
            )


# --- One player's paper sheet --------------------------------------------------
def _parse_sheet(
    errors: Errors, play: ShallowSeaInput, raw: Any, where: str, name: str
) -> PaperSheet:
    raw = errors.mapping(raw, where, _("{name}'s sheet").format(name=name))
    lines = ["rows", "seashells"]
    if play.mode != "family":
        lines = ["orange", "blue", *lines, "different_sealife", "incomplete_fish"]
    if play.mode == "solo":
        lines.append("lionfish")
    errors.unknown_keys(raw, lines, where, A_SHEET_OF_MODE[play.mode])
    if play.finished:
        for key in lines:
            if key not in raw:
                errors.add(f"{where}.{key}", SHEET_NEEDS[key].format(name=name))

    def count(key: str, what: Words, maximum: int | None = None) -> int:
        return errors.count(raw.get(key), f"{where}.{key}", what.format(name=name), maximum=maximum)

    rule_9 = play.plays_modified_rule(SAME_COLOR_FISH_BONUS_RULE)
    return PaperSheet(
        orange=_card_value(errors, play.setup.orange, "orange", raw, where, name),
        blue=_card_value(errors, play.setup.blue, "blue", raw, where, name),
        rows=_parse_rows(errors, raw.get("rows"), f"{where}.rows", name),
        different_sealife=count(
            "different_sealife",
            _("{name}: different completed Sealife types"),
            len(play.setup.sealife),
        ),
        incomplete_fish=count(
            "incomplete_fish",
            _("{name}: Incomplete Fish VPs"),
            MOST_INCOMPLETE_FISH_VP * (2 if rule_9 else 1),
        ),
        seashells=count("seashells", SEASHELLS_OF, MAX_SEASHELLS),
        lionfish=count("lionfish", LIONFISH_OF, _fish_in_game(1)),
    )


def _card_value(
    errors: Errors,
    numbers: tuple[int, ...],
    color: str,
    raw: Mapping[str, Any],
    where: str,
    name: str,
) -> int:
    """A card's VPs as written: a whole step of what one of the game's cards pays."""
    where = f"{where}.{color}"
    deck = DECKS[color]
    vp = errors.count(raw.get(color), where, deck.vps_of.format(name=name))
    cards = [CARDS[color][number] for number in numbers]
    if cards and not any(vp % c.vp_each == 0 and vp <= most_vp(c) for c in cards):
        steps = (
            _("{card} pays in steps of {each} up to {most}").format(
                card=c.name, each=c.vp_each, most=most_vp(c)
            )
            for c in cards
        )
        errors.add(
            where,
            deck.vps_cannot_be.format(name=name, vp=vp, steps=join(steps, CLAUSES_APART)),
        )
    return vp


def _parse_rows(errors: Errors, raw: Any, where: str, name: str) -> tuple[int, ...]:
    if raw is None:
        return (0,) * ROW_COUNT
    if not isinstance(raw, list) or len(raw) != ROW_COUNT:
        errors.add(
            where,
            _("{name}: give the tile VPs of the {count} rows, top row first.").format(
                name=name, count=ROW_COUNT
            ),
        )
        return (0,) * ROW_COUNT
    return tuple(
        errors.count(
            vp, f"{where}[{i}]", _("{name}: row {number} VPs").format(name=name, number=i + 1)
        )
        for i, vp in enumerate(raw)
    )


def _fish_in_game(players: int) -> int:
    return FISH_PER_COLOR[players] * len(COLORS)


# --- One player's ocean board ----------------------------------------------------
def _parse_board(errors: Errors, play: ShallowSeaInput, raw: Any, where: str, name: str) -> Ocean:
    ocean_of = _("{name}'s ocean").format(name=name)
    raw = errors.mapping(raw, where, ocean_of)
    keys = ["tiles", "fish", "seashells"]
    if play.mode == "solo":
        keys.append("lionfish")
    if play.plays_scenario(LEFT_OUT_COLOR_SCENARIO):
        keys.append("left_out_color")
    errors.unknown_keys(raw, keys, where, ocean_of)
    if play.finished:
        for key, needs in OCEAN_NEEDS.items():
            if key in keys and key not in raw:
                errors.add(f"{where}.{key}", needs.format(name=name))

    tiles = _parse_tiles(errors, play, raw.get("tiles"), f"{where}.tiles", name)
    fish, bubble_names = _parse_fish(errors, play, raw.get("fish"), f"{where}.fish", name, tiles)
    left_out = raw.get("left_out_color")
    if left_out is not None and left_out not in COLORS:
        errors.add(f"{where}.left_out_color", _not_a_color(name, left_out))
        left_out = None
    return Ocean(
        tiles=tiles,
        fish=fish,
        seashells=errors.count(
            raw.get("seashells"),
            f"{where}.seashells",
            SEASHELLS_OF.format(name=name),
            maximum=MAX_SEASHELLS,
        ),
        lionfish=errors.count(
            raw.get("lionfish"),
            f"{where}.lionfish",
            LIONFISH_OF.format(name=name),
            maximum=_fish_in_game(1),
        ),
        left_out_color=left_out,
        bubble_names=bubble_names,
    )


def _not_a_color(what: Value, value: Any) -> Words:
    return _("{what}: {shown} is not a color; the colors are {colors}.").format(
        what=what, shown=_shown(value), colors=and_list(COLORS)
    )


def _parse_tiles(
    errors: Errors, play: ShallowSeaInput, raw: Any, where: str, name: str
) -> dict[str, Tile]:
    raw = errors.mapping(raw, where, _("{name}'s tiles").format(name=name))
    tiles: dict[str, Tile] = {}
    # Corals first: a Sealife tile completed by corals anywhere (F1, F2) reads them.
    for space, raw_tile in sorted(raw.items(), key=lambda item: _kind(item[1]) != "coral"):
        here = f"{where}.{space}"
        label = _("{name}, {space}").format(name=name, space=space)
        if space not in CORNERS:
            errors.add(
                here, _("There is no space {space}: {help}.").format(space=space, help=SPACE_HELP)
            )
            continue
        kind = _kind(raw_tile)
        if kind not in ("coral", "sealife"):
            errors.add(
                here,
                _("{label}: a tile is an object whose kind is coral or sealife.").format(
                    label=label
                ),
            )
            continue
        completed = raw_tile.get("completed")
        if not isinstance(completed, bool):
            errors.add(
                f"{here}.completed",
                _("{label}: say whether the tile is completed (true or false).").format(
                    label=label
                ),
            )
        elif kind == "coral":
            tiles[space] = _parse_coral(errors, raw_tile, completed, here, label)
        else:
            coral_colors = [t.color for t in tiles.values() if isinstance(t, Coral) and t.completed]
            sealife = _parse_sealife(errors, play, raw_tile, completed, coral_colors, here, label)
            if sealife:
                tiles[space] = sealife
    return {space: tiles[space] for space in CORNERS if space in tiles}


def _kind(raw_tile: Any) -> Any:
    return raw_tile.get("kind") if isinstance(raw_tile, Mapping) else None


def _parse_coral(
    errors: Errors, raw: Mapping[str, Any], completed: bool, where: str, label: Value
) -> Coral:
    errors.unknown_keys(
        raw,
        ("kind", "completed", "color", "vp", "fish"),
        where,
        _("{label}: a coral").format(label=label),
    )
    color, vp, fish = raw.get("color"), raw.get("vp"), raw.get("fish")
    if completed:
        if color is None:
            errors.add(
                f"{where}.color",
                _("{label}: a completed coral needs its color.").format(label=label),
            )
        if vp is None:
            errors.add(
                f"{where}.vp",
                _("{label}: a completed coral needs its VPs (5, 7 or 9).").format(label=label),
            )
        if fish is None:
            errors.add(
                f"{where}.fish",
                _(
                    "{label}: a completed coral needs its Completed Fish; give that fish's color."
                ).format(label=label),
            )
    elif fish is not None:
        errors.add(
            f"{where}.fish",
            _("{label}: only a completed coral holds a fish; put this fish on a bubble.").format(
                label=label
            ),
        )
        fish = None
    if color is not None and color not in COLORS:
        errors.add(f"{where}.color", _not_a_color(label, color))
        color = None
    if fish is not None and fish not in COLORS:
        errors.add(f"{where}.fish", _not_a_color(label, fish))
        fish = None
    if isinstance(vp, float) and vp.is_integer():
        vp = int(vp)  # 7.0 is the whole number 7, as Errors.count reads every count
    if vp is not None and (isinstance(vp, bool) or vp not in CORAL_VPS):
        errors.add(
            f"{where}.vp",
            _("{label}: a coral is worth 5, 7 or 9 VPs, not {shown}.").format(
                label=label, shown=_shown(vp)
            ),
        )
        vp = None
    return Coral(completed, color, vp, fish)


def _parse_sealife(
    errors: Errors,
    play: ShallowSeaInput,
    raw: Mapping[str, Any],
    completed: bool,
    coral_colors: list[str | None],
    where: str,
    label: Value,
) -> Sealife | None:
    keys = ("kind", "completed", "code", "vp", "partial", "partial_vp")
    errors.unknown_keys(raw, keys, where, _("{label}: a Sealife tile").format(label=label))
    code = raw.get("code")
    if code not in play.setup.sealife:
        errors.add(
            f"{where}.code",
            _("{label}: {code} is not one of this game's Sealife types ({codes}).").format(
                label=label,
                code=str(code) if _listed(code, SEALIFE) else _shown(code),
                codes=and_list(play.setup.sealife),
            ),
        )
        return None
    kind = SEALIFE[code]
    title = _("{label}: the {sealife} ({code})").format(label=label, sealife=kind.name, code=code)

    def count(key: str, what: Words, maximum: int | None = None) -> int | None:
        if raw.get(key) is None:
            return None
        return errors.count(raw[key], f"{where}.{key}", what.format(tile=title), maximum=maximum)

    def printed(key: str, what: Words, never_printed: Words) -> int | None:
        """A value printed on the tile: a count no tile prints is refused too (0 then,
        as Errors.count gives for a value it refuses: the field has its one message)."""
        told = len(errors.items)
        value = count(key, what)
        if value is not None and len(errors.items) == told and value not in SEALIFE_VPS:
            errors.add(
                f"{where}.{key}",
                never_printed.format(
                    tile=title, value=value, low=SEALIFE_VPS[0], high=SEALIFE_VPS[-1]
                ),
            )
            return 0
        return value

    vp = printed(
        "vp",
        _("{tile}: its printed VPs"),
        _("{tile}: no Sealife tile prints {value} VPs; they print {low} to {high}."),
    )
    partial_vp = printed(
        "partial_vp",
        _("{tile}: its partial VPs"),
        _("{tile}: no Sealife tile prints {value} VPs per count met; they print {low} to {high}."),
    )
    most_met = None if kind.count is None else kind.count - 1
    partial = count("partial", _("{tile}: how much of its condition is met"), most_met)
    if kind.where == "anywhere":
        assert most_met is not None  # every anywhere-type has a count
        met = _met_anywhere(kind, coral_colors)
        _check_anywhere(errors, play, kind, completed, partial, met, where, title)
        if not completed:
            partial = min(met, most_met)
    if completed:
        if vp is None:
            errors.add(
                f"{where}.vp",
                _("{tile} is completed: give the VPs printed on it.").format(tile=title),
            )
        if partial is not None:
            errors.add(
                f"{where}.partial",
                _(
                    "{tile} is completed, so it scores its printed VPs; "
                    "a partial count is only for an incomplete tile."
                ).format(tile=title),
            )
        return Sealife(code, completed, vp, 0, partial_vp)
    if partial is None:
        errors.add(
            f"{where}.partial",
            _("{tile} is incomplete: say how much of its condition is met (0 if none).").format(
                tile=title
            ),
        )
    elif partial and partial_vp is None:
        errors.add(
            f"{where}.partial_vp",
            _("{tile} is incomplete: give the partial VPs printed on it.").format(tile=title),
        )
    return Sealife(code, completed, vp, partial or 0, partial_vp)


def _met_anywhere(kind: SealifeType, coral_colors: list[str | None]) -> int:
    """How much of an anywhere-condition (F1, F2) an ocean's Completed Coral Tiles meet."""
    colors = Counter(color for color in coral_colors if color)
    return max(colors.values(), default=0) if kind.match == "same" else len(colors)


def _check_anywhere(
    errors: Errors,
    play: ShallowSeaInput,
    kind: SealifeType,
    completed: bool,
    partial: int | None,
    met: int,
    where: str,
    title: Value,
) -> None:
    """A tile completed by corals anywhere (F1, F2) must agree with the whole ocean."""
    assert kind.count is not None  # every anywhere-type has a count
    if not play.finished:
        return
    if completed != (met >= kind.count):
        errors.add(
            f"{where}.completed",
            ANYWHERE_DISAGREES[kind.match, met >= kind.count].format(
                tile=title, count=kind.count, met=met
            ),
        )
    elif partial is not None and not completed and partial != met:
        errors.add(
            f"{where}.partial",
            _("{tile}: this ocean meets {met} of its {count}, not {partial}.").format(
                tile=title, met=met, count=kind.count, partial=partial
            ),
        )


def _parse_fish(
    errors: Errors,
    play: ShallowSeaInput,
    raw: Any,
    where: str,
    name: str,
    tiles: Mapping[str, Tile],
) -> tuple[dict[Point, str], dict[Point, str]]:
    """The Incomplete Fish, color by bubble, and each bubble's name as the input gives it."""
    if raw is None:
        return {}, {}
    if not isinstance(raw, list):
        errors.add(
            where,
            _("{name}: list the Incomplete Fish, each with 'at' and 'color'.").format(name=name),
        )
        return {}, {}
    fish: dict[Point, str] = {}
    named_as: dict[Point, str] = {}
    anywhere = play.plays_modified_rule(PLACE_ANYWHERE_RULE)
    for i, raw_fish in enumerate(raw):
        here = f"{where}[{i}]"
        fish_of = _("{name}'s fish {number}").format(name=name, number=i + 1)
        raw_fish = errors.mapping(raw_fish, here, fish_of)
        errors.unknown_keys(raw_fish, ("at", "color"), here, fish_of)
        at, color = raw_fish.get("at"), raw_fish.get("color")
        bubble = _bubble(errors, at, f"{here}.at", name)
        if color not in COLORS:
            place = at if isinstance(at, str) else _shown(at)
            fish_at = _("{name}, fish at {place}").format(name=name, place=place)
            errors.add(f"{here}.color", _not_a_color(fish_at, color))
        if bubble is None:
            continue
        assert isinstance(at, str)  # _bubble names a bubble only from a string
        if bubble in named_as:
            errors.add(
                f"{here}.at",
                _(
                    "{name}: {at} is the bubble already named {named}; a bubble holds one fish."
                ).format(name=name, at=at, named=named_as[bubble]),
            )
            continue
        named_as[bubble] = at
        if not anywhere and not any(space in tiles for space in BUBBLES[bubble]):
            empty = BUBBLES[bubble]
            errors.add(
                f"{here}.at",
                ngettext_lazy(
                    "{name}: no tile touches the bubble {at}; a fish sits on a bubble "
                    "next to a tile ({spaces} is empty).",
                    "{name}: no tile touches the bubble {at}; a fish sits on a bubble "
                    "next to a tile ({spaces} are empty).",
                    len(empty),
                ).format(name=name, at=at, spaces=and_list(empty)),
            )
        if color in COLORS:
            fish[bubble] = color
    return fish, named_as


def _bubble(errors: Errors, at: Any, where: str, name: str) -> Point | None:
    space, _colon, corner = at.partition(":") if isinstance(at, str) else ("", "", "")
    if space not in CORNERS or corner not in CORNERS[space]:
        errors.add(
            where,
            _(
                "{name}: {shown} names no bubble; name one by a space and its corner, "
                "like R2C3:top (corners: {corners}; {help})."
            ).format(
                name=name, shown=_shown(at), corners=", ".join(CORNERS["R1C2"]), help=SPACE_HELP
            ),
        )
        return None
    return CORNERS[space][corner]


# --- Across all players ------------------------------------------------------------
def _check_pouches(errors: Errors, play: ShallowSeaInput) -> None:
    """No ocean holds more tiles or fish of a kind than the game put in the pouches."""
    players = len(play.players)
    oceans = [ocean for ocean in play.entries.values() if isinstance(ocean, Ocean)]
    sealife = Counter(
        tile.code for ocean in oceans for tile in ocean.tiles.values() if isinstance(tile, Sealife)
    )
    # Each sentence is counted by the players, whom German counts ("mit 1 Spieler").
    for code, count in sealife.items():
        if count > SEALIFE_COPIES[players]:
            errors.add(
                "boards",
                ngettext_lazy(
                    "The oceans hold {tiles} {sealife} ({code}) tiles, but a {count}-player "
                    "game has only {copies} of each type.",
                    "The oceans hold {tiles} {sealife} ({code}) tiles, but a {count}-player "
                    "game has only {copies} of each type.",
                    players,
                ).format(
                    tiles=count,
                    sealife=SEALIFE[code].name,
                    code=code,
                    copies=SEALIFE_COPIES[players],
                ),
            )
    fish = Counter(
        color for ocean in oceans for color in (*ocean.fish.values(), *ocean.completed_fish)
    )
    # Fish on the Lionfish card (solo) come from the same pouch, colors unrecorded.
    drawn = fish.total() + sum(ocean.lionfish for ocean in oceans)
    if drawn > _fish_in_game(players):
        errors.add(
            "boards",
            ngettext_lazy(
                "The game shows {fish} fish, but a {count}-player game has only {most}.",
                "The game shows {fish} fish, but a {count}-player game has only {most}.",
                players,
            ).format(fish=drawn, most=_fish_in_game(players)),
        )
    for color in COLORS:
        if fish[color] > FISH_PER_COLOR[players]:
            errors.add(
                "boards",
                ngettext_lazy(
                    "The oceans hold {fish} {color} fish, but a {count}-player game has only "
                    "{most} of each color.",
                    "The oceans hold {fish} {color} fish, but a {count}-player game has only "
                    "{most} of each color.",
                    players,
                ).format(fish=fish[color], color=COLOR_NAMES[color], most=FISH_PER_COLOR[players]),
            )
    _check_printed_values(errors, oceans)


# Every tile of a Sealife type prints the same value: each printed value, and what a
# refusal says when the oceans disagree on it.
PRINTED_ALIKE = {
    "vp": _("Every {sealife} ({code}) tile prints the same VPs, but the oceans give {values}."),
    "partial_vp": _(
        "Every {sealife} ({code}) tile prints the same partial VPs, but the oceans give {values}."
    ),
}


def _check_printed_values(errors: Errors, oceans: list[Ocean]) -> None:
    """Every tile of a Sealife type prints the same VPs."""
    for field, disagree in PRINTED_ALIKE.items():
        values: dict[str, set[int]] = {}
        for ocean in oceans:
            for tile in ocean.tiles.values():
                if isinstance(tile, Sealife) and getattr(tile, field) is not None:
                    values.setdefault(tile.code, set()).add(getattr(tile, field))
        for code, seen in values.items():
            if len(seen) > 1:
                errors.add(
                    "boards",
                    disagree.format(
                        sealife=SEALIFE[code].name,
                        code=code,
                        values=and_list([str(v) for v in sorted(seen)]),
                    ),
                )
