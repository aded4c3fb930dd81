"""Who may do what, as docs/security.md's table "Who may do what to a play" says it:
every persona against every URL and action the site and the games' pads know, in every
state of a play (a guest play in progress and finished, a group's play in progress,
finished in its history, and taken out of it), each answer as expected and nothing
changed when refused.

The personas include what ended a right: a member who logged out on the phone she had
taken a seat with, a member an owner removed, and an outsider who logged in on a
member's phone. The expected answers are written out here from the table, not asked of
``scorepad.table.Access``. Each state's world is built once; each request runs in a
savepoint rolled back after it, so that no row sees another's change.

Every named URL needs a row (``PLAY_URLS``, ``TABLE_ACTIONS``, ``SITE_URLS`` or a
pad's sample): a URL added to the site or a game without one fails
``test_every_url_has_a_row``.
"""

from __future__ import annotations

import copy
import json
import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse

from games.contract import InvalidInput
from scorepad.models import (
    Group,
    Invite,
    Play,
    Removal,
    attach_photo,
    create_group,
    finish_play,
    play_from_input,
    use_claim_link,
    void_play,
)
from scorepad.models.table import ensure_join_code, seat_phone
from scorepad.pads import Sample, all_pads
from scorepad.table import PHONE_COOKIE
from tests.conftest import hosting
from tests.test_photos import BOARD_PHOTO
from tests.test_security import url_patterns

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quiet_refusals() -> Iterator[None]:
    """Thousands of refusals here, each of which Django logs as a warning with its
    traceback (a third of the time): only errors are logged."""
    logger = logging.getLogger("django.request")
    level = logger.level
    logger.setLevel(logging.ERROR)
    yield
    logger.setLevel(level)


STATES = ("guest", "guest_finished", "group", "history", "removed")

# Who asks. "seated" holds seat 1 of every play, "watching" joined without a seat, both
# signed out; "host_key" and "host_signed_in" hold every guest play's host key, the
# second signed in (an account with a group of her own). Seat 0 is dave's player.
MEMBERS = ("member", "own_player", "recorder", "owner")
PERSONAS = (
    "visitor",  # a phone that never joined, signed out
    "watching",
    "seated",
    "host_key",
    "host_signed_in",
    *MEMBERS,
    "outsider",  # an account in none of the group's
    "logged_out",  # a member who took seat 0 signed in, then logged out on that phone
    "removed",  # a member who watched at the table, then an owner removed them
    "other_account",  # an outsider logged in on the phone a member watched with
)
SIGNED_OUT = {"visitor", "watching", "seated", "host_key", "logged_out"}

# What a request may do, by kind: read a play, change a seat (0 or 1), add to the log,
# change a logged event, run the table, leave a seat, finish, save a guest play to a
# group, take a play out of the history and restore it, open a host link, join with the
# code, attach the board's photo.
READ, SEAT0, SEAT1, LOG, EVENT, RUN, LEAVE, FINISH, SAVE, VOID, RESTORE, HOST, JOIN, PHOTO = (
    "read seat0 seat1 log event run leave finish save void restore host join photo".split()
)


def is_group(state: str) -> bool:
    return state in ("group", "history", "removed")


def is_finished(state: str) -> bool:
    return state in ("guest_finished", "history", "removed")


def readers(state: str) -> set[str]:
    """Who reads the play: anyone with a guest play's address; a group's members and
    the phones that joined its table."""
    if not is_group(state):
        return set(PERSONAS)
    return {*MEMBERS, "watching", "seated"}


def hosts(state: str) -> set[str]:
    return set(MEMBERS) if is_group(state) else {"host_key", "host_signed_in"}


def allowed(kind: str, state: str) -> set[str]:
    """The personas a request of ``kind`` is for, in ``state``: the table in
    docs/security.md, row by row."""
    correctors = {"recorder", "owner"}
    seat_holder = {SEAT0: set(), SEAT1: {"seated"}}  # seat 0's phone logged out
    match kind:
        case "read":
            return readers(state)
        case "restore":
            return {"owner"} if state == "removed" else set()
        case _ if state == "removed":
            return set()  # out of the history: nobody changes it until it is restored
        case "seat0" | "seat1" if state == "history":
            return correctors | ({"own_player"} if kind == SEAT0 else {"seated"})
        case "seat0" | "seat1":
            return hosts(state) | seat_holder[kind]
        case "log" if state == "history":
            return correctors
        case "log":
            return hosts(state) | {"seated"}
        case "event" if state == "history":
            return correctors
        case "event":
            return hosts(state)  # the worked examples' events were logged by nobody's phone
        case "run":
            return set() if is_finished(state) else hosts(state)
        case "leave":
            return set() if is_finished(state) else {"seated"}
        case "finish" if state == "history":
            return correctors
        case "finish":
            return hosts(state)
        case "save":
            return set() if is_group(state) else {"host_signed_in"}
        case "void":
            return correctors if state == "history" else set()
        case "host":
            return set() if is_group(state) else set(PERSONAS)
        case "photo":  # of a finished play: whoever hosted it and the phones seated
            return hosts(state) | {"seated"} if is_finished(state) else set()
        case "join":  # the code, except for someone removed from the play's group
            if is_finished(state):
                return set()
            return set(PERSONAS) - ({"removed"} if is_group(state) else set())
    raise AssertionError(kind)


def expected(kind: str, state: str, persona: str, *, login: bool) -> str:
    """ "ok", or how the refusal is said: "login" (a page for accounts, to a signed-out
    phone), 404 (a play this persona may not read, or a key that fits nothing), 403."""
    if persona in allowed(kind, state):
        return "ok"
    if login and persona in SIGNED_OUT:
        return "login"
    if kind == SAVE and persona != "host_signed_in":
        return "404"  # the group to save into is none of theirs
    if kind in (HOST, JOIN) or persona not in readers(state):
        return "404"
    return "403"


# --- The rows ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Row:
    url_name: str
    kind: str
    method: str = "get"
    data: dict[str, Any] = field(default_factory=dict)
    login: bool = False  # the view asks a signed-out phone to log in first


# The shared site's URLs of a play, by what they do.
PLAY_URLS = (
    Row("play", READ),
    Row("table", READ),
    Row("result", READ),
    Row("finish", FINISH, "post"),
    Row("save_play", SAVE, "post", login=True),
    Row("void_play", VOID, "post", login=True),
    Row("restore_play", RESTORE, "post", login=True),
    Row("play_photo", PHOTO, "post"),
    Row("photo_image", READ),
    Row("photo_thumbnail", READ),
    Row("result_card", READ),
)
TABLE_ACTIONS = {
    "close": RUN,
    "open": RUN,
    "seats_may_finish": RUN,
    "host_finishes": RUN,
    "release": RUN,
    "hand_over": RUN,
    "refuse": RUN,
    "leave": LEAVE,
}
# The games' own URLs of a play (their pads' samples): what they do, and how they are
# asked. A seat's URL is asked of seat 0 and seat 1.
SEAT = "seat"
PAD_KINDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "round_entry": (SEAT, ("get", "post")),
    "player_tally": (SEAT, ("get", "post")),
    "shallow_sea_ocean": (SEAT, ("get", "post")),
    "shallow_sea_offline_forms": (SEAT, ("get",)),
    "shallow_sea_space": (SEAT, ("get", "post")),
    "shallow_sea_bubble": (SEAT, ("get", "post")),
    "shallow_sea_sheet": (SEAT, ("get", "post")),
    "new_event": (LOG, ("get", "post")),
    "edit_event": (EVENT, ("get", "post")),
    "undo_event": (LOG, ("post",)),  # its own last event, for a seat: nothing, if none
}

# The URLs of no play: who may open them, the same in every state.
PUBLIC, ACCOUNT, MEMBER, OWNER, LINK = "public account member owner link".split()
SITE_URLS: dict[str, tuple[str, str]] = {
    # name: (who, method)
    "home": (PUBLIC, "get"),
    "signup": (PUBLIC, "get"),
    "login": (PUBLIC, "get"),
    "logout": (PUBLIC, "post"),
    "set_language": (PUBLIC, "post"),
    "new_play": (PUBLIC, "get"),
    "join_code": (PUBLIC, "get"),
    "api_score": (PUBLIC, "post"),
    "healthz": (PUBLIC, "get"),
    "manifest": (PUBLIC, "get"),
    "service_worker": (PUBLIC, "get"),
    "offline": (PUBLIC, "get"),
    "favicon": (PUBLIC, "get"),
    "password_reset": (PUBLIC, "get"),
    "password_reset_done": (PUBLIC, "get"),
    "password_reset_complete": (PUBLIC, "get"),
    "password_reset_confirm": (PUBLIC, "get"),
    "reef_award": (PUBLIC, "get"),
    "api_reef_award": (PUBLIC, "post"),
    "shallow_sea_catalogue": (ACCOUNT, "get"),
    "groups": (ACCOUNT, "get"),
    "password_change": (ACCOUNT, "get"),
    "password_change_done": (ACCOUNT, "get"),
    "achievements": (ACCOUNT, "get"),
    "tick_achievement": (ACCOUNT, "post"),
    "solo_ladder": (ACCOUNT, "get"),
    "join": (LINK, "post"),
    "claim": (LINK, "get"),
    "group": (MEMBER, "get"),
    "people": (MEMBER, "get"),
    "player": (MEMBER, "get"),
    "group_review": (MEMBER, "get"),
    "group_review_card": (MEMBER, "get"),
    "player_review": (MEMBER, "get"),
    "player_review_card": (MEMBER, "get"),
    "export_csv": (MEMBER, "get"),
    "export_json": (MEMBER, "get"),
    "export_bgstats": (MEMBER, "get"),
    "import_plays": (MEMBER, "get"),
    "save_bgg_ids": (MEMBER, "post"),
    "create_invite": (MEMBER, "post"),
    "claim_link": (MEMBER, "post"),
    "merge_player": (MEMBER, "post"),
    "leave_group": (MEMBER, "post"),
    "rename_group": (OWNER, "post"),
    "revoke_invite": (OWNER, "post"),
    "revoke_claim_link": (OWNER, "post"),
    "let_in": (OWNER, "post"),
    "let_back_in": (OWNER, "post"),
    "turn_down": (OWNER, "post"),
    "remove_member": (OWNER, "post"),
}


def site_expected(who: str, persona: str) -> str:
    signed_in = persona not in SIGNED_OUT
    if who == PUBLIC:
        return "ok"
    if not signed_in:
        return "login"
    if who in (ACCOUNT, LINK):
        return "ok"
    if persona not in MEMBERS:
        return "404"
    if who == OWNER and persona != "owner":
        return "403"
    return "ok"


# --- The world of one state ---------------------------------------------------------------------
@dataclass
class World:
    group: Group
    plays: list[Play]  # every play of the state, the pads' extra samples included
    clients: dict[str, Client]
    urls: list[tuple[str, Row]]  # (URL, row)
    site: dict[str, tuple[str, str, dict[str, Any]]]


def account(name: str) -> User:
    return User.objects.create_user(name, password="pw-for-tests-123")


def log_out(client: Client) -> None:
    """Log out on this phone: the phone's own cookie stays (Client.logout drops all)."""
    token = client.cookies[PHONE_COOKIE].value
    client.logout()
    client.cookies[PHONE_COOKIE] = token


def phone(user: User | None = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def build(state: str) -> World:
    people = {
        name: account(name)
        for name in "alice bob carol dave erin frank gina ivy charlie harry".split()
    }
    group = create_group("Thursday table", people["alice"])
    for name in "bob carol dave erin frank gina".split():
        group.join(people[name])
    create_group("Ivy's table", people["ivy"])
    clients = {
        "visitor": phone(),
        "watching": phone(),
        "seated": phone(),
        "host_key": phone(),
        "host_signed_in": phone(people["ivy"]),
        "member": phone(people["bob"]),
        "own_player": phone(people["dave"]),
        "recorder": phone(people["carol"]),
        "owner": phone(people["alice"]),
        "outsider": phone(people["charlie"]),
        "logged_out": phone(people["erin"]),
        "removed": phone(people["frank"]),
        "other_account": phone(people["gina"]),
    }
    for name, client in clients.items():
        client.cookies[PHONE_COOKIE] = f"{name:_<43}"[:43]
    in_group = group if is_group(state) else None
    recorder = people["carol"] if in_group else AnonymousUser()
    rows: dict[Play, list[tuple[str, Row]]] = {}
    games: list[Play] = []
    for pad in all_pads():
        play = play_from_input(pad.slug, pad.codec.example_input(), group=in_group, user=recorder)
        games.append(play)
        rows[play] = []
        for sample in pad.sample_urls(play):
            if sample.url_name in PAD_KINDS:  # else a page of no play: in SITE_URLS
                sampled = Play.objects.get(uuid=sample.kwargs["play_id"])
                rows.setdefault(sampled, []).extend(pad_rows(sample))
    for play in rows:
        seat_everyone(play, people, clients)
    if is_finished(state):
        for play in list(rows):
            try:
                finish_play(play)
            except InvalidInput:
                assert play not in games, f"{play.game}'s worked example does not finish"
                del rows[play]  # a sample left unfinished (a blank paper pad): not this state
    if state == "removed":
        for play in rows:
            void_play(play, people["alice"])
    for play in rows:  # its photo read wherever the play is
        attach_photo(play, BOARD_PHOTO, AnonymousUser())
    ivy = Group.objects.get(name="Ivy's table")
    for play, its_rows in rows.items():
        # Each game draws its own screens of a play: read on every play.
        for row in PLAY_URLS:
            if row.kind == READ:
                url = reverse(row.url_name, args=[play.uuid])
                its_rows.append((url, row))
    # What the shared site does with a play is the same for every game: asked of one.
    shared = games[0]
    for row in PLAY_URLS:
        if row.kind != READ:
            posted: dict[str, Any] = {"group": ivy.pk} if row.kind == SAVE else {}
            url = reverse(row.url_name, args=[shared.uuid])
            rows[shared].append((url, Row(row.url_name, row.kind, row.method, posted, row.login)))
    asking = shared.phones.filter(result=None).values_list("pk", flat=True).first()
    for action, kind in TABLE_ACTIONS.items():
        action_data = {"action": action, "seat": "1", "phone": str(asking)}
        url = reverse("table_action", args=[shared.uuid])
        rows[shared].append((url, Row("table_action", kind, "post", action_data)))
    url = reverse("host_play", args=[shared.uuid, shared.host_key])
    rows[shared].append((url, Row("host_play", HOST)))
    if shared.join_code:
        rows[shared].append((reverse("join_play", args=[shared.join_code]), Row("join_play", JOIN)))
    urls = [row for its_rows in rows.values() for row in its_rows]
    # What ended a right: a logout, a removal, another account on the same phone.
    log_out(clients["logged_out"])
    group.remove_member(people["frank"], by=people["alice"])
    clients["other_account"].force_login(people["harry"])
    return World(group, list(rows), clients, urls, site_rows(group, people))


def pad_rows(sample: Sample) -> Iterator[tuple[str, Row]]:
    """A game's URL of a play, for each seat it names (0 and 1) and each method."""
    kind, methods = PAD_KINDS[sample.url_name]
    for position in (0, 1) if kind == SEAT else (None,):
        kwargs = dict(sample.kwargs)
        if position is not None:
            kwargs["position"] = position
        asked = (SEAT0, SEAT1)[position] if position is not None else kind
        url = reverse(sample.url_name, kwargs=kwargs)
        for method in methods:
            yield url, Row(sample.url_name, asked, method, dict(sample.data))


def seat_everyone(play: Play, people: dict[str, User], clients: dict[str, Client]) -> None:
    """The phones at the table before anything ended: seat 1 anonymous, seat 0 taken by a
    member signed in, phones watching; dave's player in seat 0; the host keys held."""
    assert ensure_join_code(play)
    first, second = play.ordered_results()[:2]
    if play.group is None:
        for name in ("host_key", "host_signed_in"):
            hosting(clients[name], play)
    elif first.player.user_id is None:  # the games' examples share seat 0's name
        first.player.user = people["dave"]
        first.player.save(update_fields=["user"])
    for name, seat, user in [
        ("seated", second, AnonymousUser()),
        ("logged_out", first, people["erin"]),
        ("watching", None, AnonymousUser()),
        ("removed", None, people["frank"]),
        ("other_account", None, people["gina"]),
    ]:
        seat_phone(play, clients[name].cookies[PHONE_COOKIE].value, seat, user)


def site_rows(group: Group, people: dict[str, User]) -> dict[str, tuple[str, str, dict[str, Any]]]:
    """Each URL of no play, with what its form sends: the group, a guest, a join link, a
    claim link and someone asking in on it, a member to remove, a removed one asking back."""
    guest = group.players.create(name="Gwen, a guest")
    other = group.players.create(name="Gwen's twin")
    invite = Invite.objects.create(group=group, created_by=people["bob"])
    claim = guest.claim_link_by(people["alice"])
    asking = group.players.create(name="Dora, a guest").claim_link_by(people["alice"])
    use_claim_link(asking, people["charlie"])
    Removal.objects.filter(group=group, user=people["frank"]).update(asked=asking.claimed)
    g = {"group_id": group.pk}
    kwargs: dict[str, dict[str, Any]] = {
        "group": g,
        "people": g,
        "player": {**g, "player_id": guest.pk},
        "group_review": {**g, "year": 2026},
        "group_review_card": {**g, "year": 2026},
        "player_review": {**g, "player_id": guest.pk, "year": 2026},
        "player_review_card": {**g, "player_id": guest.pk, "year": 2026},
        "export_csv": g,
        "export_json": g,
        "export_bgstats": g,
        "import_plays": g,
        "save_bgg_ids": g,
        "create_invite": g,
        "claim_link": {**g, "player_id": guest.pk},
        "merge_player": {**g, "player_id": guest.pk},
        "leave_group": g,
        "rename_group": g,
        "revoke_invite": {**g, "invite_id": invite.pk},
        "revoke_claim_link": {**g, "claim_link_id": claim.pk},
        "let_in": {**g, "claim_link_id": asking.pk},
        "let_back_in": {**g, "user_id": people["frank"].pk},
        "turn_down": {**g, "user_id": people["frank"].pk},
        "remove_member": {**g, "user_id": people["gina"].pk},
        "join": {"token": invite.token},
        "claim": {"token": claim.token},
        "new_play": {"slug": all_pads()[0].slug},
        "api_score": {"slug": all_pads()[0].slug},
        "password_reset_confirm": {"uidb64": "MQ", "token": "set-password"},
    }
    data: dict[str, dict[str, Any]] = {
        "merge_player": {"into": other.pk},
        "rename_group": {"name": "Friday table"},
        "tick_achievement": {"kind": "standard", "number": "1"},
    }
    return {
        name: (reverse(name, kwargs=kwargs.get(name, {})), method, data.get(name, {}))
        for name, (_, method) in SITE_URLS.items()
    }


# --- Asking, and undoing what was asked ---------------------------------------------------------
class _Undo(Exception):
    pass


# Written by any request, changing nothing a play or a group holds: the session, the
# rate limits' counts in the database cache, django-axes's record of logins.
BOOKKEEPING = ("django_session", "scorepad_cache", "axes_")
WRITES = re.compile(r"^\s*(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+\W?(\w+)", re.IGNORECASE)


@contextmanager
def writes() -> Iterator[list[str]]:
    """The tables written meanwhile, bookkeeping aside: a refused request must write
    none (a write rolled back by its view counts too: nothing may even be tried)."""
    written: list[str] = []

    def watch(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if (found := WRITES.match(sql)) and not found[2].startswith(BOOKKEEPING):
            written.append(found[2])
        return execute(sql, params, many, context)

    with connection.execute_wrapper(watch):
        yield written


def outcome(response: Any) -> str:
    status = response.status_code
    if status in (403, 404):
        return str(status)
    if status in (301, 302) and "/accounts/login/" in response.get("Location", ""):
        return "login"
    if status < 400 or status in (400, 409, 413):
        return "ok"
    return f"unexpected {status}"


def ask(client: Client, url: str, method: str, data: dict[str, Any]) -> str:
    """The outcome of one request, and what a refused one wrote; then all of it is
    undone, the phone's cookies included, so each request meets the world as it was
    built."""
    cookies = copy.deepcopy(client.cookies)
    try:
        with transaction.atomic(), writes() as written:
            if method == "post" and url.startswith("/api/"):
                response = client.post(url, json.dumps(data), content_type="application/json")
            else:
                response = getattr(client, method)(url, data)
            answer = outcome(response)
            if answer != "ok" and written:
                answer += f" but wrote {sorted(set(written))}"
            raise _Undo(answer)
    except _Undo as undone:
        (answer,) = undone.args
    finally:
        client.cookies = cookies
    return answer


@dataclass
class Mismatches:
    rows: int = 0
    found: list[str] = field(default_factory=list)

    def check(self, what: str, want: str, answer: str) -> None:
        self.rows += 1
        if answer != want:
            self.found.append(f"{what}: expected {want}, got {answer}")


@pytest.mark.parametrize("state", STATES)
def test_every_persona_at_every_url_of_a_play(state: str) -> None:
    world = build(state)
    seen = Mismatches()
    for persona in PERSONAS:
        client = world.clients[persona]
        for url, row in world.urls:
            want = expected(row.kind, state, persona, login=row.login)
            seen.check(
                f"{state} {persona} {row.method.upper()} {url} ({row.url_name} {row.data.get('action', '')})",
                want,
                ask(client, url, row.method, row.data),
            )
    print(f"{state}: {seen.rows} rows")
    assert not seen.found, f"{len(seen.found)} of {seen.rows}:\n" + "\n".join(seen.found)


def test_every_persona_at_every_url_of_no_play() -> None:
    world = build("group")
    seen = Mismatches()
    for persona in PERSONAS:
        for name, (url, method, data) in world.site.items():
            want = site_expected(SITE_URLS[name][0], persona)
            seen.check(
                f"{persona} {method.upper()} {url} ({name})",
                want,
                ask(world.clients[persona], url, method, data),
            )
    print(f"no play: {seen.rows} rows")
    assert not seen.found, f"{len(seen.found)} of {seen.rows}:\n" + "\n".join(seen.found)


def test_every_url_has_a_row() -> None:
    rows = {row.url_name for row in PLAY_URLS} | {"table_action", "host_play", "join_play"}
    rows |= set(PAD_KINDS) | set(SITE_URLS)
    named = {p.name for p in url_patterns() if p.name}
    assert named - rows == set(), "add a row for each"
    assert rows - named == set(), "rows of URLs that are gone"
