"""What every game shares: people, groups, plays and one result row per player."""

from __future__ import annotations

import json
import secrets
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from datetime import date, datetime, timedelta
from types import ModuleType
from typing import Any, Self, cast

from django.conf import settings
from django.core.cache import caches
from django.core.exceptions import PermissionDenied
from django.db import connection, models, transaction
from django.db.models import F, OuterRef, Q, QuerySet, Subquery
from django.urls import reverse
from django.utils import timezone

from games.contract import FieldError, GameInfo, InvalidInput, PlayerScore, Sheet
from scorepad.codecs import Codec, get_codec
from scorepad.entries import PlayState, entry_part, fingerprint, with_entry_part


class GroupQuerySet(models.QuerySet["Group"]):
    def for_user(self, user: Any) -> GroupQuerySet:
        """The user's groups, each knowing the user's role in it (``is_owner`` asks no
        more)."""
        if not user.is_authenticated:
            return self.none()
        return self.filter(memberships__user=user).annotate(
            viewer_id=models.Value(user.pk), viewer_role=F("memberships__role")
        )


class Group(models.Model):
    name = models.CharField(max_length=100)
    created = models.DateTimeField(auto_now_add=True)
    # A new value whenever what the group's pages show changes: the records kept for it
    # (scorepad/records.py, in the same transaction) or its players. The key of what those
    # pages keep rendered ({% cache %}, ``kept_until_changed``); random rather than
    # counted, so a restored or recreated group never meets a key it had before.
    pages_key = models.UUIDField(default=uuid.uuid4)
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="Membership", related_name="play_groups"
    )

    objects = GroupQuerySet.as_manager()

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("group", args=[self.pk])

    def kept_until_changed[T](self, name: str, work_out: Callable[[], T]) -> T:
        """``work_out()``, kept by this process until the group's pages change."""
        key = f"{name}:{self.pk}:{self.pages_key}"
        return cast(T, caches["template_fragments"].get_or_set(key, work_out))

    def player_list(self) -> list[Player]:
        """The group's players by name: those with an account, and guests who sat at a
        play in its history (one who only sat at unfinished or removed plays is no one's
        to pick)."""
        return self.kept_until_changed("players", lambda: list(self.listed_players()))

    def listed_players(self) -> QuerySet[Player]:
        counted = Q(user__isnull=False) | Q(results__play__status=Play.Status.FINISHED)
        return self.players.filter(counted).distinct()

    def player_named(self, name: str) -> Player:
        """The group's player of that name, whatever its capitals; new if there is none."""
        player = self.players.filter(name__iexact=name).first()
        return player or self.players.create(name=name)

    def membership_of(self, user: Any) -> Membership | None:
        if not user.is_authenticated:
            return None
        return self.memberships.filter(user=user).first()

    def has_removed(self, user: Any) -> bool:
        """Whether an owner removed ``user`` from the group (and has not let them back)."""
        return user.is_authenticated and self.removals.filter(user=user).exists()

    def is_owner(self, user: Any) -> bool:
        if user.pk is not None and self.__dict__.get("viewer_id") == user.pk:  # for_user's
            return self.__dict__["viewer_role"] == Membership.Role.OWNER
        membership = self.membership_of(user)
        return membership is not None and membership.role == Membership.Role.OWNER

    def join(self, user: Any, *, let_back_in: bool = False) -> Membership:
        """Add ``user`` as a member, with a player of their own; joining twice is harmless.
        Someone an owner removed comes back only with an owner's yes (``let_back_in``),
        whatever link they hold: otherwise RemovedMember, and the owners see them ask."""
        removal = self.removals.filter(user=user).first()
        if removal is not None and not let_back_in:
            removal.ask_back()
            raise RemovedMember(self)
        return self._add_member(user, removal)

    @transaction.atomic
    def _add_member(self, user: Any, removal: Removal | None) -> Membership:
        if removal is not None:
            removal.delete()
        membership, created = self.memberships.get_or_create(user=user)
        if created and not self.players.filter(user=user).exists():
            name = user.username
            if self.players.filter(name=name).exists():
                name = f"{name} ({user.pk})"
            self.players.create(name=name, user=user)
        return membership

    @transaction.atomic
    def remove_member(self, user: Any, *, by: Any = None) -> None:
        """A member leaves, or an owner (``by``) removes them. Their plays stay in the
        history; the join links and claim links they made stop working; every right the
        group gave them ends with the membership (scorepad/table.py reads it at each
        request). Someone removed comes back only with an owner's yes (``join``). When
        the last owner goes, the longest-standing member becomes owner, so the group
        keeps one."""
        self.memberships.filter(user=user).delete()
        if by is not None and by != user:
            self.removals.update_or_create(user=user, defaults={"removed_by": by, "asked": None})
        self.invites.filter(created_by=user).revoke()
        ClaimLink.objects.of_group(self).filter(created_by=user).revoke()
        owners = self.memberships.filter(role=Membership.Role.OWNER)
        if not owners.exists():
            heir = self.memberships.order_by("joined", "pk").first()
            if heir is not None:
                heir.role = Membership.Role.OWNER
                heir.save(update_fields=["role"])


class RemovedMember(Exception):
    """Someone an owner removed from the group tried to come back without an owner's yes."""

    def __init__(self, group: Group):
        super().__init__(
            f"An owner removed you from {group.name}: you can come back once an owner lets "
            f"you in. They have been asked."
        )
        self.group = group


class Removal(models.Model):
    """Someone an owner removed from a group: whatever link they hold later, they come
    back only when an owner lets them in. ``asked`` is when they last tried."""

    group = models.ForeignKey(Group, models.CASCADE, related_name="removals")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+")
    removed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    removed = models.DateTimeField(default=timezone.now)
    asked = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["group", "user"], name="one_removal_per_group")
        ]

    def __str__(self) -> str:
        return f"{self.user} removed from {self.group}"

    def ask_back(self) -> None:
        self.asked = timezone.now()
        self.save(update_fields=["asked"])


class Membership(models.Model):
    class Role(models.TextChoices):
        OWNER = "owner", "Owner"
        MEMBER = "member", "Member"

    group = models.ForeignKey(Group, models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    joined = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["group", "user"], name="one_membership_per_group")
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.group} ({self.role})"


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_host_key() -> str:
    return secrets.token_urlsafe(32)


# What secrets.token_urlsafe writes. A token from a link or a cookie made of anything else
# is unknown before any query sees it: PostgreSQL refuses a NUL byte in text, with a 500.
TOKEN_CHARACTER = "[A-Za-z0-9_-]"


# How long a join link or a claim link works after it was made.
LINK_LIFETIME = timedelta(days=14)


class LinkQuerySet[L: Link](models.QuerySet[L]):
    def active(self) -> Self:
        return self.filter(revoked__isnull=True, created__gt=timezone.now() - LINK_LIFETIME)

    def revoke(self) -> int:
        return self.filter(revoked__isnull=True).update(revoked=timezone.now())


class Link(models.Model):
    """A link a member makes for someone outside the group. It works for LINK_LIFETIME,
    until an owner revokes it or its maker leaves the group."""

    token = models.CharField(max_length=40, unique=True, default=new_token)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    revoked = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True

    @property
    def expires(self) -> datetime:
        return self.created + LINK_LIFETIME

    def revoke(self) -> None:
        self.revoked = timezone.now()
        self.save(update_fields=["revoked"])


class InviteQuerySet(LinkQuerySet["Invite"]):
    pass


class Invite(Link):
    """A join link for a group: anyone with an account who opens it may join."""

    group = models.ForeignKey(Group, models.CASCADE, related_name="invites")

    objects = models.Manager.from_queryset(InviteQuerySet)()

    def __str__(self) -> str:
        return f"Invite to {self.group}"

    def get_absolute_url(self) -> str:
        return reverse("join", args=[self.token])


class Player(models.Model):
    """A person at the table: a guest known by name, or linked to an account."""

    name = models.CharField(max_length=60)
    group = models.ForeignKey(Group, models.CASCADE, null=True, blank=True, related_name="players")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="players"
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["group", "name"],
                condition=models.Q(group__isnull=False),
                name="one_player_name_per_group",
            )
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        adding = self._state.adding
        super().save(*args, **kwargs)
        if adding and self.group_id is not None:  # a new name in the group's lists
            Group.objects.filter(pk=self.group_id).update(pages_key=uuid.uuid4())

    def get_absolute_url(self) -> str:
        return reverse("player", args=[self.group_id, self.pk])

    @property
    def is_guest(self) -> bool:
        return self.user_id is None

    def working_claim_link_by(self, user: Any) -> ClaimLink | None:
        """The claim link ``user`` made for this guest that still works, if any."""
        return self.claim_links.active().filter(created_by=user).first()

    def claim_link_by(self, user: Any) -> ClaimLink:
        """The working claim link ``user`` made for this guest; a new one if there is none."""
        return self.working_claim_link_by(user) or self.claim_links.create(created_by=user)

    @transaction.atomic
    def merge_into(self, other: Player) -> None:
        """Everything this player played becomes ``other``'s, then this player goes.

        Refused when both sat at the same play: one person cannot hold two seats, so
        merging would count that play twice.
        """
        if other.pk == self.pk or other.group_id != self.group_id:
            raise MergeRefused("Players can only be merged with another player of the same group.")
        if self.user_id is not None and other.user_id is not None:
            raise MergeRefused(
                f"{self.name} and {other.name} both have an account, so they are different people."
            )
        shared = Play.objects.filter(results__player=self).filter(results__player=other)
        if shared.exists():
            raise MergeRefused(
                f"{self.name} and {other.name} both played in {shared.count()} of the same "
                "plays, so they must be different people."
            )
        # The records count these plays for this player: taken out first, counted again
        # for ``other`` once the seats are theirs.
        plays = Play.objects.filter(pk__in=list(self.results.values_list("play_id", flat=True)))
        records.withdraw(plays)
        self.results.update(player=other)
        records.count(plays)
        if other.user_id is None and self.user_id is not None:
            other.user_id = self.user_id
            other.save(update_fields=["user"])
        self.delete()

    @transaction.atomic
    def claim_for(self, user: Any, *, let_back_in: bool = False) -> Player:
        """This guest was ``user``, and the group lets them in (they are a member, or an
        owner said yes: ``let_back_in``): they become the guest, or their player in the
        group takes the guest's plays, and they join. The guest's claim links go with
        the guest."""
        assert self.group is not None, "only a group's guests have claim links"
        own = self.group.players.filter(user=user).exclude(pk=self.pk).first()
        if own is None:
            self.user = user
            self.save(update_fields=["user"])
            self.claim_links.all().delete()
        else:
            self.merge_into(own)
        self.group.join(user, let_back_in=let_back_in)
        return own or self


class ClaimLinkQuerySet(LinkQuerySet["ClaimLink"]):
    def of_group(self, group: Group) -> Self:
        return self.filter(player__group=group)

    def active(self) -> Self:
        return super().active().filter(claimed__isnull=True)

    def waiting(self) -> Self:
        """Claims by someone outside the group, each waiting for an owner's yes or no."""
        return self.filter(claimed__isnull=False, revoked__isnull=True)


class ClaimLink(Link):
    """A guest's link for the person to claim the guest's plays with their own account.
    It works once: a member who claims with it becomes the guest at once; anyone else
    waits until an owner lets them in (or turns them down, which revokes it)."""

    player = models.ForeignKey(Player, models.CASCADE, related_name="claim_links")
    claimed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, null=True, blank=True, related_name="+"
    )
    claimed = models.DateTimeField(null=True, blank=True)

    objects = models.Manager.from_queryset(ClaimLinkQuerySet)()

    def __str__(self) -> str:
        return f"Claim link for {self.player}"

    def get_absolute_url(self) -> str:
        return reverse("claim", args=[self.token])

    @transaction.atomic
    def use(self, user: Any) -> Player | None:
        """``user`` says this link's guest was them. A member of the guest's group
        becomes the guest (returned); anyone else waits for an owner (None). Raises
        ClaimLink.DoesNotExist if the link stopped working meanwhile."""
        links = (
            ClaimLink.objects.select_for_update(of=("self",))
            .active()
            .select_related("player__group")
        )
        link = links.get(pk=self.pk)
        guest = link.player
        assert guest.group is not None, "only a group's guests have claim links"
        if guest.group.membership_of(user) is not None:
            return guest.claim_for(user)
        link.claimed_by, link.claimed = user, timezone.now()
        link.save(update_fields=["claimed_by", "claimed"])
        return None

    @transaction.atomic
    def let_in(self) -> Player:
        """An owner's yes to whoever waits on this link: they join and become its guest.
        Raises ClaimLink.DoesNotExist if nobody waits on it any more."""
        links = ClaimLink.objects.select_for_update(of=("self",)).waiting().select_related("player")
        link = links.get(pk=self.pk)
        return link.player.claim_for(link.claimed_by, let_back_in=True)


class MergeRefused(Exception):
    pass


# A play's join code: Crockford's base 32 has no two symbols that look alike (no I, L, O
# or U; 0 and 1 only), and what a player might type for one is read as it (O as 0, I and
# L as 1). Six of them give 32**6, over 10**9 codes.
JOIN_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
JOIN_CODE_LENGTH = 6
READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


def new_join_code() -> str:
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def read_join_code(typed: str) -> str | None:
    """The code a player typed, in any case, with spaces or dashes; None if it is not one."""
    code = "".join(typed.split()).replace("-", "").upper().translate(READ_AS)
    if len(code) != JOIN_CODE_LENGTH or any(c not in JOIN_CODE_ALPHABET for c in code):
        return None
    return code


@dataclass(frozen=True)
class Actor:
    """Who changes a play, as its correction record names them: a signed-in person, or
    a phone at the table (``seat``: the seat it holds); and the change a phone's outbox
    sends: ``change``, the id the phone gave it, so that a change sent again is applied
    once; ``digest``, what it changes (an id sent again with other changes is refused);
    ``made``, when the phone made it (ms), so that an older change from the same screen
    arriving after a newer one changes nothing."""

    name: str
    user: Any = None
    seat: int | None = None
    change: str = ""
    digest: str = ""
    made: int | None = None


class SeatTaken(Exception):
    """Another phone holds that seat."""


class ChangeRefused(PermissionDenied):
    """A phone's change id that belongs to another play or seat."""


class StaleEdit(Exception):
    """Someone else saved this part of a play after it was loaded here."""

    def __init__(self, current: Any):
        super().__init__("Changed elsewhere in the meantime.")
        self.current = current


@dataclass(frozen=True)
class PollState:
    """What a phone polling its table needs to know if anything changed: nothing about
    who asks, so a poll carries no rights (what it shows comes with the whole answer)."""

    version: int
    finished: bool


@dataclass
class HistoryPage:
    """One page of a history, newest first, and the keys of the pages either side of it
    (None at an end): a page is found by the (date, id) it starts after, not by an
    offset, so that its cost is the same however far back it is."""

    plays: list[Play]
    newer: str | None
    older: str | None

    def __iter__(self) -> Iterator[Play]:
        return iter(self.plays)

    def __len__(self) -> int:
        return len(self.plays)

    @property
    def has_other_pages(self) -> bool:
        return self.newer is not None or self.older is not None


def page_key(play: Play) -> str:
    played_on, pk = _key(play)
    return f"{played_on.isoformat()}.{pk}"


def _key(play: Play) -> tuple[date, int]:
    return play.played_on, play.pk


def read_page_key(text: str) -> tuple[date, int] | None:
    """The (date, id) of a page key from a pager link; None if it is not one."""
    day, _, pk = text.partition(".")
    try:
        return date.fromisoformat(day), int(pk)
    except ValueError:
        return None


def _older(key: tuple[date, int]) -> models.Q:
    played_on, pk = key
    return models.Q(played_on__lt=played_on) | models.Q(played_on=played_on, pk__lt=pk)


def _newer(key: tuple[date, int]) -> models.Q:
    played_on, pk = key
    return models.Q(played_on__gt=played_on) | models.Q(played_on=played_on, pk__gt=pk)


def seats_at(play: OuterRef) -> Subquery:
    """How many seats the play has, as a subquery: it leaves the query it is in ungrouped
    (a count over a join would group it)."""
    seats = Result.objects.filter(play=play).order_by().values("play")
    return Subquery(seats.annotate(n=models.Count("pk")).values("n"))


class PlayQuerySet(models.QuerySet["Play"]):
    def poll_state(self, play_id: uuid.UUID) -> PollState | None:
        """The play's version and whether it is finished; None if there is no such play.
        Written out by hand: a phone polls every 2 s, and building this as an ORM query
        costs more than answering the poll may."""
        play = Play._meta
        sql = f"SELECT version, status FROM {play.db_table} WHERE uuid = %s"
        key = play.get_field("uuid").get_db_prep_value(play_id, connection)
        with connection.cursor() as cursor:
            cursor.execute(sql, [key])
            row = cursor.fetchone()
        if row is None:
            return None
        version, status = row
        return PollState(version, status == Play.Status.FINISHED)

    def history_page(self, *, before: str = "", after: str = "", size: int) -> HistoryPage:
        """The ``size`` plays, newest first, older than the page key ``before``, or else
        newer than ``after``; the first page without either (or with a key that is not
        one). Two queries: the page's plays and one more (whether there are more that
        way), and whether there are any beyond the page the other way."""
        older_than, newer_than = read_page_key(before), read_page_key(after)
        if newer_than is not None and older_than is None:
            oldest = self.filter(_newer(newer_than)).order_by("played_on", "id")
            rows: list[Play] = list(oldest[: size + 1])
            plays = rows[:size][::-1]
            if plays:
                more_older = self.filter(_older(_key(plays[-1]))).exists()
                return HistoryPage(
                    plays,
                    page_key(plays[0]) if len(rows) > size else None,
                    page_key(plays[-1]) if more_older else None,
                )
        newest = self.order_by("-played_on", "-id")
        if older_than is not None:
            newest = newest.filter(_older(older_than))
        rows = list[Play](newest[: size + 1])
        plays = rows[:size]
        more_newer = bool(plays) and older_than is not None
        more_newer = more_newer and self.filter(_newer(_key(plays[0]))).exists()
        return HistoryPage(
            plays,
            page_key(plays[0]) if more_newer else None,
            page_key(plays[-1]) if len(rows) > size else None,
        )

    def finished(self) -> PlayQuerySet:
        """In the history: finished, and not taken out of it."""
        return self.filter(status=Play.Status.FINISHED)

    def voided(self) -> PlayQuerySet:
        return self.filter(status=Play.Status.VOIDED)

    def not_voided(self) -> PlayQuerySet:
        """Finished or still being played: every play but those taken out of the history."""
        return self.exclude(status=Play.Status.VOIDED)

    def contested(self) -> PlayQuerySet:
        """The plays someone could win: two seats or more (records.CONTESTED)."""
        return self.alias(seats=seats_at(OuterRef("pk"))).filter(seats__gte=records.CONTESTED)

    def with_results(self) -> PlayQuerySet:
        """Each play's results and players in one more query; entries are left out,
        since a list never shows them and a full board can be large."""
        results = Result.objects.select_related("player").defer("entry").order_by("position")
        return self.prefetch_related(models.Prefetch("results", queryset=results))


class Play(models.Model):
    """One game at one table. Per-player entries live on its results and are saved
    one at a time, so each phone (or each player in turn) can fill in its own part."""

    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", "In progress"
        FINISHED = "finished", "Finished"
        # Taken out of the history (scored twice, say): kept as a tombstone, so the same
        # file imported again does not bring it back; an owner may restore it.
        VOIDED = "voided", "Removed from the history"

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    game = models.CharField(max_length=40)
    mode = models.CharField(max_length=20, default="standard")
    options = models.JSONField(default=dict, blank=True)
    played_on = models.DateField(default=timezone.localdate)
    group = models.ForeignKey(Group, models.CASCADE, null=True, blank=True, related_name="plays")
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_PROGRESS)
    notes = models.JSONField(default=list, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    # The play's id in the file it was imported from, so the same file twice adds nothing.
    imported_from = models.UUIDField(null=True, blank=True, editable=False)
    # The table: phones join with the code while joining is open and the play in progress.
    join_code = models.CharField(max_length=JOIN_CODE_LENGTH, unique=True, null=True, blank=True)
    joining_open = models.BooleanField(default=True)
    hide_totals = models.BooleanField(default=False)  # until every seat is done
    seats_may_finish = models.BooleanField(default=False)  # once every seat is done
    # Goes up with every change a phone at the table should see (its polls compare it).
    version = models.PositiveIntegerField(default=0)
    # Who took it out of the history, and when (status VOIDED).
    voided = models.DateTimeField(null=True, blank=True)
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # A guest play's host key: its host link carries it, the host's session keeps it
    # (scorepad/table.py). Never the join code, nor anything a joining phone is sent.
    host_key = models.CharField(max_length=64, default=new_host_key, editable=False)

    objects = PlayQuerySet.as_manager()

    class Meta:
        ordering = ["-played_on", "-created"]
        indexes = [
            models.Index(fields=["group", "-played_on", "-created"]),
            # The history pages by (date, id), all games or one (scorepad/views/groups.py).
            models.Index(fields=["group", "-played_on", "-id"], name="history_keyset"),
            models.Index(fields=["group", "game", "-played_on", "-id"], name="history_game_keyset"),
        ]

    def __str__(self) -> str:
        return f"{self.info.name} on {self.played_on}"

    def get_absolute_url(self) -> str:
        return reverse("play", args=[self.uuid])

    @property
    def codec(self) -> Codec:
        """The game as the site stores it; its screens are ``scorepad.pads.get_pad``'s."""
        return get_codec(self.game)

    @property
    def module(self) -> ModuleType:
        return self.codec.game

    @property
    def info(self) -> GameInfo:
        return self.module.INFO

    @property
    def is_finished(self) -> bool:
        """Over: finished, whether in the history or taken out of it (voided)."""
        return self.status != self.Status.IN_PROGRESS

    @property
    def is_contested(self) -> bool:
        """Whether someone could win it (records.CONTESTED): a solo play has nobody to
        beat, so its seat is no winner. Reads the results prefetched, where they are."""
        return len(self.results.all()) >= records.CONTESTED

    def ordered_results(self) -> list[Result]:
        return list(self.results.select_related("player").order_by("position"))

    def logged_events(self) -> list[PlayEvent]:
        return list(self.events.order_by("seq"))

    def state(
        self,
        results: Sequence[Result] | None = None,
        events: Sequence[PlayEvent] | None = None,
    ) -> PlayState:
        """Everything entered so far; pass what the caller already loaded to save queries."""
        results = self.ordered_results() if results is None else results
        if events is None:
            # Only a live log's games read events: the others never query for them.
            events = self.logged_events() if self.codec.reads_events else []
        return PlayState(
            players=[r.name for r in results],
            options=self.options,
            mode=self.mode,
            entries={r.name: r.entry for r in results},
            events=[e.data for e in events],
        )

    def game_input(self, state: PlayState | None = None) -> dict[str, Any]:
        return self.codec.to_input(state or self.state())

    def score(self, *, partial: bool, state: PlayState | None = None) -> Sheet:
        """Score what has been entered; raises InvalidInput."""
        module = self.module
        return module.score(module.parse(self.game_input(state), partial=partial))

    def progress(
        self,
        results: Sequence[Result] | None = None,
        events: Sequence[PlayEvent] | None = None,
        *,
        strict: bool = False,
    ) -> Progress:
        """The running score of what has been entered (pass what the caller already
        loaded); ``strict`` also finds what still stands between the play and its end."""
        module = self.module
        data = self.game_input(self.state(results, events))
        try:
            parsed = self._parse_partial(data)
        except InvalidInput as e:
            return Progress(None, None, [error.message for error in e.errors], [])
        unfinished: list[FieldError] = []
        if strict:
            try:
                module.parse(data, partial=False)
            except InvalidInput as e:
                unfinished = e.errors
        return Progress(module.score(parsed), parsed, [], unfinished)

    def event_points(
        self,
        data: dict[str, Any],
        replacing: PlayEvent | None = None,
        *,
        results: Sequence[Result] | None = None,
        events: Sequence[PlayEvent] | None = None,
    ) -> dict[str, int]:
        """What ``data`` scores for each player, logged as a new event or in place of
        ``replacing``: the difference it makes to every total, so one rule serves
        events, end-of-game events and corrections alike. Raises InvalidInput when
        the log would not add up with it; stores nothing."""
        events = self.logged_events() if events is None else events
        stored = [e.data for e in events]
        position = list(events).index(replacing) if replacing else len(stored)
        state = self.state(results, events)
        trial = [*stored[:position], data, *stored[position + 1 :]]
        without = [*stored[:position], *stored[position + 1 :]]
        with_it = self.score(partial=True, state=state.with_events(trial))
        before = {
            p.name: p.total
            for p in self.score(partial=True, state=state.with_events(without)).players
        }
        return {p.name: p.total - before[p.name] for p in with_it.players}

    def validate(self, state: PlayState) -> None:
        """Raise InvalidInput unless the game, as it would stand, still holds together:
        a finished play as strictly as when it was finished (a correction never sends it
        back in progress), before anything is written."""
        if self.is_finished:
            self._final_sheet(state)
        else:
            self._parse_partial(self.game_input(state))

    def _parse_partial(self, data: dict[str, Any]) -> Any:
        """The game's ``parse(data, partial=True)``: a change checked (``validate``) and
        its running score shown next (``progress``) parse it once."""
        return self._last("_parsed", data, lambda: self.module.parse(data, partial=True))

    def _final_sheet(self, state: PlayState) -> Sheet:
        """The whole game scored strictly: a correction checked (``validate``) and then
        stored (``finish``) is scored once."""
        return self._last("_final", asdict(state), lambda: self.codec.final_sheet(state))

    def _last[T](self, slot: str, data: Any, work: Callable[[], T]) -> T:
        """``work()``, kept on this instance under ``slot`` with the data it was done
        for, until it is asked for other data. Kept by the data's JSON text, so data
        changed since, even in place, is worked on again."""
        try:
            key = json.dumps(data, sort_keys=True)
        except (TypeError, ValueError):
            return work()
        kept = self.__dict__.get(slot)
        if kept is not None and kept[0] == key:
            return kept[1]
        done = work()
        self.__dict__[slot] = (key, done)
        return done

    def _changed(self, by: Actor | None, seat: Result | None = None, what: str = "") -> None:
        """Stored results follow every change. A finished play is scored again at once
        (``validate`` refused any change after which it would not be), and every change
        to it is recorded (a ``Correction``): who, when, what (``what``), which seats'
        lines moved and how; a change that moved no point is recorded too."""
        if not self.is_finished:
            self.touch()
            return
        before = {r.pk: r for r in self.results.all()}
        self.finish()
        corrections: list[tuple[int | None, dict[str, Any], int | None, int | None]] = []
        for new in self.results.all():
            old = before[new.pk]
            lines = moved_lines(old, new)
            if lines or (seat is not None and seat.pk == new.pk):
                corrections.append((new.pk, lines, old.total, new.total))
        if not corrections:
            corrections.append((None, {}, None, None))
        user = by.user if by and by.user and by.user.is_authenticated else None
        at = timezone.now()  # one change, however many seats it moved
        self.corrections.bulk_create(
            Correction(
                play=self,
                at=at,
                result_id=pk,
                by=by.name if by else "",
                by_user=user,
                what=what[:200],
                lines=lines,
                old_total=old_total,
                new_total=new_total,
            )
            for pk, lines, old_total, new_total in corrections
        )
        self.touch()

    @transaction.atomic
    def finish(self) -> Sheet:
        """Score the whole game strictly and store every player's result at once.

        The API may score part of a game (a round-by-round game after its first
        round, say); a play is only finished when the game is over.
        """
        results = self.ordered_results()
        sheet = self._final_sheet(self.state(results))
        this = Play.objects.filter(pk=self.pk)
        # A play finished again after a correction counts with its new totals only.
        records.withdraw(this)
        for result, scored in zip(results, sheet.players, strict=True):
            result.record(scored)
            result.save(update_fields=Result.SCORED)
        self.touch(status=self.Status.FINISHED, notes=sheet.notes)
        records.count(this)
        return sheet

    @transaction.atomic
    def delete(self, *args: Any, **kwargs: Any) -> Any:
        """Delete the play and take it out of the records."""
        records.withdraw(Play.objects.filter(pk=self.pk))
        return super().delete(*args, **kwargs)

    # No savepoint inside a caller's transaction (save_part, change_part): an error here
    # leaves by that caller, which rolls back whole.
    @transaction.atomic(savepoint=False)
    def save_entry(
        self,
        result: Result,
        entry: dict[str, Any],
        results: list[Result],
        *,
        by: Actor | None = None,
        what: str = "",
    ) -> None:
        """Keep one player's entry if the game still holds together with it; raises
        InvalidInput and saves nothing when it does not. ``what`` says, for the record
        of corrections, which part changed (by default: the seat's entry)."""
        if not self._first_time(by, result.position) or entry == result.entry:
            return
        self.validate(self.state(results).with_entry(result.name, entry))
        result.entry = entry
        result.save(update_fields=["entry", "written_by", "written_made"])
        self._changed(by, result, what or f"{result.name}'s entry")

    @transaction.atomic
    def save_part(
        self,
        result: Result,
        path: tuple[str, ...],
        value: Any,
        *,
        base: str | None = None,
        editor: str = "",
        by: Actor | None = None,
        what: str = "",
    ) -> None:
        """Save one part of one player's entry (a round's reef, a final tally).

        ``base`` is the fingerprint of that part as the screen showed it, ``editor``
        names that screen. If another screen saved the part since, nothing is saved
        and StaleEdit carries what is there now: two phones never overwrite each
        other silently, while one phone's autosaves and its Save may overtake each
        other freely.
        """
        # The seats' rows only (``of``): their players are shared by every play of the
        # group, seated in other orders, and locking them too deadlocked two plays'
        # saves on PostgreSQL (the cluster bench, docs/performance.md).
        results = list(
            self.results.select_for_update(of=("self",))
            .select_related("player")
            .order_by("position")
        )
        fresh = next(r for r in results if r.pk == result.pk)
        key = "/".join(path)
        made = by.made if by else None
        own_newer = fresh.written_by.get(key) == editor and made is not None
        if self.has_applied(by, result.position) or (
            own_newer and made < fresh.written_made.get(key, made)
        ):
            # Sent again, or this screen's older change overtaken by its newer one on the
            # way (the newer stands; the older counts as applied, so it is not sent again).
            self._first_time(by, result.position)
            result.entry, result.written_by = fresh.entry, fresh.written_by
            return
        current = entry_part(fresh.entry, path)
        changed_elsewhere = base is not None and base != fingerprint(current)
        if changed_elsewhere and value != current and fresh.written_by.get(key) != editor:
            raise StaleEdit(current)
        # Saved with the entry: which screen saved this part, and when its phone made it.
        fresh.written_by = {**fresh.written_by, key: editor}
        fresh.written_made = {k: v for k, v in fresh.written_made.items() if k != key}
        if made is not None:
            fresh.written_made[key] = made
        entry = with_entry_part(fresh.entry, path, value)
        self.save_entry(fresh, entry, results, by=by, what=what)
        result.entry, result.written_by = fresh.entry, fresh.written_by

    @transaction.atomic
    def change_part(
        self,
        position: int,
        path: tuple[str, ...],
        change: Callable[[Any], Any],
        *,
        by: Actor | None = None,
    ) -> list[Result]:
        """Change one part of one seat's entry from what is saved now (one tap on a
        board, say), or raise InvalidInput and change nothing. The play is locked
        first, so two phones tapping at once each build on the other's last tap.
        Returns every seat as saved."""
        list(Play.objects.select_for_update().filter(pk=self.pk).values("pk"))
        results = self.ordered_results()
        result = next(r for r in results if r.position == position)
        changed = change(entry_part(result.entry, path) or {})
        self.save_entry(result, with_entry_part(result.entry, path, changed), results, by=by)
        return results

    @transaction.atomic
    def add_event(
        self, data: dict[str, Any], *, by: Actor | None = None, what: str = ""
    ) -> PlayEvent | None:
        """Append to the log, stored at once (with the seat whose phone added it);
        raises InvalidInput and stores nothing when the event does not fit the game.
        None for a change that was applied before."""
        locked = Play.objects.select_for_update().get(pk=self.pk)
        if not self._first_time(by, None):
            return None
        events = locked.logged_events()
        self.validate(self.state(events=events).with_events([*(e.data for e in events), data]))
        seq = events[-1].seq + 1 if events else 1
        event = self.events.create(seq=seq, data=data, seat=by.seat if by else None)
        self._changed(by, what=what or "An event added to the log")
        return event

    @transaction.atomic
    def change_event(
        self,
        event: PlayEvent,
        data: dict[str, Any],
        *,
        base: str | None = None,
        by: Actor | None = None,
        what: str = "",
    ) -> None:
        """Correct an earlier event; every total after it is recomputed from the log.

        ``base`` is the fingerprint of the event as the screen showed it: raises
        StaleEdit when someone changed or removed it since.
        """
        Play.objects.select_for_update().get(pk=self.pk)
        if not self._first_time(by, None):
            return
        events = self.logged_events()
        current = next((e for e in events if e.pk == event.pk), None)
        if current is None or (base is not None and base != fingerprint(current.data)):
            raise StaleEdit(current.data if current else None)
        trial = [data if e.pk == event.pk else e.data for e in events]
        self.validate(self.state(events=events).with_events(trial))
        event.data = data
        event.save(update_fields=["data"])
        self._changed(by, what=what or f"Event {event.seq} of the log changed")

    @transaction.atomic
    def remove_event(self, event: PlayEvent, *, by: Actor | None = None, what: str = "") -> None:
        """Take one event out of the log (undo is removing the last one)."""
        Play.objects.select_for_update().get(pk=self.pk)
        if not self._first_time(by, None):
            return
        events = self.logged_events()
        self.validate(self.state(events=events).with_events([e.data for e in events if e != event]))
        event.delete()
        self._changed(by, what=what or f"Event {event.seq} taken out of the log")

    @transaction.atomic
    def move_to_group(self, group: Group, user: Any) -> None:
        """Save an unattached play into ``group``'s history, matching players by name;
        a seat a signed-in person took keeps to that person's own player. The phones at
        the table keep their seats."""
        this = Play.objects.filter(pk=self.pk)
        records.withdraw(this)  # a finished play counts for its guests until it moves
        for result in self.results.select_related("player"):
            guest = result.player
            own = group.players.filter(user=guest.user).first() if guest.user_id else None
            result.player = own or group.player_named(guest.name)
            result.save(update_fields=["player"])
            if guest.group_id is None and not guest.results.exists():
                guest.delete()
        self.touch(group=group, recorded_by=user)
        records.count(this)

    @transaction.atomic
    def void(self, user: Any) -> None:
        """Take this finished play out of its group's history, its stats and records: it
        stays, as a tombstone, and an owner may restore it."""
        records.withdraw(Play.objects.filter(pk=self.pk))
        self.touch(status=self.Status.VOIDED, voided=timezone.now(), voided_by=user)

    @transaction.atomic
    def restore(self) -> None:
        """A voided play back in its group's history."""
        self.touch(status=self.Status.FINISHED, voided=None, voided_by=None)
        records.count(Play.objects.filter(pk=self.pk))

    @property
    def is_voided(self) -> bool:
        return self.status == self.Status.VOIDED

    # --- Changes sent from a phone, applied once ------------------------------------------
    def has_applied(self, by: Actor | None, seat: int | None) -> bool:
        """Whether the change ``by`` carries was applied to this play already (sent
        again after its answer was lost); ChangeRefused if it was another play's or
        another seat's."""
        if by is None or not by.change:
            return False
        done = AppliedChange.objects.filter(change=by.change).first()
        if done is None:
            return False
        if done.play_id != self.pk or done.seat != seat:
            raise ChangeRefused("That change was made for another play or another seat.")
        if done.digest and by.digest and done.digest != by.digest:
            raise ChangeRefused("That change's id was already used for another change.")
        return True

    def _first_time(self, by: Actor | None, seat: int | None) -> bool:
        """Whether to apply the change ``by`` carries: recorded now, in the change's own
        transaction (so a change is applied once, or not at all), unless it was before."""
        if self.has_applied(by, seat):
            return False
        if by is not None and by.change:
            AppliedChange.objects.create(change=by.change, play=self, seat=seat, digest=by.digest)
        return True

    # --- The table: phones that joined with the play's code -------------------------------
    def touch(self, **fields: Any) -> None:
        """Save ``fields`` (and when the play last changed), and tell the phones at the
        table that something changed: one UPDATE."""
        for name, value in fields.items():
            setattr(self, name, value)
        self.updated = timezone.now()
        Play.objects.filter(pk=self.pk).update(
            **fields, updated=self.updated, version=F("version") + 1
        )
        self.version += 1

    @property
    def is_joinable(self) -> bool:
        return self.joining_open and not self.is_finished

    def ensure_join_code(self) -> str | None:
        """The play's join code while phones may join, made the first time it is asked for."""
        if not self.is_joinable:
            return None
        while self.join_code is None:
            code = new_join_code()
            if not Play.objects.filter(join_code=code).exists():
                Play.objects.filter(pk=self.pk, join_code__isnull=True).update(join_code=code)
                self.refresh_from_db(fields=["join_code"])
        return self.join_code

    def set_joining(self, *, is_open: bool) -> None:
        self.touch(joining_open=is_open)

    def phone_for(self, token: str, user: Any) -> TablePhone:
        """The phone ``token``'s place at the table, for whoever uses it now: a place
        another account joined with is handed over empty (that account's seat is not the
        next person's on the phone)."""
        person = user if user.is_authenticated else None
        phone, created = self.phones.get_or_create(token=token, defaults={"user": person})
        if not created and phone.user_id is not None and phone.user != person:
            phone.result, phone.wants, phone.user = None, None, person
            phone.save(update_fields=["result", "wants", "user"])
            self.touch()
        return phone

    @transaction.atomic
    def seat_phone(self, token: str, result: Result | None, user: Any) -> TablePhone:
        """Put the phone ``token`` on ``result``'s seat (None: just watching). Raises
        SeatTaken when another phone holds it; a signed-in person's seat becomes their
        own player's (their ladder and record sheet count the play)."""
        Play.objects.select_for_update().get(pk=self.pk)
        phone = self.phone_for(token, user)
        if result is not None:
            holder = self.phones.filter(result=result).exclude(pk=phone.pk).first()
            if holder is not None:
                raise SeatTaken(holder)
        phone.result, phone.wants = result, None
        phone.user = user if user.is_authenticated else None
        phone.save(update_fields=["result", "wants", "user"])
        if result is not None and phone.user is not None:
            result.link_to(phone.user)
        self.touch()
        return phone

    def ask_for_seat(self, token: str, result: Result, user: Any) -> None:
        """A phone asks the host to hand it a seat another phone holds."""
        phone = self.phone_for(token, user)
        phone.wants = result
        phone.save(update_fields=["wants"])
        self.touch()

    @transaction.atomic
    def hand_over(self, phone: TablePhone) -> None:
        """The host gives the seat a phone asked for to that phone."""
        Play.objects.select_for_update().get(pk=self.pk)
        wanted = phone.wants
        if wanted is None:
            return
        self.phones.filter(result=wanted).update(result=None)
        phone.result, phone.wants = wanted, None
        phone.save(update_fields=["result", "wants"])
        if phone.user is not None:
            wanted.link_to(phone.user)
        self.touch()

    def release(self, result: Result) -> None:
        """The seat is free again: its phone (if any) only watches."""
        self.phones.filter(result=result).update(result=None)
        self.phones.filter(wants=result).update(wants=None)
        self.touch()


class PlayEvent(models.Model):
    """One scoring event of a live log, stored as soon as it is entered."""

    play = models.ForeignKey(Play, models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    data = models.JSONField()
    created = models.DateTimeField(auto_now_add=True)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)  # its phone's; None: the host

    class Meta:
        ordering = ["seq"]
        constraints = [models.UniqueConstraint(fields=["play", "seq"], name="one_event_per_seq")]

    def __str__(self) -> str:
        return f"{self.data.get('type')} #{self.seq} in {self.play}"


class Result(models.Model):
    """One player's part of a play: their entry as typed, and once the play is
    finished, what it scored."""

    play = models.ForeignKey(Play, models.CASCADE, related_name="results")
    player = models.ForeignKey(Player, models.PROTECT, related_name="results")
    position = models.PositiveSmallIntegerField()
    entry = models.JSONField(default=dict, blank=True)
    # Which screen last saved each part of the entry ("rounds/2": editor id), so a
    # phone's own saves never count as someone else's edit; and when its phone made that
    # change (ms), so that an older one from the same screen arriving late changes nothing.
    written_by = models.JSONField(default=dict, blank=True)
    written_made = models.JSONField(default=dict, blank=True)
    breakdown = models.JSONField(default=dict, blank=True)
    extra = models.JSONField(default=dict, blank=True)
    tiebreak = models.JSONField(default=dict, blank=True)
    total = models.IntegerField(null=True, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["play", "position"], name="one_result_per_seat")
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.play}"

    # What a finished play's scoring writes: the seat's PlayerScore, by the same names.
    SCORED = ["breakdown", "extra", "tiebreak", "total", "rank"]

    @property
    def name(self) -> str:
        return self.player.name

    @property
    def is_winner(self) -> bool:
        return self.rank == 1

    def record(self, scored: PlayerScore) -> None:
        """Keep what the seat scored (not saved here)."""
        for name in self.SCORED:
            setattr(self, name, getattr(scored, name))

    def link_to(self, user: Any) -> None:
        """A signed-in person took this seat: the play counts for them. A guest play's
        seat becomes theirs; in a group, a seat that carries the name of their own
        player there becomes that player's."""
        player = self.player
        if player.user_id == user.pk:
            return
        group = self.play.group
        if group is None:
            if player.user_id is None:
                player.user = user
                player.save(update_fields=["user"])
            return
        own = group.players.filter(user=user).first()
        if own is not None and own.name.casefold() == player.name.casefold():
            this = Play.objects.filter(pk=self.play_id)
            with transaction.atomic():
                records.withdraw(this)
                self.player = own
                self.save(update_fields=["player"])
                records.count(this)


class AppliedChange(models.Model):
    """A change a phone sent, by the id the phone gave it: applied once, to one play and
    one seat (None: the play's shared log)."""

    change = models.CharField(max_length=64, unique=True)
    # What it changed (scorepad.table.change_digest): the same id with other changes is
    # not the same change.
    digest = models.CharField(max_length=64, blank=True, default="")
    play = models.ForeignKey(Play, models.CASCADE, related_name="applied_changes")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    applied = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"Change {self.change} to {self.play}"


class TablePhone(models.Model):
    """A phone at a play's table: it joined with the play's code, on a seat (it enters
    that seat alone) or just watching. Known by the token in its cookie, not a login."""

    play = models.ForeignKey(Play, models.CASCADE, related_name="phones")
    token = models.CharField(max_length=64)
    result = models.OneToOneField(
        Result, models.SET_NULL, null=True, blank=True, related_name="phone"
    )
    # A seat another phone holds, that this one asked the host for.
    wants = models.ForeignKey(Result, models.SET_NULL, null=True, blank=True, related_name="+")
    # Who was signed in when the phone joined: the seat is held for that account alone.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    joined = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["play", "token"], name="one_phone_entry_per_play")
        ]

    def __str__(self) -> str:
        return f"Phone at {self.play} ({self.result or 'watching'})"


def moved_lines(old: Result, new: Result) -> dict[str, list[Any]]:
    """Each line of a seat's score on the result page whose points moved, [before,
    after]: a round's subtotal as ``round-<n>``, a category by its key, a tie-break as
    ``tiebreak-<key>``, and the seat's place as ``rank``."""

    def rounds(result: Result) -> dict[str, Any]:
        return {str(n): v for n, v in enumerate(result.extra.get("rounds", []), 1)}

    moved: dict[str, list[Any]] = {}
    for prefix, before, after in (
        ("round-", rounds(old), rounds(new)),
        ("", old.breakdown, new.breakdown),
        ("tiebreak-", old.tiebreak, new.tiebreak),
        ("", {"rank": old.rank}, {"rank": new.rank}),
    ):
        for key in dict.fromkeys([*before, *after]):
            if before.get(key) != after.get(key):
                moved[f"{prefix}{key}"] = [before.get(key), after.get(key)]
    return moved


class Correction(models.Model):
    """A change to a finished play: who made it and when, what they changed, and for a
    seat whose score moved, each line's points before and after (``lines``: {line key:
    [before, after]}) and its total; a change to the log that moved no point is recorded
    too, with no seat."""

    play = models.ForeignKey(Play, models.CASCADE, related_name="corrections")
    result = models.ForeignKey(
        Result, models.CASCADE, null=True, blank=True, related_name="corrections"
    )
    what = models.CharField(max_length=200, blank=True)
    lines = models.JSONField(default=dict, blank=True)
    by = models.CharField(max_length=100, blank=True)
    by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)
    old_total = models.IntegerField(null=True, blank=True)
    new_total = models.IntegerField(null=True, blank=True)

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.by or 'Someone'} corrected {self.result or self.play} at {self.at}"


class Standing(models.Model):
    """What one player made of one game in one mode, over every finished play: kept by
    scorepad/records.py in the transaction that changes a play, so that the group and
    player pages read a row per player and game instead of every result."""

    player = models.ForeignKey(Player, models.CASCADE, related_name="standings")
    game = models.CharField(max_length=40)
    mode = models.CharField(max_length=20)
    plays = models.PositiveIntegerField(default=0)
    # The plays someone else sat at too (records.CONTESTED): the plays that could be won,
    # what a win rate divides by. A solo play counts in ``plays`` alone.
    contested = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)  # a shared first place is a win for each
    points = models.BigIntegerField(default=0)  # the totals added up, for the average
    best = models.IntegerField(null=True, blank=True)
    # The most recent plays (records.RECENT of them), oldest first, each as
    # [played_on, created, play id, total]: what the player page's chart draws.
    recent = models.JSONField(default=list, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player", "game", "mode"], name="one_standing_per_game_and_mode"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.game} ({self.mode})"


class Rivalry(models.Model):
    """How a player fared against another, over every finished play they both sat at
    (kept as Standing is): ``ahead`` when the player ranked better, ``behind`` worse."""

    player = models.ForeignKey(Player, models.CASCADE, related_name="rivalries")
    rival = models.ForeignKey(Player, models.CASCADE, related_name="+")
    together = models.PositiveIntegerField(default=0)
    ahead = models.PositiveIntegerField(default=0)
    behind = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "rival"], name="one_rivalry_per_pair")
        ]

    def __str__(self) -> str:
        return f"{self.player} against {self.rival}"


class GameTally(models.Model):
    """A group's finished plays of one game (kept as Standing is): how many, the result
    holding the best total (the earliest play's, where several do; a solo play's too)
    and the latest contested play, whose winners the group page names."""

    group = models.ForeignKey(Group, models.CASCADE, related_name="tallies")
    game = models.CharField(max_length=40)
    plays = models.PositiveIntegerField(default=0)
    # SET_NULL, not CASCADE: the tally outlives the row it points at for the moment a
    # deletion takes, records.withdraw having pointed it elsewhere already.
    best = models.ForeignKey(Result, models.SET_NULL, null=True, blank=True, related_name="+")
    latest_contested = models.ForeignKey(
        Play, models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["group", "game"], name="one_tally_per_group_game")
        ]

    def __str__(self) -> str:
        return f"{self.game} in {self.group}"


@transaction.atomic
def create_group(name: str, owner: Any) -> Group:
    """A new group with ``owner`` as its owner and first player."""
    group = Group.objects.create(name=name)
    Membership.objects.create(group=group, user=owner, role=Membership.Role.OWNER)
    group.players.create(name=owner.username, user=owner)
    return group


@transaction.atomic
def start_play(
    *,
    game: str,
    names: list[str],
    options: dict[str, Any],
    group: Group | None,
    user: Any,
    mode: str = "standard",
    hide_totals: bool = False,
) -> Play:
    """Create a play and a result row per player, in seat order."""
    play = Play.objects.create(
        game=game,
        mode=mode,
        options=options,
        group=group,
        recorded_by=user if user.is_authenticated else None,
        hide_totals=hide_totals,
    )
    for position, name in enumerate(names):
        player = group.player_named(name) if group else Player.objects.create(name=name)
        Result.objects.create(play=play, player=player, position=position)
    return play


@transaction.atomic
def play_from_input(
    game: str, data: dict[str, Any], *, group: Group | None, user: Any, finish: bool = False
) -> Play:
    """A play holding a whole game given as the game's JSON input (a worked example,
    say), stored as the site stores one: seats, each seat's entry and the log; then
    finished if ``finish``. The one way the demo, the benchmark and the tests build a
    play that is already entered."""
    stored = get_codec(game).from_input(data)
    play = start_play(
        game=game,
        names=stored.players,
        options=stored.options,
        mode=stored.mode,
        group=group,
        user=user,
    )
    results = play.ordered_results()
    for result in results:
        result.entry = stored.entries.get(result.name, {})
    Result.objects.bulk_update(results, ["entry"])
    PlayEvent.objects.bulk_create(
        PlayEvent(play=play, seq=seq, data=event) for seq, event in enumerate(stored.events, 1)
    )
    if finish:
        play.finish()
    return play


@dataclass(frozen=True)
class Progress:
    """A play's running score: the sheet of what is entered (None, with the reasons
    in ``problems``, while it does not add up), the game's own reading of the entry,
    and what the game still lacks before it can finish."""

    sheet: Sheet | None
    parsed: Any
    problems: list[str]
    unfinished: list[FieldError]

    def player(self, index: int) -> PlayerScore | None:
        return self.sheet.players[index] if self.sheet else None

    def total(self, index: int) -> int | None:
        player = self.player(index)
        return player.total if player else None

    def left_to_enter(self, field: str) -> list[str]:
        """What is missing at the entry field ``field`` (a seat's board, say) or below it."""
        return [
            e.message
            for e in self.unfinished
            if e.field == field or e.field.startswith((f"{field}.", f"{field}["))
        ]


# Last: the records module reads the models above, and their methods keep its records.
from scorepad import records  # noqa: E402
