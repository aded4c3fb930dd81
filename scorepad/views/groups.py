"""Groups and the people in them: history and records, members, join links, guests.

Members see a group's history, people and players; anyone else gets 404, and what only
an owner may do is 403 for a member. The join and claim links' rules are in
docs/security.md, "Groups: join links and claim links".

The history pages by (date, id) (``PlayQuerySet.history_page``): the pager's links carry
the key of the play they follow, ``?before=2026-03-01.1234``, never an offset or a count.

What the group and player pages draw from the records is drawn once and kept: the
group's ``pages_key`` is a new random value whenever its records change (in the records'
own transaction, for every group where a seat's person is a member too; ``records.rebuild``
sets every group's), a player is added, or someone joins or leaves, and ``group.html`` and
``player.html`` keep their history list, records, the games' panels (the solo board: the
members' solo plays in any group) and player's page in ``{% cache %}`` under it, the
players list and the removed plays through ``Group.kept_until_changed`` (as data: an
owner's Restore form carries their own CSRF token). The views hand the templates lazy
values (``SimpleLazyObject``), so a page nothing changed since reads only the session, the
user and the group (``GroupQuerySet.for_user`` brings the viewer's role). The cache (``template_fragments``) is each process's own memory: a
key read with the group never names an older drawing, whichever process drew it, and a
random key stays new across a restore. ``tests/test_groups.py::TestKeptPagesFollowChanges``
reads each change from the HTML.
"""

from __future__ import annotations

from collections.abc import Callable
from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.formats import date_format
from django.utils.functional import SimpleLazyObject
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from scorepad import cards, stats
from scorepad.codecs import is_entered
from scorepad.forms import GroupForm
from scorepad.http import AuthenticatedHttpRequest, HtmxHttpRequest
from scorepad.models import (
    ClaimLink,
    Group,
    HistoryPage,
    Invite,
    MergeRefused,
    Player,
    RemovedMember,
    create_group,
    outcomes,
)
from scorepad.models.groups import player_of_user
from scorepad.models.records import PROVISIONAL
from scorepad.pads import all_pads, group_panels
from scorepad.review import Period, review
from scorepad.table import access_to
from scorepad.views.common import get_group_for_user, get_play_for_user, private, render_screen

PLAYS_PER_PAGE = 20


def _get_owned_group_for_user(request: HtmxHttpRequest, group_id: int) -> Group:
    group = get_group_for_user(request, group_id)
    if not group.is_owner(request.user):
        raise PermissionDenied(gettext("Only the group's owner can do that."))
    return group


def _get_player_for_user(
    request: HtmxHttpRequest, group_id: int, player_id: int
) -> tuple[Group, Player]:
    """The group's player, with the group knowing the user's role in it, in one query;
    404 unless the user is in it."""
    player = player_of_user(request.user, group_id, player_id)
    if player is None:
        raise Http404("No such player in your groups.")
    assert player.group is not None, "a player of a group"
    return player.group.seen_from(player), player


def _get_claim_link_for_user(
    request: HtmxHttpRequest, group_id: int, claim_link_id: int
) -> tuple[Group, ClaimLink]:
    """The group's claim link that still works or waits, with the group; 404 unless the
    user is in the group, 403 unless they own it."""
    group = _get_owned_group_for_user(request, group_id)
    links = ClaimLink.objects.of_group(group).filter(revoked__isnull=True)
    link = get_object_or_404(links.select_related("player", "claimed_by"), pk=claim_link_id)
    return group, link


@login_required
@private
@require_http_methods(["GET", "POST"])
def groups(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = GroupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        return redirect(create_group(form.cleaned_data["name"], request.user))
    my_groups = Group.objects.for_user(request.user).order_by("name")
    return render(request, "groups.html", {"groups": my_groups, "form": form})


@login_required
@private
@require_GET
def group(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    """The history, filtered by game, player and year, and each game's records."""
    group = get_group_for_user(request, group_id)
    game = request.GET.get("game", "")
    player_id = request.GET.get("player", "")
    year = request.GET.get("year", "")

    def history_page() -> HistoryPage:
        plays = group.plays.finished()
        if is_entered(game):
            plays = plays.filter(game=game)
        if player_id.isdigit():
            plays = plays.filter(results__player_id=int(player_id))
        if year.isdigit() and len(year) == 4:
            plays = plays.filter(played_on__year=int(year))
        return (
            plays.with_results()
            .with_photo_version()
            .history_page(
                before=request.GET.get("before", ""),
                after=request.GET.get("after", ""),
                size=PLAYS_PER_PAGE,
            )
        )

    # Worked out only when the template's kept copy is out of date (pages_key): even
    # building a query costs more than the rest of a kept page's view.
    page = SimpleLazyObject(history_page)
    ctx = {
        "group": group,
        "page": page,
        "filters": {"game": game, "player": player_id, "year": year},
        "query": request.GET.copy(),
        "pager_keys": ("before", "after", "page"),
        "games": [pad.info for pad in all_pads()],
        "players": SimpleLazyObject(group.player_list),
        "years": SimpleLazyObject(lambda: group.plays.finished().years()),
        "records": SimpleLazyObject(lambda: stats.group_records(group)),
        "panels": SimpleLazyObject(lambda: group_panels(group)),
        "provisional": PROVISIONAL,
        "is_owner": group.is_owner(request.user),
        # Kept as data, drawn each time: an owner's Restore forms carry their own token.
        "removed": SimpleLazyObject(
            lambda: group.kept_until_changed(
                "removed",
                lambda: list(group.plays.voided().select_related("voided_by").order_by("-voided")),
            )
        ),
    }
    return render_screen(request, "group.html", ctx, "history")


@login_required
@private
@require_GET
def people(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    group = get_group_for_user(request, group_id)
    claim_links = ClaimLink.objects.of_group(group).select_related("player", "created_by")
    ctx = {
        "group": group,
        "memberships": group.memberships.select_related("user").order_by("joined"),
        "invites": group.invites.active().select_related("created_by").order_by("-created"),
        "claim_links": claim_links.active().order_by("-created"),
        "waiting": claim_links.waiting().select_related("claimed_by").order_by("claimed"),
        "asking_back": group.removals.filter(asked__isnull=False).select_related("user"),
        "players": group.listed_players(),
        "is_owner": group.is_owner(request.user),
        "rename_form": GroupForm(instance=group),
    }
    return render(request, "people.html", ctx)


@login_required
@require_POST
def rename(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    group = _get_owned_group_for_user(request, group_id)
    form = GroupForm(request.POST, instance=group)
    if form.is_valid():
        form.save()
        messages.success(
            request, gettext("The group is now called %(group)s.") % {"group": group.name}
        )
    else:
        messages.error(request, gettext("A group needs a name."))
    return redirect("people", group.pk)


@login_required
@require_POST
def create_invite(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    group = get_group_for_user(request, group_id)
    Invite.objects.create(group=group, created_by=request.user)
    messages.success(
        request, gettext("New join link ready: share it with the people you play with.")
    )
    return redirect("people", group.pk)


@login_required
@require_POST
def revoke_invite(request: AuthenticatedHttpRequest, group_id: int, invite_id: int) -> HttpResponse:
    group = _get_owned_group_for_user(request, group_id)
    invite = get_object_or_404(group.invites.active(), pk=invite_id)
    invite.revoke()
    messages.success(request, gettext("That join link no longer works."))
    return redirect("people", group.pk)


@login_required
@require_POST
def revoke_claim_link(
    request: AuthenticatedHttpRequest, group_id: int, claim_link_id: int
) -> HttpResponse:
    """Revoke a claim link; for one someone outside the group claimed with, turn them down."""
    group, link = _get_claim_link_for_user(request, group_id, claim_link_id)
    link.revoke()
    if link.claimed_by is None:
        messages.success(
            request,
            gettext("That claim link for %(guest)s no longer works.") % {"guest": link.player.name},
        )
    else:
        messages.success(
            request,
            gettext("%(user)s is not let in, and %(guest)s stays a guest.")
            % {"user": link.claimed_by.username, "guest": link.player.name},
        )
    return redirect("people", group.pk)


@login_required
@require_POST
def let_in(request: AuthenticatedHttpRequest, group_id: int, claim_link_id: int) -> HttpResponse:
    """Say yes to someone outside the group who claimed a guest: they join as the guest."""
    group, link = _get_claim_link_for_user(request, group_id, claim_link_id)
    if link.claimed_by is None:
        raise Http404("Nobody waits on that claim link.")
    try:
        outcomes.let_claimer_in(link)
    except ClaimLink.DoesNotExist as e:
        raise Http404("Nobody waits on that claim link any more.") from e
    except MergeRefused as e:
        messages.error(request, str(e))
        return redirect("people", group.pk)
    messages.success(
        request,
        gettext("%(user)s is in the group, and %(guest)s's plays are theirs.")
        % {"user": link.claimed_by.username, "guest": link.player.name},
    )
    return redirect("people", group.pk)


@login_required
@private
@require_http_methods(["GET", "POST"])
def join(request: AuthenticatedHttpRequest, token: str) -> HttpResponse:
    invite = get_object_or_404(Invite.objects.active().select_related("group"), token=token)
    group = invite.group
    if request.method == "POST":
        try:
            group.join(request.user)
        except RemovedMember as e:
            messages.info(request, str(e))
            return redirect("groups")
        messages.success(request, gettext("Welcome to %(group)s.") % {"group": group.name})
        return redirect(group)
    already = group.membership_of(request.user) is not None
    removed = group.removals.filter(user=request.user).exists()
    return render(request, "join.html", {"group": group, "already": already, "removed": removed})


@login_required
@require_POST
def remove_member(request: AuthenticatedHttpRequest, group_id: int, user_id: int) -> HttpResponse:
    group = _get_owned_group_for_user(request, group_id)
    membership = get_object_or_404(group.memberships.select_related("user"), user_id=user_id)
    group.remove_member(membership.user, by=request.user)
    messages.success(
        request,
        gettext("%(user)s is no longer in the group, and comes back only if an owner lets them.")
        % {"user": membership.user.username},
    )
    return redirect("people", group.pk)


@login_required
@require_POST
def let_back_in(request: AuthenticatedHttpRequest, group_id: int, user_id: int) -> HttpResponse:
    """An owner's yes to someone removed who asks to come back."""
    group = _get_owned_group_for_user(request, group_id)
    removal = get_object_or_404(group.removals.select_related("user"), user_id=user_id)
    group.join(removal.user, let_back_in=True)
    messages.success(
        request, gettext("%(user)s is back in the group.") % {"user": removal.user.username}
    )
    return redirect("people", group.pk)


@login_required
@require_POST
def turn_down(request: AuthenticatedHttpRequest, group_id: int, user_id: int) -> HttpResponse:
    """An owner's no: whoever was removed stays out (and may ask again with a link)."""
    group = _get_owned_group_for_user(request, group_id)
    removal = get_object_or_404(group.removals.select_related("user"), user_id=user_id)
    removal.asked = None
    removal.save(update_fields=["asked"])
    messages.success(
        request, gettext("%(user)s stays out of the group.") % {"user": removal.user.username}
    )
    return redirect("people", group.pk)


@login_required
@require_POST
def leave(request: AuthenticatedHttpRequest, group_id: int) -> HttpResponse:
    group = get_group_for_user(request, group_id)
    group.remove_member(request.user)
    messages.success(
        request,
        gettext("You left %(group)s. Its plays stay in its history.") % {"group": group.name},
    )
    return redirect("groups")


@login_required
@private
@require_GET
def player(request: AuthenticatedHttpRequest, group_id: int, player_id: int) -> HttpResponse:
    group, player = _get_player_for_user(request, group_id, player_id)
    ctx = {
        "group": group,
        "player": player,
        "page": SimpleLazyObject(lambda: stats.player_page(player)),
        "years": SimpleLazyObject(lambda: _years_played(group, player)),
        "others": [p for p in group.player_list() if p.pk != player.pk],
        "provisional": PROVISIONAL,
        "is_owner": group.is_owner(request.user),
        "claim_link": player.working_claim_link_by(request.user) if player.is_guest else None,
    }
    return render(request, "player.html", ctx)


@login_required
@require_POST
def claim_link(request: AuthenticatedHttpRequest, group_id: int, player_id: int) -> HttpResponse:
    _, player = _get_player_for_user(request, group_id, player_id)
    if not player.is_guest:
        messages.error(
            request, gettext("%(name)s already belongs to an account.") % {"name": player.name}
        )
    else:
        player.claim_link_by(request.user)
        messages.success(
            request, gettext("Send %(name)s the claim link below.") % {"name": player.name}
        )
    return redirect(player)


@login_required
@private
@require_http_methods(["GET", "POST"])
def claim(request: AuthenticatedHttpRequest, token: str) -> HttpResponse:
    """A guest's link: the person signs in and the guest's plays become theirs, at once
    for a member of the group, once an owner lets them in for anyone else."""
    link = get_object_or_404(
        ClaimLink.objects.active().select_related("player__group"), token=token
    )
    guest = link.player
    group = guest.group
    assert group is not None, "only a group's guests have claim links"
    if request.method == "POST":
        try:
            player = outcomes.use_claim_link(link, request.user)
        except ClaimLink.DoesNotExist as e:
            raise Http404("That claim link no longer works.") from e
        except MergeRefused as e:
            messages.error(request, str(e))
            return redirect("home")
        if player is None:
            messages.success(
                request,
                gettext(
                    "%(group)s's owner is asked to let you in: once they do, the plays of "
                    "%(guest)s are yours."
                )
                % {"group": group.name, "guest": guest.name},
            )
            return redirect("groups")
        messages.success(
            request, gettext("The plays of %(guest)s are now yours.") % {"guest": guest.name}
        )
        return redirect(player)
    member = group.membership_of(request.user) is not None
    return render(request, "claim.html", {"guest": guest, "group": group, "member": member})


@login_required
@require_POST
def merge(request: AuthenticatedHttpRequest, group_id: int, player_id: int) -> HttpResponse:
    group, player = _get_player_for_user(request, group_id, player_id)
    if not player.is_guest and not group.is_owner(request.user):
        # An account's plays are that person's record: only they (by claiming) or the
        # group's owner may move them.
        raise PermissionDenied(
            gettext("Only the group's owner can merge a player who has an account.")
        )
    target_id = request.POST.get("into", "")
    target = get_object_or_404(group.players, pk=int(target_id) if target_id.isdigit() else 0)
    try:
        outcomes.merge_players(player, target)
    except MergeRefused as e:
        messages.error(request, str(e))
        return redirect(player)
    messages.success(
        request,
        gettext("%(name)s's plays now count for %(target)s.")
        % {"name": player.name, "target": target.name},
    )
    return redirect(target)


@login_required
@require_POST
def void_play(request: AuthenticatedHttpRequest, play_id: UUID) -> HttpResponse:
    """Take a finished play out of its group's history (scored twice, say): whoever
    recorded it, or an owner of the group. It stays as a tombstone an owner may restore."""
    play = get_play_for_user(request, play_id)
    if not access_to(request, play).may_void:
        raise PermissionDenied(
            gettext("Only whoever recorded this play, or an owner of the group, can remove it.")
        )
    outcomes.void_play(play, request.user)
    messages.success(
        request,
        gettext("%(game)s of %(day)s is out of the history. An owner of the group can restore it.")
        % {"game": play.info.name, "day": date_format(play.played_on)},
    )
    return redirect(play.group or "home")


@login_required
@require_POST
def restore_play(request: AuthenticatedHttpRequest, play_id: UUID) -> HttpResponse:
    """An owner puts a removed play back into the history."""
    play = get_play_for_user(request, play_id)
    if not access_to(request, play).may_restore:
        raise PermissionDenied(gettext("Only an owner of the group can restore a removed play."))
    outcomes.restore_play(play)
    messages.success(
        request,
        gettext("%(game)s of %(day)s is back.")
        % {"game": play.info.name, "day": date_format(play.played_on)},
    )
    return redirect(play.group or "home")


def _period(request: HtmxHttpRequest, year: int) -> Period:
    """The year in the URL, and the month of it its ``?month=`` names; 404 for a year no
    calendar here holds or a month that is none."""
    month = request.GET.get("month", "")
    if not FIRST_YEAR <= year <= LAST_YEAR or (month and month not in MONTHS):
        raise Http404("No such year or month.")
    return Period(year, int(month) if month else None)


# The years a review may be asked for, and the months (?month=1 … ?month=12).
FIRST_YEAR, LAST_YEAR = 1900, 2999
MONTHS = {str(m) for m in range(1, 13)}


def _review_screen(
    request: AuthenticatedHttpRequest, group: Group, period: Period, player: Player | None
) -> HttpResponse:
    ctx = {
        "group": group,
        "player": player,
        "period": period,
        "review": SimpleLazyObject(lambda: review(group, period, player)),
        "years": SimpleLazyObject(lambda: _years_played(group, player)),
    }
    return render_screen(request, "review.html", ctx, "review")


def _years_played(group: Group, player: Player | None) -> list[int]:
    plays = group.plays.finished()
    if player is not None:
        plays = plays.filter(results__player=player)
    return group.kept_until_changed(f"years:{player.pk if player else ''}", lambda: plays.years())


def _card(group: Group, name: str, draw: Callable[[], bytes]) -> HttpResponse:
    """A shareable card's PNG, drawn once in each language until the group's pages
    change."""
    kept = group.kept_until_changed(f"{name}:{get_language()}", draw)
    response = HttpResponse(kept, content_type="image/png")
    response["Content-Disposition"] = 'inline; filename="scorepad.png"'
    return response


@login_required
@private
@require_GET
@vary_on_headers("HX-Request")
def group_review(request: AuthenticatedHttpRequest, group_id: int, year: int) -> HttpResponse:
    """The group's year (or, with ``?month=``, month) in review."""
    group = get_group_for_user(request, group_id)
    return _review_screen(request, group, _period(request, year), None)


@login_required
@private
@require_GET
def group_review_card(request: AuthenticatedHttpRequest, group_id: int, year: int) -> HttpResponse:
    group = get_group_for_user(request, group_id)
    period = _period(request, year)
    return _card(group, f"card:{period.slug}", lambda: cards.review_card(review(group, period)))


@login_required
@private
@require_GET
@vary_on_headers("HX-Request")
def player_review(
    request: AuthenticatedHttpRequest, group_id: int, player_id: int, year: int
) -> HttpResponse:
    """A player's year (or month) in review, in their group."""
    group, player = _get_player_for_user(request, group_id, player_id)
    return _review_screen(request, group, _period(request, year), player)


@login_required
@private
@require_GET
def player_review_card(
    request: AuthenticatedHttpRequest, group_id: int, player_id: int, year: int
) -> HttpResponse:
    group, player = _get_player_for_user(request, group_id, player_id)
    period = _period(request, year)
    return _card(
        group,
        f"card:{player.pk}:{period.slug}",
        lambda: cards.review_card(review(group, period, player)),
    )
