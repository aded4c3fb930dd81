"""Groups and the people in them: members, removals, join and claim links, players."""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, Self, cast

from django.conf import settings
from django.core.cache import caches
from django.db import models, transaction
from django.db.models import F, Q, QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from scorepad.models.colours import SeatColour
from scorepad.prepared import Param, PreparedQuery

# What a row of ``viewed_by`` brings of whom its group is seen by: their id and their
# role in the group, which ``Group.is_owner`` reads instead of a query.
VIEWER = ("viewer_id", "viewer_role")


def viewed_by[Rows: QuerySet[Any]](rows: Rows, user_id: int | None, group: str = "") -> Rows:
    """``rows`` of the groups of the account ``user_id`` (None: nobody's) only, each
    bringing its role in its group (``VIEWER``) in the same query: groups, or rows whose
    group is at the lookup path ``group`` ("group__"), which hand it to their group
    with ``Group.seen_from``."""
    if user_id is None:
        return rows.none()
    mine = rows.filter(**{f"{group}memberships__user": user_id})
    return mine.annotate(
        viewer_id=models.Value(user_id), viewer_role=F(f"{group}memberships__role")
    )


class GroupQuerySet(models.QuerySet["Group"]):
    def for_user(self, user: Any) -> GroupQuerySet:
        """The user's groups, each knowing the user's role in it (``is_owner`` asks no
        more)."""
        return viewed_by(self, user.pk)

    def pages_changed(self) -> int:
        """What these groups' pages show changed: the copies kept of them are out of date."""
        return self.update(pages_key=uuid.uuid4())


class Group(models.Model):
    name = models.CharField(max_length=100)
    created = models.DateTimeField(auto_now_add=True)
    # A new value whenever what the group's pages show changes: the records kept for it
    # or for its members anywhere (scorepad/records.py, in the same transaction: a game's
    # group panel may show members' records, as a solo board does), its players or its
    # members. The key of what those pages keep rendered ({% cache %},
    # ``kept_until_changed``); random rather than counted, so a restored or recreated
    # group never meets a key it had before.
    pages_key = models.UUIDField(default=uuid.uuid4)
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="Membership", related_name="play_groups"
    )
    # The BoardGameGeek ids the group gave games the site knows none for, by game
    # (exports name a game by it: scorepad/exports/bgstats.py).
    bgg_ids = models.JSONField(default=dict, blank=True)

    objects = GroupQuerySet.as_manager()

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("group", args=[self.pk])

    def pages_changed(self) -> None:
        """What the group's pages show changed: the copies kept of them are out of date."""
        Group.objects.filter(pk=self.pk).pages_changed()

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
        from scorepad.models.plays import Play  # plays are made of these players

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

    def seen_from(self, row: models.Model) -> Group:
        """This group as ``for_user`` gives it, knowing its viewer's role from ``row``,
        another row of ``viewed_by`` that brought it (a player of ``in_groups_of``, say):
        ``is_owner`` asks no more."""
        self.__dict__.update({name: row.__dict__[name] for name in VIEWER})
        return self

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
        if not created:
            return membership
        # A member's records from anywhere are on the group's pages now: a new player of
        # theirs says so itself (Player.save), once.
        if self.players.filter(user=user).exists():
            self.pages_changed()
        else:
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
        self.pages_changed()
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
            gettext(
                "An owner removed you from %(group)s: you can come back once an owner lets "
                "you in. They have been asked."
            )
            % {"group": group.name}
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
        OWNER = "owner", gettext_lazy("Owner")
        MEMBER = "member", gettext_lazy("Member")

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


class PlayerQuerySet(models.QuerySet["Player"]):
    def in_groups_of(self, user: Any) -> PlayerQuerySet:
        """The players of the user's groups, each with its group and the user's role in
        it (``Group.seen_from``): one query."""
        return viewed_by(self, user.pk, group="group__").select_related("group")


class Player(models.Model):
    """A person at the table: a guest known by name, or linked to an account."""

    name = models.CharField(max_length=60)
    group = models.ForeignKey(Group, models.CASCADE, null=True, blank=True, related_name="players")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="players"
    )
    # The colour of the player's last seat: their seat's colour next time, if it is free.
    colour = models.CharField(max_length=10, choices=SeatColour.choices, blank=True, default="")

    objects = PlayerQuerySet.as_manager()

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
            Group.objects.filter(pk=self.group_id).pages_changed()

    def get_absolute_url(self) -> str:
        return reverse("player", args=[self.group_id, self.pk])

    @property
    def is_guest(self) -> bool:
        return self.user_id is None

    @property
    def own_file_id(self) -> uuid.UUID:
        """The id BG Stats files give this player while it is a guest."""
        return file_id("player", self.pk)

    def working_claim_link_by(self, user: Any) -> ClaimLink | None:
        """The claim link ``user`` made for this guest that still works, if any."""
        return self.claim_links.active().filter(created_by=user).first()

    def claim_link_by(self, user: Any) -> ClaimLink:
        """The working claim link ``user`` made for this guest; a new one if there is none."""
        return self.working_claim_link_by(user) or self.claim_links.create(created_by=user)


# The namespace of the ids BG Stats files give things (scorepad/exports/bgstats.py): the
# same thing gets the same id in every file, so BG Stats matches it again.
FILE_ID_NAMESPACE = uuid.UUID("ebbbc369-d58e-4727-9670-8b10064539fc")


def file_id(kind: str, key: Any) -> uuid.UUID:
    return uuid.uuid5(FILE_ID_NAMESPACE, f"{kind}:{key}")


class PlayerAlias(models.Model):
    """The id a BG Stats file gave a person before they were one person in every group.

    Files name a person by one id (scorepad/exports/bgstats.py): an account's players,
    in any group, by the account's; a guest by its own. An account whose person files
    named otherwise before (their first group's player, before ids were the account's;
    a guest's plays, claimed when they had none elsewhere) keeps that id, here, so BG
    Stats matches them to the player it already has."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="player_alias"
    )
    uuid = models.UUIDField(unique=True)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.user_id}: {self.uuid}"


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


class MergeRefused(Exception):
    pass


@transaction.atomic
def create_group(name: str, owner: Any) -> Group:
    """A new group with ``owner`` as its owner and first player."""
    group = Group.objects.create(name=name)
    Membership.objects.create(group=group, user=owner, role=Membership.Role.OWNER)
    group.players.create(name=owner.username, user=owner)
    return group


def group_of_user(user: Any, group_id: int) -> Group | None:
    """``Group.objects.for_user(user)``'s group ``group_id``, if any, in a query compiled
    once per process (``scorepad.prepared``): every group page asks it."""
    found = _GROUP_OF_USER.run(user_id=user.pk, group_id=group_id) if user.pk else []
    return found[0] if found else None


def player_of_user(user: Any, group_id: int, player_id: int) -> Player | None:
    """``Player.objects.in_groups_of(user)``'s player ``player_id`` of the group
    ``group_id``, if any, with its group, compiled once: every player page asks it."""
    found = (
        _PLAYER_OF_USER.run(user_id=user.pk, group_id=group_id, player_id=player_id)
        if user.pk
        else []
    )
    return found[0] if found else None


_VIEWER_ID = Param(Membership._meta.get_field("user"), 2_025_000_011)
_GROUP_ID = Param(Group._meta.get_field("id"), 2_025_000_012)
_GROUP_OF_USER = PreparedQuery(
    lambda user_id, group_id: viewed_by(Group.objects.filter(pk=group_id), user_id),
    user_id=_VIEWER_ID,
    group_id=_GROUP_ID,
)
_PLAYER_OF_USER = PreparedQuery(
    lambda user_id, group_id, player_id: viewed_by(
        Player.objects.filter(group_id=group_id, pk=player_id), user_id, group="group__"
    ).select_related("group"),
    user_id=_VIEWER_ID,
    group_id=_GROUP_ID,
    player_id=Param(Player._meta.get_field("id"), 2_025_000_013),
)
