"""Every Ecosystem card, on an ocean built for it (rulebook appendix).

Where the appendix gives a worked example, the ocean is built to match it and the
expected VPs are the appendix's own.
"""

from __future__ import annotations

from tests.shallow_sea_plays import card_vp, coral, fish, sealife

# --- Orange cards ----------------------------------------------------------------------

MIXED_FISH = {
    "R1C2": coral("red", fish="red"),
    "R1C4": coral("yellow", fish="yellow"),
    "R2C3": coral("green", fish="red"),
    "R3C2": coral("purple", fish="purple"),
    "R2C5": coral("yellow", completed=False),  # no fish, no VPs, no card
}


def test_cryptic_coloration_pays_for_corals_holding_their_own_color():
    # red/red, yellow/yellow, purple/purple: 3 corals x 2 VPs.
    assert card_vp(MIXED_FISH, "orange", 1) == 6


def test_mismatched_pays_for_corals_holding_another_color():
    # Only the green coral holds a red fish: 1 coral x 2 VPs.
    assert card_vp(MIXED_FISH, "orange", 4) == 2


CORAL_DUO = {
    "R1C2": coral("red"),
    "R1C4": coral("red"),
    "R1C6": coral("yellow"),
    "R1C8": coral("yellow"),
    "R2C1": coral("yellow"),
    "R2C3": coral("yellow"),
    "R2C5": coral("yellow"),
    "R2C7": coral("green"),
    "R2C9": coral("purple"),
    "R3C2": coral("purple"),
    "R3C4": coral("green", completed=False),  # an incomplete coral makes no pair
}


def test_coral_duo_rulebook_example():
    # 2 red, 5 yellow, 1 green and 2 purple completed corals: 1 + 2 + 0 + 1 = 4 pairs x 3.
    assert card_vp(CORAL_DUO, "orange", 2) == 12


SYMPHONY = {
    # Completed Fish: 4 yellow, 2 purple, 1 green, 2 red (coral colors do not matter).
    "R1C2": coral("red", fish="yellow"),
    "R1C4": coral("red", fish="yellow"),
    "R1C6": coral("green", fish="yellow"),
    "R1C8": coral("purple", fish="yellow"),
    "R2C1": coral("purple"),
    "R2C3": coral("purple"),
    "R2C5": coral("green"),
    "R2C7": coral("red"),
    "R2C9": coral("red"),
}


def test_symphony_of_fins_rulebook_example():
    # Yellow is the most common Completed Fish: 4 x 3 VPs.
    assert card_vp(SYMPHONY, "orange", 3) == 12


def test_symphony_of_fins_ignores_incomplete_fish():
    on_bubbles = fish(("R3C2:top", "red"), ("R3C4:top", "red"), ("R3C6:top", "red"))
    assert card_vp(SYMPHONY, "orange", 3, on_bubbles) == 12


def test_symphony_of_fins_stops_at_18():
    # 7 red Completed Fish would make 21.
    tiles = {space: coral("red") for space in ("R1C2", "R1C4", "R1C6", "R1C8", "R2C1", "R2C3")}
    assert card_vp(tiles, "orange", 3) == 18
    tiles["R2C5"] = coral("red")
    assert card_vp(tiles, "orange", 3) == 18


SYMPHONY_TIED = {
    "R1C2": coral("red"),
    "R1C4": coral("red"),
    "R1C6": coral("red"),
    "R2C1": coral("yellow"),
    "R2C3": coral("yellow"),
    "R2C5": coral("yellow"),
}


def test_symphony_of_fins_counts_one_of_the_tied_colors():
    # 3 red and 3 yellow: only one color counts, 3 x 3.
    assert card_vp(SYMPHONY_TIED, "orange", 3) == 9


DEPTHS_ALIKE = {
    # Row 1: two red.
    "R1C2": coral("red"),
    "R1C4": coral("red"),
    # Row 2: two yellow beside a red.
    "R2C1": coral("red"),
    "R2C3": coral("yellow"),
    "R2C5": coral("yellow"),
    # Row 3: red and green, no pair.
    "R3C2": coral("red"),
    "R3C4": coral("green"),
    # Row 4: the second purple is incomplete.
    "R4C1": coral("purple"),
    "R4C3": coral("purple", completed=False),
    # Row 5: three green still make one row.
    "R5C2": coral("green"),
    "R5C4": coral("green"),
    "R5C6": coral("green"),
}


def test_depths_alike_counts_rows_with_a_same_color_pair():
    # Rows 1, 2 and 5: 3 x 4 VPs, the appendix's 12.
    assert card_vp(DEPTHS_ALIKE, "orange", 5) == 12


COLOSSAL_REEF = {
    # Group (a): a chain of five through shared sides.
    "R1C2": coral("red"),
    "R2C3": coral("yellow"),
    "R3C2": coral("green"),
    "R4C3": coral("purple"),
    "R4C1": coral("red"),
    # Tile A: R2C5 only shares a corner with R2C3, so it starts its own group...
    "R2C5": coral("red"),
    # ...with R3C6 beside it: a group of 2.
    "R3C6": coral("yellow"),
    # Tile B: R3C4 touches group (a) and R2C5 on a side but is incomplete.
    "R3C4": coral("green", completed=False),
}


def test_colossal_coral_reef_groups_adjacent_completed_corals_of_any_color():
    # The largest group has 5 corals: 5 x 2 VPs.
    assert card_vp(COLOSSAL_REEF, "orange", 6) == 10


def test_colossal_coral_reef_pays_the_largest_group_not_the_first():
    """A lone coral first in reading order, then three side by side: the three pay."""
    tiles = {
        "R1C2": coral("red"),
        "R3C4": coral("yellow"),
        "R4C5": coral("green"),
        "R3C6": coral("purple"),
    }
    assert card_vp(tiles, "orange", 6) == 3 * 2


# Completed Fish: 2 red, 9 yellow, 3 green, 3 purple: yellow, green, purple count.
TRIO_FISH_COLORS = ["red"] * 2 + ["yellow"] * 9 + ["green"] * 3 + ["purple"] * 3
TRIO_SPACES = "R1C2 R1C4 R1C6 R1C8 R2C1 R2C3 R2C5 R2C7 R2C9 R3C2 R3C4 R3C6 R3C8 R4C1 R4C3 R4C5 R4C7"
TRIOS = {
    space: coral("red", fish=color)
    for space, color in zip(TRIO_SPACES.split(), TRIO_FISH_COLORS, strict=True)
}


def test_trios_rulebook_example():
    # 3 colors x 4 VPs.
    assert card_vp(TRIOS, "orange", 7) == 12


# --- Blue cards ------------------------------------------------------------------------


RICH_DEPTHS = {
    "R1C2": sealife("A1"),
    "R1C6": sealife("A4"),
    "R2C1": sealife("B1"),
    "R2C5": sealife("C2", partial=1),  # incomplete: row 2 has only one
    "R3C2": sealife("C4"),
    "R3C4": sealife("D1"),
    "R3C8": sealife("D4"),
    "R4C3": coral("red"),
    "R4C5": coral("red"),  # corals do not count
}


def test_rich_depths_counts_rows_with_two_completed_sealife():
    # Rows 1 and 3: 2 x 4 VPs, the appendix's 8.
    assert card_vp(RICH_DEPTHS, "blue", 1) == 8


BOUNTIFUL_CAVES = {
    "R2C3": sealife("A1"),
    "R3C8": sealife("A4"),
    "R4C5": sealife("B1"),
    "R3C4": sealife("C2", partial=0),  # inner but incomplete
    "R1C2": sealife("C4"),  # completed but outer
    "R2C1": sealife("D1"),  # outer too
}


def test_bountiful_caves_counts_completed_sealife_in_the_inner_spaces():
    # 3 x 3 VPs, the appendix's 9.
    assert card_vp(BOUNTIFUL_CAVES, "blue", 2) == 9


UNDERWATER_COMMUNITY = {
    # R1C2 and R1C4 share only a corner; R2C5 is beside R1C4 and R3C4.
    "R1C2": sealife("A1"),
    "R1C4": sealife("A4"),
    "R2C5": sealife("B1"),
    # R3C4 and R5C4 share only a corner.
    "R3C4": sealife("C2"),
    "R5C4": sealife("C4"),
    # R4C1's only Sealife neighbour, R3C2, is incomplete.
    "R4C1": sealife("D1"),
    "R3C2": sealife("D4", partial=0),
    # R4C9 has no Sealife near it.
    "R4C9": sealife("E1"),
}


def test_underwater_community_uses_neighboring_tiles():
    # R1C2, R1C4, R2C5, R3C4, R5C4: 5 x 2 VPs, the appendix's 10.
    assert card_vp(UNDERWATER_COMMUNITY, "blue", 3) == 10


SPOTLIGHT = {
    # Column 2: one completed Sealife, with an incomplete one and a coral: counts.
    "R1C2": sealife("A1"),
    "R3C2": sealife("A4", partial=0),
    "R5C2": coral("red"),
    # Column 4: two completed: does not count.
    "R1C4": sealife("B1"),
    "R3C4": sealife("C2"),
    # Columns 5 and 9: one each.
    "R2C5": sealife("C4"),
    "R4C9": sealife("D1"),
}


def test_spotlight_counts_columns_with_exactly_one_completed_sealife():
    # Columns 2, 5 and 9: 3 x 2 VPs, the appendix's 6.
    assert card_vp(SPOTLIGHT, "blue", 4) == 6


SEALIFE_DUET = {
    # (b) R2C3 is beside both (a) R1C2 and (c) R1C4, but pairs once.
    "R1C2": sealife("A1"),
    "R2C3": sealife("A4"),
    "R1C4": sealife("B1"),
    # A second pair.
    "R4C5": sealife("C2"),
    "R5C6": sealife("C4"),
    # (d) and (e) share only a corner: no pair.
    "R3C8": sealife("D1"),
    "R5C8": sealife("D4"),
}


def test_sealife_duet_pairs_each_tile_once():
    # 2 pairs x 4 VPs, the appendix's 8.
    assert card_vp(SEALIFE_DUET, "blue", 5) == 8


def test_sealife_duet_finds_the_largest_set_of_pairs():
    # A chain of four: pairing the middle two would leave the ends alone; the
    # ends pair with their neighbours instead.
    tiles = {
        "R1C2": sealife("A1"),
        "R2C3": sealife("A4"),
        "R3C4": sealife("B1"),
        "R4C5": sealife("C2"),
    }
    # 2 pairs x 4 VPs.
    assert card_vp(tiles, "blue", 5) == 8


def test_sealife_duet_rearranges_pairs_to_fit_one_more():
    # R1C4 may pair with R2C3 or R2C5; R3C2 only with R2C3. Pairing R1C4 with
    # R2C3 would leave R3C2 and R2C5 alone: R1C4-R2C5 and R3C2-R2C3 make 2.
    tiles = {
        "R1C4": sealife("A1"),
        "R2C3": sealife("A4"),
        "R2C5": sealife("B1"),
        "R3C2": sealife("C2"),
    }
    assert card_vp(tiles, "blue", 5) == 8


RADIANT_CAVES = {
    "R2C3": coral("yellow"),
    "R2C5": coral("purple"),
    "R2C7": coral("red"),
    "R3C2": coral("red"),  # a second red adds nothing
    "R3C4": sealife("A1"),
    "R3C6": sealife("B1"),
    "R3C8": sealife("A1"),  # a second Whale Shark adds nothing
    "R4C3": sealife("C4"),
    "R4C5": coral("green", completed=False),  # incomplete
    "R1C2": coral("green"),  # outer
}


def test_radiant_caves_counts_different_completed_tiles_inside():
    # Yellow, purple, red; A1, B1, C4: 6 x 2 VPs, the appendix's 12.
    assert card_vp(RADIANT_CAVES, "blue", 6) == 12


BORDERS_OF_DIVERSITY = {
    "R1C2": coral("red"),
    "R1C4": coral("yellow"),
    "R1C6": coral("green"),
    "R1C8": coral("purple"),
    "R5C2": coral("red"),
    "R2C1": sealife("A1"),
    "R2C9": sealife("B1"),
    "R4C1": sealife("C4"),
    "R4C9": sealife("A1"),
    "R5C4": sealife("D1", partial=0),  # incomplete
    "R3C4": sealife("E1"),  # inner
}


def test_borders_of_diversity_counts_different_completed_tiles_outside():
    # 4 coral colors and A1, B1, C4: 7 x 2 VPs, the appendix's 14.
    assert card_vp(BORDERS_OF_DIVERSITY, "blue", 7) == 14
