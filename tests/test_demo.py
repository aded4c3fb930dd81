"""`make run`'s demo data: a finished play of every game, and running it twice adds nothing."""

from typing import cast

import pytest
from django.core.management import call_command

import games
from scorepad.models import Group, Play, Player
from scorepad.pads import all_pads

pytestmark = pytest.mark.django_db


def test_seed_demo_gives_a_finished_play_of_every_game_once() -> None:
    call_command("seed_demo")
    call_command("seed_demo")
    plays = Play.objects.all()
    assert sorted(p.game for p in plays) == sorted(pad.slug for pad in all_pads())
    assert set(games.GAMES) <= {p.game for p in plays}
    assert {p.status for p in plays} == {Play.Status.FINISHED}
    [me] = Player.objects.filter(name="demo")
    assert me.user is not None and me.user.username == "demo"
    assert all(play.results.filter(player=me).exists() for play in plays)
    assert {cast(Group, p.group).name for p in plays} == {"Demo table"}
