"""Reading a Shallow Sea play from JSON, naming every problem in a player's words."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.contract import Errors, join_names
from games.shallow_sea.data import (
    BUBBLES,
    CARDS,
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

TOP_KEYS = ("players", "mode", "setup", "achievement", "entry", "sheets", "boards")
ENTRY_KEYS = {"sheet": "sheets", "board": "boards"}
ACHIEVEMENT_KINDS = {"scenario": SCENARIOS, "standard": None, "modified": MODIFIED_RULES}
CARD_COLORS = ("orange", "blue")
ROW_COUNT = len(ROW_COLUMNS)
# An Incomplete Fish earns 1 VP per Completed Coral Tile its bubble touches.
MOST_INCOMPLETE_FISH_VP = sum(len(spaces) for spaces in BUBBLES.values())
# The longest quote of a player's value in a message.
SHOWN_LENGTH = 40
SPACE_HELP = "rows 1, 3 and 5 use columns 2, 4, 6 and 8; rows 2 and 4 use columns 1, 3, 5, 7 and 9"


def parse(data: Any, *, partial: bool = False) -> ShallowSeaInput:
    errors = Errors()
    data = errors.mapping(data, "", "The game")
    errors.unknown_keys(data, TOP_KEYS, "", "A Shallow Sea game")
    names = errors.player_names(data.get("players"), INFO)
    mode = _one_of(errors, data.get("mode"), MODES, "mode", "The mode")
    entry = _one_of(errors, data.get("entry"), tuple(ENTRY_KEYS), "entry", "The entry")
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
            errors.add(other, f"The entry is '{entry}', so give '{key}', not '{other}'.")
    raw_entries = errors.mapping(data.get(key), key, f"The {key}")
    errors.unknown_keys(raw_entries, names, key, f"The {key}")
    read = _parse_sheet if entry == "sheet" else _parse_board
    entries = {}
    for name in names:
        if name in raw_entries or partial:
            entries[name] = read(errors, play, raw_entries.get(name), f"{key}.{name}", name)
        else:
            errors.add(f"{key}.{name}", f"There is no {entry} for {name}.")
    play = replace(play, entries=entries, complete=all(name in raw_entries for name in names))
    # Across the oceans only once each was read whole: a refused value reads as 0,
    # which no pouch or printed tile holds.
    if entry == "board" and not errors.items:
        _check_pouches(errors, play)
    errors.raise_if_any()
    return play


def _one_of(errors: Errors, value: Any, choices: tuple[str, ...], where: str, what: str) -> str:
    if value not in choices:
        errors.add(where, f"{what} must be one of: {', '.join(choices)}.")
    return value


def _given(count: int) -> str:
    return f"{count} {'was' if count == 1 else 'were'} given."


def _shown(value: Any) -> str:
    """A value the player sent, quoted in a message: a short text whatever it is.

    A list or an object is named, not written out: it may be nested deeper than
    ``repr`` can go (RecursionError) or be far too long to read.
    """
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    shown = repr(value)
    return shown if len(shown) <= SHOWN_LENGTH else shown[: SHOWN_LENGTH - 3] + "..."


def _listed(value: Any, table: Mapping[Any, Any]) -> bool:
    """``value`` is one of ``table``'s keys (JSON may send lists, and true is not 1)."""
    return isinstance(value, str | int) and not isinstance(value, bool) and value in table


def _check_player_count(errors: Errors, mode: str, names: list[str]) -> None:
    if mode == "solo" and len(names) != MIN_PLAYERS:
        errors.add("players", f"Solo mode is for one player; {_given(len(names))}")
    if mode == "standard" and len(names) == MIN_PLAYERS:
        errors.add("mode", "A one-player game is played in solo mode.")


def _parse_achievement(errors: Errors, raw: Any, mode: str) -> Achievement | None:
    if raw is None:
        return None
    raw = errors.mapping(raw, "achievement", "The achievement mode")
    errors.unknown_keys(raw, ("kind", "number"), "achievement", "The achievement mode")
    kind = raw.get("kind")
    if not _listed(kind, ACHIEVEMENT_KINDS):
        errors.add(
            "achievement.kind",
            f"The achievement mode must be one of: {', '.join(ACHIEVEMENT_KINDS)}.",
        )
        return None
    if mode == "family":
        errors.add("achievement", "Achievement mode plays the standard rules, not family mode.")
    numbered = ACHIEVEMENT_KINDS[kind]
    if numbered is None:
        if "number" in raw:
            errors.add(
                "achievement.number",
                "The standard-rules achievements are one list of "
                f"{len(STANDARD_ACHIEVEMENTS)}; there is no number to choose.",
            )
        return Achievement(kind, None)
    number = raw.get("number")
    if not _listed(number, numbered):
        things = "scenarios" if kind == "scenario" else "modified rules"
        errors.add(
            "achievement.number",
            f"Choose one of the {len(numbered)} {things} by its number, 1 to {len(numbered)}.",
        )
        return None
    return Achievement(kind, number)


def _parse_setup(errors: Errors, raw: Any, mode: str, achievement: Achievement | None) -> Setup:
    raw = errors.mapping(raw, "setup", "The setup")
    errors.unknown_keys(raw, ("orange", "blue", "sealife"), "setup", "The setup")
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
    if raw is None:
        raw = []
    if not isinstance(raw, list):
        errors.add(where, f"Give the {color.title()} Ecosystem cards as a list of numbers.")
        return ()
    numbers = []
    for i, number in enumerate(raw):
        if not _listed(number, cards):
            errors.add(
                f"{where}[{i}]",
                f"There is no {color.title()} Ecosystem card {_shown(number)}; "
                f"they are numbered 1 to {len(cards)}.",
            )
        elif number in numbers:
            errors.add(f"{where}[{i}]", f"{color.title()} card {number} is chosen twice.")
        else:
            numbers.append(number)
    if len(raw) != wanted:
        if mode == "family":
            message = "Family mode plays without Ecosystem cards."
        elif wanted == 2:
            message = f"Modified rule 7 uses 2 {color.title()} Ecosystem cards."
        else:
            message = f"Choose 1 {color.title()} Ecosystem card."
        errors.add(where, f"{message} {_given(len(raw))}")
    return tuple(numbers)


def _parse_sealife_types(errors: Errors, raw: Any) -> tuple[str, ...]:
    where = "setup.sealife"
    if not isinstance(raw, list):
        errors.add(where, "Give the game's Sealife types as a list of codes, like A1.")
        return ()
    codes = []
    for i, code in enumerate(raw):
        if not _listed(code, SEALIFE):
            errors.add(
                f"{where}[{i}]",
                f"{_shown(code)} is not a Sealife type; they are {join_names(list(SEALIFE))}.",
            )
        elif code in codes:
            errors.add(f"{where}[{i}]", f"{code} is chosen twice.")
        else:
            codes.append(code)
    if len(raw) != SEALIFE_TYPES_PER_GAME:
        errors.add(
            where,
            f"A game uses {SEALIFE_TYPES_PER_GAME} different Sealife types; {_given(len(raw))}",
        )
    return tuple(codes)


def _check_scenario_setup(errors: Errors, setup: Setup, number: int) -> None:
    scenario = SCENARIOS[number]
    if set(setup.sealife) != set(scenario.sealife):
        errors.add(
            "setup.sealife",
            f"Scenario {number} uses the Sealife types {join_names(list(scenario.sealife))}.",
        )
    for color, card in (("orange", scenario.orange), ("blue", scenario.blue)):
        if getattr(setup, color) != (card,):
            errors.add(
                f"setup.{color}",
                f"Scenario {number} uses {color.title()} Ecosystem card {card} "
                f"({CARDS[color][card].name}).",
            )


# --- One player's paper sheet --------------------------------------------------
def _parse_sheet(
    errors: Errors, play: ShallowSeaInput, raw: Any, where: str, name: str
) -> PaperSheet:
    raw = errors.mapping(raw, where, f"{name}'s sheet")
    lines = {"rows": "the tile VPs of each row", "seashells": "the Seashells left"}
    if play.mode != "family":
        lines = {
            "orange": "the Orange Ecosystem card's VPs",
            "blue": "the Blue Ecosystem card's VPs",
            **lines,
            "different_sealife": "how many different Sealife types were completed",
            "incomplete_fish": "the Incomplete Fish VPs",
        }
    if play.mode == "solo":
        lines["lionfish"] = "how many Fish are on the Lionfish card"
    errors.unknown_keys(raw, lines, where, f"A {play.mode}-mode sheet")
    if play.finished:
        for key, what in lines.items():
            if key not in raw:
                errors.add(f"{where}.{key}", f"{name}'s sheet needs {what}.")

    def count(key: str, what: str, maximum: int | None = None) -> int:
        return errors.count(raw.get(key), f"{where}.{key}", f"{name}: {what}", maximum=maximum)

    rule_9 = play.plays_modified_rule(SAME_COLOR_FISH_BONUS_RULE)
    return PaperSheet(
        orange=_card_value(errors, play.setup.orange, "orange", raw, where, name),
        blue=_card_value(errors, play.setup.blue, "blue", raw, where, name),
        rows=_parse_rows(errors, raw.get("rows"), f"{where}.rows", name),
        different_sealife=count(
            "different_sealife",
            "different completed Sealife types",
            len(play.setup.sealife),
        ),
        incomplete_fish=count(
            "incomplete_fish",
            "Incomplete Fish VPs",
            MOST_INCOMPLETE_FISH_VP * (2 if rule_9 else 1),
        ),
        seashells=count("seashells", "Seashells", MAX_SEASHELLS),
        lionfish=count("lionfish", "Fish on the Lionfish card", _fish_in_game(1)),
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
    vp = errors.count(raw.get(color), where, f"{name}: {color.title()} card VPs")
    cards = [CARDS[color][number] for number in numbers]
    if cards and not any(vp % c.vp_each == 0 and vp <= most_vp(c) for c in cards):
        steps = "; ".join(
            f"{c.name} pays in steps of {c.vp_each} up to {most_vp(c)}" for c in cards
        )
        errors.add(where, f"{name}: {vp} VPs cannot come from the {color.title()} card ({steps}).")
    return vp


def _parse_rows(errors: Errors, raw: Any, where: str, name: str) -> tuple[int, ...]:
    if raw is None:
        return (0,) * ROW_COUNT
    if not isinstance(raw, list) or len(raw) != ROW_COUNT:
        errors.add(where, f"{name}: give the tile VPs of the {ROW_COUNT} rows, top row first.")
        return (0,) * ROW_COUNT
    return tuple(
        errors.count(vp, f"{where}[{i}]", f"{name}: row {i + 1} VPs") for i, vp in enumerate(raw)
    )


def _fish_in_game(players: int) -> int:
    return FISH_PER_COLOR[players] * len(COLORS)


# --- One player's ocean board ----------------------------------------------------
def _parse_board(errors: Errors, play: ShallowSeaInput, raw: Any, where: str, name: str) -> Ocean:
    raw = errors.mapping(raw, where, f"{name}'s ocean")
    keys = ["tiles", "fish", "seashells"]
    if play.mode == "solo":
        keys.append("lionfish")
    if play.plays_scenario(LEFT_OUT_COLOR_SCENARIO):
        keys.append("left_out_color")
    errors.unknown_keys(raw, keys, where, f"{name}'s ocean")
    if play.finished:
        for key, what in (("seashells", "the Seashells left"), ("lionfish", "the Lionfish card")):
            if key in keys and key not in raw:
                errors.add(f"{where}.{key}", f"{name}'s ocean needs {what}.")

    tiles = _parse_tiles(errors, play, raw.get("tiles"), f"{where}.tiles", name)
    fish, bubble_names = _parse_fish(errors, play, raw.get("fish"), f"{where}.fish", name, tiles)
    left_out = raw.get("left_out_color")
    if left_out is not None and left_out not in COLORS:
        errors.add(f"{where}.left_out_color", f"{name}: {_color_help(left_out)}")
        left_out = None
    return Ocean(
        tiles=tiles,
        fish=fish,
        seashells=errors.count(
            raw.get("seashells"), f"{where}.seashells", f"{name}: Seashells", maximum=MAX_SEASHELLS
        ),
        lionfish=errors.count(
            raw.get("lionfish"),
            f"{where}.lionfish",
            f"{name}: Fish on the Lionfish card",
            maximum=_fish_in_game(1),
        ),
        left_out_color=left_out,
        bubble_names=bubble_names,
    )


def _color_help(value: Any) -> str:
    return f"{_shown(value)} is not a color; the colors are {join_names(list(COLORS))}."


def _parse_tiles(
    errors: Errors, play: ShallowSeaInput, raw: Any, where: str, name: str
) -> dict[str, Tile]:
    raw = errors.mapping(raw, where, f"{name}'s tiles")
    tiles: dict[str, Tile] = {}
    # Corals first: a Sealife tile completed by corals anywhere (F1, F2) reads them.
    for space, raw_tile in sorted(raw.items(), key=lambda item: _kind(item[1]) != "coral"):
        here, label = f"{where}.{space}", f"{name}, {space}"
        if space not in CORNERS:
            errors.add(here, f"There is no space {space}: {SPACE_HELP}.")
            continue
        kind = _kind(raw_tile)
        if kind not in ("coral", "sealife"):
            errors.add(here, f"{label}: a tile is an object whose kind is coral or sealife.")
            continue
        completed = raw_tile.get("completed")
        if not isinstance(completed, bool):
            errors.add(
                f"{here}.completed",
                f"{label}: say whether the tile is completed (true or false).",
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
    errors: Errors, raw: Mapping[str, Any], completed: bool, where: str, label: str
) -> Coral:
    errors.unknown_keys(
        raw, ("kind", "completed", "color", "vp", "fish"), where, f"{label}: a coral"
    )
    color, vp, fish = raw.get("color"), raw.get("vp"), raw.get("fish")
    if completed:
        if color is None:
            errors.add(f"{where}.color", f"{label}: a completed coral needs its color.")
        if vp is None:
            errors.add(f"{where}.vp", f"{label}: a completed coral needs its VPs (5, 7 or 9).")
        if fish is None:
            errors.add(
                f"{where}.fish",
                f"{label}: a completed coral needs its Completed Fish; give that fish's color.",
            )
    elif fish is not None:
        errors.add(
            f"{where}.fish",
            f"{label}: only a completed coral holds a fish; put this fish on a bubble.",
        )
        fish = None
    if color is not None and color not in COLORS:
        errors.add(f"{where}.color", f"{label}: {_color_help(color)}")
        color = None
    if fish is not None and fish not in COLORS:
        errors.add(f"{where}.fish", f"{label}: {_color_help(fish)}")
        fish = None
    if isinstance(vp, float) and vp.is_integer():
        vp = int(vp)  # 7.0 is the whole number 7, as Errors.count reads every count
    if vp is not None and (isinstance(vp, bool) or vp not in CORAL_VPS):
        errors.add(f"{where}.vp", f"{label}: a coral is worth 5, 7 or 9 VPs, not {_shown(vp)}.")
        vp = None
    return Coral(completed, color, vp, fish)


def _parse_sealife(
    errors: Errors,
    play: ShallowSeaInput,
    raw: Mapping[str, Any],
    completed: bool,
    coral_colors: list[str | None],
    where: str,
    label: str,
) -> Sealife | None:
    keys = ("kind", "completed", "code", "vp", "partial", "partial_vp")
    errors.unknown_keys(raw, keys, where, f"{label}: a Sealife tile")
    code = raw.get("code")
    if code not in play.setup.sealife:
        known = join_names(list(play.setup.sealife))
        what = code if _listed(code, SEALIFE) else _shown(code)
        errors.add(
            f"{where}.code",
            f"{label}: {what} is not one of this game's Sealife types ({known}).",
        )
        return None
    kind = SEALIFE[code]
    title = f"{label}: the {kind.name} ({code})"

    def count(key: str, what: str, maximum: int | None = None) -> int | None:
        if raw.get(key) is None:
            return None
        return errors.count(raw[key], f"{where}.{key}", f"{title}: {what}", maximum=maximum)

    def printed(key: str, what: str, unit: str) -> int | None:
        """A value printed on the tile: a count no tile prints is refused too (0 then,
        as Errors.count gives for a value it refuses: the field has its one message)."""
        told = len(errors.items)
        value = count(key, what)
        if value is not None and len(errors.items) == told and value not in SEALIFE_VPS:
            errors.add(
                f"{where}.{key}",
                f"{title}: no Sealife tile prints {value} {unit}; they print "
                f"{SEALIFE_VPS[0]} to {SEALIFE_VPS[-1]}.",
            )
            return 0
        return value

    vp = printed("vp", "its printed VPs", "VPs")
    partial_vp = printed("partial_vp", "its partial VPs", "VPs per count met")
    most_met = None if kind.count is None else kind.count - 1
    partial = count("partial", "how much of its condition is met", most_met)
    if kind.where == "anywhere":
        assert most_met is not None  # every anywhere-type has a count
        met = _met_anywhere(kind, coral_colors)
        _check_anywhere(errors, play, kind, completed, partial, met, where, title)
        if not completed:
            partial = min(met, most_met)
    if completed:
        if vp is None:
            errors.add(f"{where}.vp", f"{title} is completed: give the VPs printed on it.")
        if partial is not None:
            errors.add(
                f"{where}.partial",
                f"{title} is completed, so it scores its printed VPs; "
                "a partial count is only for an incomplete tile.",
            )
        return Sealife(code, completed, vp, 0, partial_vp)
    if partial is None:
        errors.add(
            f"{where}.partial",
            f"{title} is incomplete: say how much of its condition is met (0 if none).",
        )
    elif partial and partial_vp is None:
        errors.add(
            f"{where}.partial_vp",
            f"{title} is incomplete: give the partial VPs printed on it.",
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
    title: str,
) -> None:
    """A tile completed by corals anywhere (F1, F2) must agree with the whole ocean."""
    assert kind.count is not None  # every anywhere-type has a count
    if not play.finished:
        return
    if completed != (met >= kind.count):
        shown = "one color" if kind.match == "same" else "different colors"
        verdict = "completed" if met >= kind.count else "incomplete"
        errors.add(
            f"{where}.completed",
            f"{title} needs {kind.count} Completed Coral Tiles of {shown}; "
            f"this ocean has {met}, so the tile is {verdict}.",
        )
    elif partial is not None and not completed and partial != met:
        errors.add(
            f"{where}.partial",
            f"{title}: this ocean meets {met} of its {kind.count}, not {partial}.",
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
        errors.add(where, f"{name}: list the Incomplete Fish, each with 'at' and 'color'.")
        return {}, {}
    fish: dict[Point, str] = {}
    named_as: dict[Point, str] = {}
    anywhere = play.plays_modified_rule(PLACE_ANYWHERE_RULE)
    for i, raw_fish in enumerate(raw):
        here = f"{where}[{i}]"
        raw_fish = errors.mapping(raw_fish, here, f"{name}'s fish {i + 1}")
        errors.unknown_keys(raw_fish, ("at", "color"), here, f"{name}'s fish {i + 1}")
        at, color = raw_fish.get("at"), raw_fish.get("color")
        bubble = _bubble(errors, at, f"{here}.at", name)
        if color not in COLORS:
            place = at if isinstance(at, str) else _shown(at)
            errors.add(f"{here}.color", f"{name}, fish at {place}: {_color_help(color)}")
        if bubble is None:
            continue
        if bubble in named_as:
            errors.add(
                f"{here}.at",
                f"{name}: {at} is the bubble already named {named_as[bubble]}; "
                "a bubble holds one fish.",
            )
            continue
        assert isinstance(at, str)  # _bubble names a bubble only from a string
        named_as[bubble] = at
        if not anywhere and not any(space in tiles for space in BUBBLES[bubble]):
            errors.add(
                f"{here}.at",
                f"{name}: no tile touches the bubble {at}; a fish sits on a bubble "
                f"next to a tile ({join_names(list(BUBBLES[bubble]))} are empty).",
            )
        if color in COLORS:
            fish[bubble] = color
    return fish, named_as


def _bubble(errors: Errors, at: Any, where: str, name: str) -> Point | None:
    space, _, corner = at.partition(":") if isinstance(at, str) else ("", "", "")
    if space not in CORNERS or corner not in CORNERS[space]:
        errors.add(
            where,
            f"{name}: {_shown(at)} names no bubble; name one by a space and its corner, "
            f"like R2C3:top (corners: {', '.join(CORNERS['R1C2'])}; {SPACE_HELP}).",
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
    for code, count in sealife.items():
        if count > SEALIFE_COPIES[players]:
            errors.add(
                "boards",
                f"The oceans hold {count} {SEALIFE[code].name} ({code}) tiles, but a "
                f"{players}-player game has only {SEALIFE_COPIES[players]} of each type.",
            )
    fish = Counter(
        color for ocean in oceans for color in (*ocean.fish.values(), *ocean.completed_fish)
    )
    # Fish on the Lionfish card (solo) come from the same pouch, colors unrecorded.
    drawn = fish.total() + sum(ocean.lionfish for ocean in oceans)
    if drawn > _fish_in_game(players):
        errors.add(
            "boards",
            f"The game shows {drawn} fish, but a {players}-player game has only "
            f"{_fish_in_game(players)}.",
        )
    for color in COLORS:
        if fish[color] > FISH_PER_COLOR[players]:
            errors.add(
                "boards",
                f"The oceans hold {fish[color]} {color} fish, but a {players}-player "
                f"game has only {FISH_PER_COLOR[players]} of each color.",
            )
    _check_printed_values(errors, oceans)


def _check_printed_values(errors: Errors, oceans: list[Ocean]) -> None:
    """Every tile of a Sealife type prints the same VPs."""
    for field, what in (("vp", "VPs"), ("partial_vp", "partial VPs")):
        values: dict[str, set[int]] = {}
        for ocean in oceans:
            for tile in ocean.tiles.values():
                if isinstance(tile, Sealife) and getattr(tile, field) is not None:
                    values.setdefault(tile.code, set()).add(getattr(tile, field))
        for code, seen in values.items():
            if len(seen) > 1:
                shown = join_names([str(v) for v in sorted(seen)])
                errors.add(
                    "boards",
                    f"Every {SEALIFE[code].name} ({code}) tile prints the same {what}, "
                    f"but the oceans give {shown}.",
                )
