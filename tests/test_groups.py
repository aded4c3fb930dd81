"""Groups and people: history, records, join links, roles, guests, claims and merges."""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scorepad import records
from scorepad.models import Group, Invite, Membership, Play, Player, Result, start_play, void_play
from scorepad.stats import PlayerPage, Rival

pytestmark = pytest.mark.django_db


def recorded_history(group: Group, plays: int) -> None:
    """``plays`` finished plays of Ana and Ben across the games, written in bulk (as an
    import writes them) and counted by a rebuild of the records."""
    games = ["reef-draft", "seagrass", "coral-stations", "shallow-sea"]
    ana, ben = group.player_named("Ana"), group.player_named("Ben")
    made = Play.objects.bulk_create(
        Play(
            game=games[n % 4],
            group=group,
            status=Play.Status.FINISHED,
            played_on=date(2026, 1, 1) + timedelta(days=n % 300),
        )
        for n in range(plays)
    )
    Result.objects.bulk_create(
        Result(play=play, player=player, position=position, total=total, rank=rank)
        for n, play in enumerate(made)
        for position, (player, total, rank) in enumerate(
            [(ana, n % 50, 1 + (n % 50 < 25)), (ben, 25, 1 + (25 < n % 50))]
        )
    )
    records.rebuild()


def record_play(
    group: Group,
    scores: dict[str, int],
    *,
    game: str = "reef-draft",
    mode: str = "standard",
    day: int = 0,
    recorder: Any = None,
    breakdowns: dict[str, dict[str, int]] | None = None,
) -> Play:
    """A finished play with these totals (and any of these breakdowns, by name); ranks
    as the contract gives them ("1224")."""
    play = Play.objects.create(
        game=game,
        mode=mode,
        group=group,
        status=Play.Status.FINISHED,
        played_on=date(2026, 1, 1) + timedelta(days=day),
        recorded_by=recorder,
    )
    for position, (name, total) in enumerate(scores.items()):
        rank = 1 + sum(other > total for other in scores.values())
        Result.objects.create(
            play=play,
            player=group.player_named(name),
            position=position,
            total=total,
            rank=rank,
            breakdown=(breakdowns or {}).get(name, {}),
        )
    # Stored by hand rather than by finish_play: counted in the records as it counts them.
    records.count(Play.objects.filter(pk=play.pk))
    return play


class TestHistoryAndRecords:
    def test_records_count_shared_wins_for_each_winner(
        self, alice_client: Client, group: Group
    ) -> None:
        record_play(group, {"Ana": 50, "Ben": 40}, day=1)
        record_play(group, {"Ana": 45, "Ben": 45}, day=2)  # shared first place
        best = record_play(group, {"Ana": 30, "Ben": 61}, day=3)
        response = alice_client.get(f"/groups/{group.pk}/")
        (record,) = response.context["records"]
        assert record.plays == 3
        rows = {r.name: (r.plays, r.wins, round(r.average, 2), r.best) for r in record.players}
        assert rows == {"Ana": (3, 2, 41.67, 50), "Ben": (3, 2, 48.67, 61)}
        assert (record.best.player.name, record.best.total, record.best.play) == ("Ben", 61, best)
        assert [r.player.name for r in record.latest_winners] == ["Ben"]
        assert "67%" in response.content.decode()

    def test_solo_plays_are_no_wins_but_their_scores_count(
        self, alice_client: Client, group: Group
    ) -> None:
        record_play(group, {"Ana": 50, "Ben": 40}, game="shallow-sea", day=1)
        solo = record_play(group, {"Ana": 150}, game="shallow-sea", mode="solo", day=2)
        (record,) = alice_client.get(f"/groups/{group.pk}/").context["records"]
        rows = {r.name: (r.plays, r.contested, r.wins, r.average, r.best) for r in record.players}
        assert rows == {"Ana": (2, 1, 1, 100, 150), "Ben": (1, 1, 0, 40, 40)}
        assert (record.plays, record.best.play) == (2, solo)
        # The most recent winner is the last play's that had someone to beat.
        assert [r.player.name for r in record.latest_winners] == ["Ana"]
        body = alice_client.get(f"/groups/{group.pk}/").content.decode()
        # The history marks no winner of a solo play.
        assert 'Ana 150 <span class="trophy"' not in body
        assert 'Ana 50 <span class="trophy"' in body

    def test_a_player_who_only_played_solo_has_no_win_rate(
        self, alice_client: Client, group: Group
    ) -> None:
        record_play(group, {"Ana": 150}, game="shallow-sea", mode="solo", day=1)
        response = alice_client.get(f"/groups/{group.pk}/")
        (record,) = response.context["records"]
        assert record.latest_winners == []
        assert response.context["records"].wins_chart is None
        # Plays, wins, and no share of plays won: there was nothing to win.
        assert "<td>1</td><td>0</td><td>–</td>" in response.content.decode()

    def test_latest_shared_win_names_every_winner(self, alice_client: Client, group: Group) -> None:
        record_play(group, {"Ana": 50, "Ben": 40}, day=1)
        record_play(group, {"Ana": 45, "Ben": 45}, day=2)
        (record,) = alice_client.get(f"/groups/{group.pk}/").context["records"]
        assert sorted(r.player.name for r in record.latest_winners) == ["Ana", "Ben"]

    def test_filter_by_game_and_player(self, alice_client: Client, group: Group) -> None:
        reef = record_play(group, {"Ana": 50, "Ben": 40}, day=1)
        sea = record_play(group, {"Ana": 20, "Cleo": 30}, game="seagrass", day=2)
        url = f"/groups/{group.pk}/"
        assert list(alice_client.get(url, {"game": "seagrass"}).context["page"]) == [sea]
        cleo = group.players.get(name="Cleo")
        assert list(alice_client.get(url, {"player": cleo.pk}).context["page"]) == [sea]
        assert list(alice_client.get(url).context["page"]) == [sea, reef]

    def test_filter_by_year_offers_the_years_played(
        self, alice_client: Client, group: Group
    ) -> None:
        new_year = record_play(group, {"Ana": 50, "Ben": 40})  # 1 January 2026
        new_years_eve = record_play(group, {"Ana": 20, "Ben": 30}, day=-1)
        url = f"/groups/{group.pk}/"
        assert list(alice_client.get(url, {"year": "2025"}).context["page"]) == [new_years_eve]
        both = alice_client.get(url)
        assert list(both.context["page"]) == [new_year, new_years_eve]
        years = re.search(r'<select id="filter-year".*?</select>', both.content.decode(), re.S)
        assert years is not None
        assert re.findall(r"<option[^>]*>([^<]*)</option>", years[0]) == [
            "Any year",
            "2026",
            "2025",
        ]
        ben = group.players.get(name="Ben")
        chosen = alice_client.get(url, {"year": "2026", "player": str(ben.pk)})
        assert list(chosen.context["page"]) == [new_year]
        assert '<option value="2026" selected>' in chosen.content.decode()
        nothing = alice_client.get(url, {"year": "1999"}, HTTP_HX_REQUEST="true").content.decode()
        assert "No plays match." in nothing
        assert list(alice_client.get(url, {"year": "twenty"}).context["page"]) == [
            new_year,
            new_years_eve,
        ]

    def test_history_pages_by_date_and_id(self, alice_client: Client, group: Group) -> None:
        # Two plays a day: within a day the later id is the newer play.
        plays = [record_play(group, {"Ana": n, "Ben": 10}, day=n // 2) for n in range(45)]
        newest_first = plays[::-1]
        url = f"/groups/{group.pk}/"
        first = alice_client.get(url, {"game": "reef-draft"})
        assert list(first.context["page"]) == newest_first[:20]
        body = first.content.decode()
        assert "← Newer" not in body
        # A plain link (no JavaScript needed), keeping the filter.
        (older,) = re.findall(r'<a href="\?([^"]*)">Older →</a>', body)
        older = older.replace("&amp;", "&")
        assert older == f"game=reef-draft&before={plays[25].played_on}.{plays[25].pk}"
        second = alice_client.get(f"{url}?{older}")
        assert list(second.context["page"]) == newest_first[20:40]
        (newer,) = re.findall(r'<a href="\?([^"]*)">← Newer</a>', second.content.decode())
        back = alice_client.get(f"{url}?{newer.replace('&amp;', '&')}")
        assert list(back.context["page"]) == newest_first[:20]
        (last_link,) = re.findall(r'<a href="\?([^"]*)">Older →</a>', second.content.decode())
        last = alice_client.get(f"{url}?{last_link.replace('&amp;', '&')}")
        assert list(last.context["page"]) == newest_first[40:]
        assert "Older →" not in last.content.decode()
        # A key that is not one is the first page.
        assert list(alice_client.get(url, {"before": "soon"}).context["page"]) == newest_first[:20]

    def test_htmx_filter_gets_the_history_fragment(
        self, alice_client: Client, group: Group
    ) -> None:
        record_play(group, {"Ana": 50, "Ben": 40})
        response = alice_client.get(
            f"/groups/{group.pk}/", {"game": "reef-draft"}, HTTP_HX_REQUEST="true"
        )
        body = response.content.decode()
        assert body.lstrip().startswith('<section id="history">')
        assert "HX-Request" in response["Vary"]

    def test_removing_a_play_changes_the_records_and_restoring_it_back(
        self, alice_client: Client, group: Group, alice: Any
    ) -> None:
        record_play(group, {"Ana": 50, "Ben": 40}, day=1)
        doomed = record_play(group, {"Ana": 10, "Ben": 90}, day=2, recorder=alice)
        alice_client.post(f"/plays/{doomed.uuid}/void/")
        (record,) = alice_client.get(f"/groups/{group.pk}/").context["records"]
        assert (record.plays, record.best.total) == (1, 50)
        alice_client.post(f"/plays/{doomed.uuid}/restore/")
        (record,) = alice_client.get(f"/groups/{group.pk}/").context["records"]
        assert (record.plays, record.best.total) == (2, 90)

    @pytest.mark.parametrize("plays", [5, 10_000])
    def test_query_count_stays_flat(
        self, alice_client: Client, group: Group, plays: int, django_assert_num_queries
    ) -> None:
        recorded_history(group, plays)
        # session with its account, group (with the viewer's role), the page of plays (and one
        # more), their results, players, each game's tally (best result with it), the
        # players' standings, each game's latest winners, the ratings (with their
        # players), each game's records and the seats that hold them, the plays taken out
        # of the history, the members' best solo scores, and the years played (the year
        # filter).
        with django_assert_num_queries(14):
            response = alice_client.get(f"/groups/{group.pk}/")
        assert response.content.decode().count('<table class="ratings">') == 4
        assert response.content.decode().count('<ul class="feats">') == 4
        # Nothing changed since: the session with its account and the group; the history,
        # records, players and the games' panels (the solo board: members' solo plays
        # anywhere) as drawn before.
        with django_assert_num_queries(2):
            alice_client.get(f"/groups/{group.pk}/")
        # A page further back: session with its account, group, its plays, whether there
        # are newer ones, their results.
        with django_assert_num_queries(5):
            alice_client.get(f"/groups/{group.pk}/", {"before": f"2026-01-02.{10**9}"})
        ana = group.players.get(name="Ana")
        # session with its account, player with their group, their standings, ratings,
        # rivals, the seats of their best scores, the years they played (for their
        # reviews), the claim link the viewer made for this guest (the other players are
        # the group page's).
        with django_assert_num_queries(8):
            alice_client.get(f"/groups/{group.pk}/players/{ana.pk}/")
        # session with its account, player with their group, the claim link.
        with django_assert_num_queries(3):
            alice_client.get(f"/groups/{group.pk}/players/{ana.pk}/")

    def test_outsider_gets_404(self, outsider_client: Client, group: Group) -> None:
        assert outsider_client.get(f"/groups/{group.pk}/").status_code == 404

    def test_post_is_not_allowed(self, alice_client: Client, group: Group) -> None:
        assert alice_client.post(f"/groups/{group.pk}/").status_code == 405


class TestKeptPagesFollowChanges:
    """The group and player pages keep what they drew until the group's pages change
    (``Group.pages_key``): each change shows at once. Read from the HTML, which a page
    drawn from its kept copy would get wrong (the view's context is worked out afresh)."""

    @staticmethod
    def history(client: Client, group: Group) -> str:
        return client.get(f"/groups/{group.pk}/").content.decode()

    def test_a_play_finished_shows(self, alice_client: Client, group: Group) -> None:
        record_play(group, {"Ana": 31, "Ben": 25})
        assert "Ana 31" in self.history(alice_client, group)
        record_play(group, {"Ana": 47, "Ben": 25}, day=1)
        page = self.history(alice_client, group)
        assert "Ana 47" in page
        assert "Best score ever: <strong>47</strong>" in page

    def test_a_play_removed_goes_and_says_who_removed_it(
        self, alice_client: Client, group: Group
    ) -> None:
        record_play(group, {"Ana": 31, "Ben": 25})
        doomed = record_play(group, {"Ana": 47, "Ben": 25}, day=1)
        assert "Ana 47" in self.history(alice_client, group)
        alice_client.post(f"/plays/{doomed.uuid}/void/")
        page = self.history(alice_client, group)
        assert "Ana 47" not in page
        assert "Best score ever: <strong>31</strong>" in page
        assert "Taken out of the history (1)" in page and "removed by alice" in page

    def test_a_new_player_is_in_the_filter(self, alice_client: Client, group: Group) -> None:
        record_play(group, {"Ana": 31, "Ben": 25})
        assert ">Zed</option>" not in self.history(alice_client, group)
        group.player_named("Zed")  # a guest seated at no play in the history yet
        assert ">Zed</option>" not in self.history(alice_client, group)
        record_play(group, {"Zed": 12, "Ben": 25}, day=1)
        assert ">Zed</option>" in self.history(alice_client, group)

    def test_a_merge_shows_on_both_pages(self, alice_client: Client, group: Group) -> None:
        record_play(group, {"Ana": 31, "Ben": 25})
        record_play(group, {"Annie": 40, "Ben": 25}, day=1)
        ana, annie = group.players.get(name="Ana"), group.players.get(name="Annie")
        player_page = f"/groups/{group.pk}/players/{ana.pk}/"
        assert "<strong>1</strong> play " in alice_client.get(player_page).content.decode()
        assert "Annie 40" in self.history(alice_client, group)
        alice_client.post(f"/groups/{group.pk}/players/{annie.pk}/merge/", {"into": ana.pk})
        assert "Ana 40" in self.history(alice_client, group)
        assert "<strong>2</strong> plays" in alice_client.get(player_page).content.decode()

    def test_a_rebuild_draws_again(self, alice_client: Client, group: Group) -> None:
        record_play(group, {"Ana": 31, "Ben": 25})
        before = Group.objects.get(pk=group.pk).pages_key
        records.rebuild()
        assert Group.objects.get(pk=group.pk).pages_key != before

    def test_a_new_player_changes_the_pages_without_reading_its_group(
        self, group: Group, django_assert_num_queries: Any
    ) -> None:
        before = group.pages_key
        with django_assert_num_queries(2):  # the player written, the group's key changed
            Player.objects.create(name="Zed", group_id=group.pk)
        assert Group.objects.get(pk=group.pk).pages_key != before

    @pytest.mark.parametrize("has_a_player", [False, True])
    def test_someone_joining_changes_the_pages_once(
        self, group: Group, make_user: Any, has_a_player: bool
    ) -> None:
        cleo = make_user("cleo")
        if has_a_player:  # from before an owner removed them
            group.join(cleo)
            group.remove_member(cleo)
        before = Group.objects.get(pk=group.pk).pages_key
        with CaptureQueriesContext(connection) as queries:
            group.join(cleo, let_back_in=True)
        changes = [q for q in queries if q["sql"].startswith('UPDATE "scorepad_group"')]
        assert len(changes) == 1
        assert Group.objects.get(pk=group.pk).pages_key != before


def page_against(*rivals: Rival) -> PlayerPage:
    return PlayerPage(plays=9, contested=9, wins=3, games=[], rivals=list(rivals), charts=[])


def test_the_nemesis_finished_ahead_most_then_in_the_larger_share() -> None:
    often = Rival("Ben", 1, together=9, wins=1, losses=5)
    as_often_in_fewer = Rival("Cleo", 2, together=6, wins=0, losses=5)
    assert page_against(often, as_often_in_fewer).nemesis == as_often_in_fewer
    assert page_against(often, Rival("Dee", 3, together=9, wins=0, losses=4)).nemesis == often
    assert page_against(Rival("Eve", 4, together=3, wins=3, losses=0)).nemesis is None


def test_the_rival_is_the_closest_record_over_enough_plays() -> None:
    even_but_new = Rival("Ben", 1, together=2, wins=1, losses=1)
    close = Rival("Cleo", 2, together=10, wins=5, losses=4)
    closer_share_fewer_plays = Rival("Dee", 3, together=4, wins=2, losses=2)
    assert page_against(even_but_new, close).rival == close
    assert page_against(close, closer_share_fewer_plays).rival == closer_share_fewer_plays
    assert page_against(even_but_new).rival is None
    met_as_often = Rival("Eve", 4, together=4, wins=2, losses=2)
    assert page_against(closer_share_fewer_plays, met_as_often).rival == closer_share_fewer_plays


class TestPlayerPage:
    def test_records_head_to_head_and_chart(self, alice_client: Client, group: Group) -> None:
        record_play(group, {"Ana": 50, "Ben": 40, "Cleo": 45}, day=1)
        record_play(group, {"Ana": 30, "Ben": 40}, day=2)
        record_play(group, {"Ana": 44, "Cleo": 44}, day=3)
        ana = group.players.get(name="Ana")
        response = alice_client.get(f"/groups/{group.pk}/players/{ana.pk}/")
        page = response.context["page"]
        assert (page.plays, page.wins) == (3, 2)
        rivals = {r.name: (r.together, r.wins, r.losses) for r in page.rivals}
        assert rivals == {"Ben": (2, 1, 1), "Cleo": (2, 1, 0)}
        ((name, chart),) = page.charts
        assert name == "Reef Draft"
        assert [(p.label, p.value) for p in chart.points] == [
            ("Jan 2, 2026", 50),
            ("Jan 3, 2026", 30),
            ("Jan 4, 2026", 44),
        ]
        assert (chart.low, chart.high) == (30, 50)
        assert '<polyline class="line"' in response.content.decode()

    def test_averages_by_table_size_and_the_best_score_links_to_its_play(
        self, alice_client: Client, group: Group
    ) -> None:
        record_play(group, {"Ana": 50, "Ben": 40, "Cleo": 45}, day=1)
        record_play(group, {"Ana": 30, "Ben": 40, "Cleo": 20}, day=2)
        best = record_play(group, {"Ana": 61, "Ben": 40}, day=3)
        record_play(group, {"Ana": 61, "Cleo": 20}, day=4)  # as good, later
        record_play(group, {"Ana": 35}, day=5, mode="solo")
        ana = group.players.get(name="Ana")
        response = alice_client.get(f"/groups/{group.pk}/players/{ana.pk}/")
        ((name, row),) = response.context["page"].games
        assert [(t.seats, t.plays, t.average) for t in row.by_seats] == [
            (1, 1, 35),
            (2, 2, 61),
            (3, 2, 40),
        ]
        assert row.best_seat.play == best
        body = response.content.decode()
        assert f'Best score <strong>61</strong>, <a href="/plays/{best.uuid}/result/">' in body
        assert "at 3 <strong>40.0</strong>" in body

    def test_names_the_nemesis_the_rival_and_who_they_play_with_most(
        self, alice_client: Client, group: Group
    ) -> None:
        # Ben finishes ahead of Ana twice in three plays; Cleo and Ana go 1-1 over three
        # (a tie in the third); Dee sits with Ana most, and Ana always ends ahead of her.
        for day, scores in enumerate(
            [
                {"Ana": 30, "Ben": 40, "Cleo": 20, "Dee": 10},
                {"Ana": 30, "Ben": 40, "Cleo": 35, "Dee": 10},
                {"Ana": 50, "Ben": 40, "Cleo": 50, "Dee": 10},
                {"Ana": 50, "Dee": 10},
            ]
        ):
            record_play(group, scores, day=day)
        ana = group.players.get(name="Ana")
        page = alice_client.get(f"/groups/{group.pk}/players/{ana.pk}/").content.decode()
        found = re.search(r'<ul class="facts".*?</ul>', page, re.S)
        assert found is not None
        facts = re.sub(r"\s+", " ", found[0])
        ben, cleo, dee = (group.players.get(name=n).pk for n in ("Ben", "Cleo", "Dee"))
        assert (
            f'Nemesis</span> <a href="/groups/{group.pk}/players/{ben}/">Ben</a> '
            '<span class="muted">finished ahead 2 times in 3 plays together'
        ) in facts
        assert (
            f'Rival</span> <a href="/groups/{group.pk}/players/{cleo}/">Cleo</a> '
            '<span class="muted">1 ahead, 1 behind in 3 plays'
        ) in facts
        assert (
            f'Plays most with</span> <a href="/groups/{group.pk}/players/{dee}/">Dee</a> '
            '<span class="muted">4 plays together'
        ) in facts

    def test_no_one_met_no_nemesis_nor_rival(self, alice_client: Client, group: Group) -> None:
        record_play(group, {"Ana": 50})
        ana = group.players.get(name="Ana")
        page = alice_client.get(f"/groups/{group.pk}/players/{ana.pk}/").content.decode()
        assert 'aria-label="Across the table"' not in page
        assert "Nemesis" not in page and "Plays most with" not in page

    def test_player_of_another_group_is_404(
        self, alice_client: Client, outsider_client: Client, group: Group
    ) -> None:
        record_play(group, {"Ana": 50, "Ben": 40})
        ana = group.players.get(name="Ana")
        assert outsider_client.get(f"/groups/{group.pk}/players/{ana.pk}/").status_code == 404
        other = Group.objects.create(name="Elsewhere")
        assert alice_client.get(f"/groups/{other.pk}/players/{ana.pk}/").status_code == 404

    def test_post_is_not_allowed(self, alice_client: Client, group: Group) -> None:
        ana = group.player_named("Ana")
        assert alice_client.post(f"/groups/{group.pk}/players/{ana.pk}/").status_code == 405


class TestJoinLinks:
    def test_member_makes_a_link_and_someone_joins_with_it(
        self, bob_client: Client, group: Group, make_user: Any
    ) -> None:
        bob_client.post(f"/groups/{group.pk}/invites/")
        invite = group.invites.get()
        newcomer = Client()
        newcomer.force_login(make_user("cleo"))
        assert b"Join Thursday table" in newcomer.get(f"/join/{invite.token}/").content
        response = newcomer.post(f"/join/{invite.token}/")
        assert response["Location"] == f"/groups/{group.pk}/"
        assert group.memberships.filter(user__username="cleo", role="member").exists()
        assert group.players.filter(name="cleo", user__username="cleo").exists()

    def test_revoked_link_is_404(self, alice_client: Client, group: Group, alice: Any) -> None:
        invite = Invite.objects.create(group=group, created_by=alice)
        alice_client.post(f"/groups/{group.pk}/invites/{invite.pk}/revoke/")
        assert alice_client.get(f"/join/{invite.token}/").status_code == 404

    def test_only_the_owner_revokes(self, bob_client: Client, group: Group, bob: Any) -> None:
        invite = Invite.objects.create(group=group, created_by=bob)
        response = bob_client.post(f"/groups/{group.pk}/invites/{invite.pk}/revoke/")
        assert response.status_code == 403
        assert Invite.objects.active().filter(pk=invite.pk).exists()

    def test_anonymous_is_sent_to_log_in(self, client: Client, group: Group, alice: Any) -> None:
        invite = Invite.objects.create(group=group, created_by=alice)
        assert client.get(f"/join/{invite.token}/")["Location"].startswith("/accounts/login/")

    def test_outsider_cannot_make_links(self, outsider_client: Client, group: Group) -> None:
        assert outsider_client.post(f"/groups/{group.pk}/invites/").status_code == 404
        assert not group.invites.exists()

    def test_get_is_not_allowed_for_making_links(self, alice_client: Client, group: Group) -> None:
        assert alice_client.get(f"/groups/{group.pk}/invites/").status_code == 405


class TestMembers:
    def test_people_page(self, alice_client: Client, group: Group, bob: Any) -> None:
        response = alice_client.get(f"/groups/{group.pk}/people/")
        names = [m.user.username for m in response.context["memberships"]]
        assert names == ["alice", "bob"]
        assert response.context["is_owner"]

    def test_people_page_outsider_404(self, outsider_client: Client, group: Group) -> None:
        assert outsider_client.get(f"/groups/{group.pk}/people/").status_code == 404

    def test_owner_removes_a_member(self, alice_client: Client, group: Group, bob: Any) -> None:
        alice_client.post(f"/groups/{group.pk}/members/{bob.pk}/remove/")
        assert not group.memberships.filter(user=bob).exists()

    def test_member_cannot_remove(
        self, bob_client: Client, group: Group, alice: Any, bob: Any
    ) -> None:
        response = bob_client.post(f"/groups/{group.pk}/members/{alice.pk}/remove/")
        assert response.status_code == 403

    def test_owner_leaving_hands_the_group_on(
        self, alice_client: Client, group: Group, bob: Any
    ) -> None:
        record_play(group, {"Ana": 50, "Ben": 40})
        alice_client.post(f"/groups/{group.pk}/leave/")
        assert group.memberships.get().user == bob
        assert group.memberships.get().role == Membership.Role.OWNER
        assert alice_client.get(f"/groups/{group.pk}/").status_code == 404
        assert group.plays.count() == 1

    def test_owner_renames(self, alice_client: Client, group: Group) -> None:
        alice_client.post(f"/groups/{group.pk}/rename/", {"name": "Friday table"})
        group.refresh_from_db()
        assert group.name == "Friday table"

    def test_member_cannot_rename(self, bob_client: Client, group: Group) -> None:
        assert bob_client.post(f"/groups/{group.pk}/rename/", {"name": "X"}).status_code == 403

    def test_leave_needs_post(self, alice_client: Client, group: Group) -> None:
        assert alice_client.get(f"/groups/{group.pk}/leave/").status_code == 405

    def test_a_player_found_in_the_viewers_groups_tells_its_group_their_role(
        self, group: Group, alice: Any, bob: Any, django_assert_num_queries: Any
    ) -> None:
        ana = group.player_named("Ana")
        for user, owns in ((alice, True), (bob, False)):
            found = Player.objects.in_groups_of(user).get(pk=ana.pk)
            assert found.group is not None
            with django_assert_num_queries(0):
                assert found.group.seen_from(found).is_owner(user) is owns


class TestGuests:
    def test_claim_moves_the_guest_plays_to_the_account(
        self, alice_client: Client, group: Group, alice: Any, make_user: Any
    ) -> None:
        record_play(group, {"Ana": 50, "Dee": 40}, day=1)
        record_play(group, {"Dee": 70, "Ana": 60}, day=2)
        dee = group.players.get(name="Dee")
        alice_client.post(f"/groups/{group.pk}/players/{dee.pk}/claim-link/")
        claim = dee.claim_links.get().get_absolute_url()
        person = make_user("dee")
        client = Client()
        client.force_login(person)
        client.post(group.invites.create(created_by=alice).get_absolute_url())
        assert b"Were you Dee?" in client.get(claim).content
        client.post(claim)
        # The join link gave them a player of their own, which now holds both plays.
        mine = group.players.get(user=person)
        assert mine.results.count() == 2
        assert not Player.objects.filter(pk=dee.pk).exists()
        page = client.get(f"/groups/{group.pk}/players/{mine.pk}/").context["page"]
        assert (page.plays, page.wins) == (2, 1)

    def test_merge_two_players(self, alice_client: Client, group: Group) -> None:
        record_play(group, {"Ana": 50, "Benny": 40}, day=1)
        record_play(group, {"Ana": 30, "Ben": 40}, day=2)
        benny, ben = group.players.get(name="Benny"), group.players.get(name="Ben")
        alice_client.post(f"/groups/{group.pk}/players/{benny.pk}/merge/", {"into": ben.pk})
        assert ben.results.count() == 2
        (record,) = alice_client.get(f"/groups/{group.pk}/").context["records"]
        assert {r.name: (r.plays, r.wins) for r in record.players} == {
            "Ana": (2, 1),
            "Ben": (2, 1),
        }

    def test_merge_refused_when_both_played_the_same_play(
        self, alice_client: Client, group: Group
    ) -> None:
        record_play(group, {"Ana": 50, "Ben": 40})
        ana, ben = group.players.get(name="Ana"), group.players.get(name="Ben")
        response = alice_client.post(
            f"/groups/{group.pk}/players/{ana.pk}/merge/", {"into": ben.pk}, follow=True
        )
        assert "both played in 1 of the same plays" in response.content.decode()
        assert ana.results.count() == 1

    def test_outsider_cannot_merge_or_make_links(
        self, outsider_client: Client, group: Group
    ) -> None:
        dee = group.player_named("Dee")
        url = f"/groups/{group.pk}/players/{dee.pk}/"
        assert outsider_client.post(url + "claim-link/").status_code == 404
        assert outsider_client.post(url + "merge/", {"into": dee.pk}).status_code == 404


class TestVoidPlay:
    """A play taken out of the history stays, as a tombstone: removed by whoever recorded
    it or an owner, restored by an owner."""

    def test_the_recorder_removes_it_and_it_stays_aside(
        self, bob_client: Client, group: Group, bob: Any
    ) -> None:
        play = record_play(group, {"Ana": 50, "Ben": 40}, recorder=bob)
        assert bob_client.post(f"/plays/{play.uuid}/void/").status_code == 302
        play.refresh_from_db()
        assert play.is_voided and play.voided_by == bob and play.voided is not None
        assert not group.plays.finished().exists()
        # Its result still shows, saying so; nobody changes it meanwhile.
        page = bob_client.get(f"/plays/{play.uuid}/result/").content.decode()
        assert "Taken out of the history by bob" in page
        assert "Restore it to the history" not in page  # bob is no owner
        entry = f"/plays/{play.uuid}/rounds/1/players/0/"
        assert bob_client.post(entry, {"jellies": "9"}).status_code == 403

    def test_another_member_may_not(self, bob_client: Client, group: Group, alice: Any) -> None:
        play = record_play(group, {"Ana": 50, "Ben": 40}, recorder=alice)
        assert bob_client.post(f"/plays/{play.uuid}/void/").status_code == 403
        play.refresh_from_db()
        assert not play.is_voided

    def test_an_owner_removes_and_restores(
        self, alice_client: Client, bob_client: Client, group: Group, bob: Any
    ) -> None:
        play = record_play(group, {"Ana": 50, "Ben": 40}, recorder=bob)
        assert alice_client.post(f"/plays/{play.uuid}/void/").status_code == 302
        assert bob_client.post(f"/plays/{play.uuid}/restore/").status_code == 403
        assert alice_client.post(f"/plays/{play.uuid}/restore/").status_code == 302
        play.refresh_from_db()
        assert play.status == Play.Status.FINISHED and play.voided_by is None

    def test_each_owner_restores_from_the_kept_group_page(
        self, alice: Any, make_user: Any, group: Group
    ) -> None:
        """The list of removed plays is kept; each owner's Restore form carries their own
        CSRF token, not the one of whoever drew the page first."""
        dora = make_user("dora")
        group.join(dora)
        group.memberships.filter(user=dora).update(role=Membership.Role.OWNER)
        play = record_play(group, {"Ana": 50, "Ben": 40}, recorder=alice)
        void_play(play, alice)
        restore = f"/plays/{play.uuid}/restore/"

        def restore_form(owner: Any) -> tuple[Client, str]:
            client = Client(enforce_csrf_checks=True)
            client.force_login(owner)
            page = client.get(f"/groups/{group.pk}/").content.decode()
            token = re.search(
                rf'action="{restore}">.*?name="csrfmiddlewaretoken" value="(\w+)"', page
            )
            assert token is not None
            return client, token[1]

        restore_form(alice)  # the page drawn for alice first, and kept
        client, token = restore_form(dora)
        assert client.post(restore, {"csrfmiddlewaretoken": token}).status_code == 302

    def test_the_result_page_offers_it_to_whoever_may(
        self, alice_client: Client, bob_client: Client, group: Group, make_user: Any
    ) -> None:
        play = record_play(group, {"Ana": 50, "Ben": 40}, recorder=make_user("dora"))
        offer = "Remove this play from the history…"
        assert offer in alice_client.get(f"/plays/{play.uuid}/result/").content.decode()
        assert offer not in bob_client.get(f"/plays/{play.uuid}/result/").content.decode()

    def test_guests_seated_only_at_removed_or_unfinished_plays_leave_the_lists(
        self, alice_client: Client, group: Group, alice: Any
    ) -> None:
        record_play(group, {"Ana": 50, "Ben": 40})
        doomed = record_play(group, {"Ana": 30, "Zed": 20}, day=1)
        start_play(game="reef-draft", names=["Ana", "Yan"], options={}, group=group, user=alice)
        people = f"/groups/{group.pk}/people/"
        assert "Zed" in alice_client.get(people).content.decode()
        alice_client.post(f"/plays/{doomed.uuid}/void/")
        for page in (people, f"/groups/{group.pk}/"):
            body = alice_client.get(page).content.decode()
            assert "Ben" in body and "Zed" not in body and "Yan" not in body
        alice_client.post(f"/plays/{doomed.uuid}/restore/")
        assert "Zed" in alice_client.get(people).content.decode()

    def test_home_lists_it_no_longer(self, alice_client: Client, group: Group) -> None:
        kept = record_play(group, {"Ana": 50, "Ben": 40})
        doomed = record_play(group, {"Ana": 30, "Ben": 20}, day=1)
        alice_client.post(f"/plays/{doomed.uuid}/void/")
        home = alice_client.get("/").content.decode()
        assert f"/plays/{kept.uuid}/result/" in home and str(doomed.uuid) not in home

    def test_outsider_gets_404(self, outsider_client: Client, group: Group) -> None:
        play = record_play(group, {"Ana": 50, "Ben": 40})
        for action in ("void", "restore"):
            assert outsider_client.post(f"/plays/{play.uuid}/{action}/").status_code == 404

    def test_get_is_not_allowed(self, alice_client: Client, group: Group) -> None:
        play = record_play(group, {"Ana": 50, "Ben": 40})
        assert alice_client.get(f"/plays/{play.uuid}/void/").status_code == 405


class TestMergePermissions:
    def test_a_member_cannot_merge_away_an_account(
        self, bob_client: Client, group: Group, alice: Any
    ) -> None:
        ana = group.players.create(name="Ana", user=alice)
        guest = group.player_named("Guesty")
        response = bob_client.post(
            f"/groups/{group.pk}/players/{ana.pk}/merge/", {"into": guest.pk}
        )
        assert response.status_code == 403
        assert Player.objects.filter(pk=ana.pk, user=alice).exists()

    def test_two_accounts_are_never_merged(
        self, alice_client: Client, group: Group, alice: Any, bob: Any
    ) -> None:
        ana = group.players.create(name="Ana", user=alice)
        bobs = group.players.get(user=bob)
        response = alice_client.post(
            f"/groups/{group.pk}/players/{bobs.pk}/merge/", {"into": ana.pk}, follow=True
        )
        assert "both have an account, so they are different people" in response.content.decode()
        assert Player.objects.filter(pk=bobs.pk).exists()
