"""The demo (`manage.py demo_load`, `make run`): clubs that have lived a season, built from seeds/demo/*.json by the
services alone, as people would have built them: the organizer founds the club and invites its players, who accept;
seasons and tournaments are made, entered, started and played to their end by the engines' bots through the move
pipeline; tables are opened and played a few moves; the reminders' pass leaves each player their notifications.

Every seed is drawn from one fixed key (`league.server_seeds.seeds_fixed`) and every bot's choice from a Random
seeded by it, so the demo is the same on every load. What a finished table sets going runs in this process as the
worker would run it (the command turns Celery's eager mode on), so each season's next round opens as its last
table ends.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import PBKDF2PasswordHasher, get_hasher
from django.contrib.auth.models import Permission
from django.core.signals import setting_changed
from django.utils import timezone

from league.demo.seasons import demo_season_load
from league.demo.tournaments import demo_poker_tournament_load, demo_tournament_load
from league.models import Club, Membership, Player, Table
from league.server_seeds import seeds_fixed
from league.services.accounts import account_settings_update
from league.services.bot_play import table_bots_play
from league.services.clubs import club_create, invitation_accept, invitation_create, player_create
from league.services.reminders import reminders_send
from league.services.tables import table_create

# the key every seed and every bot's choice of the demo follows from: changing it deals another demo
DEMO_KEY = "cardleague demo, first edition"


@dataclass
class DemoLoaded:
    clubs: list[Club] = field(default_factory=list)
    tables: int = 0


def demo_clubs_load(*, specs: list[dict[str, Any]]) -> DemoLoaded:
    """Every club of `specs` (the parsed seeds/demo/*.json) that is not there yet, then the notifications waiting
    for its players. A club already there is left alone."""
    loaded = DemoLoaded()
    with seeds_fixed(DEMO_KEY), _demo_hashes():
        for spec in specs:
            if Club.objects.filter(slug=spec["club"]["slug"]).exists():
                continue
            loaded.clubs.append(_club_load(spec))
        loaded.tables = Table.objects.filter(club__in=loaded.clubs).count()
    if loaded.clubs:
        reminders_send(now=timezone.now())
    return loaded


def _club_load(spec: dict[str, Any]) -> Club:
    organizers = [_person(person, staff=True) for person in spec["organizers"]]
    members = [_person(person) for person in spec["members"]]
    founder = organizers[0]
    club = club_create(**spec["club"], organizer=founder)
    invited = [(p, Membership.Role.ORGANIZER) for p in organizers[1:]] + [(p, Membership.Role.MEMBER) for p in members]
    for player, role in invited:
        invitation = invitation_create(club=club, by=founder, player=player, role=role)
        invitation_accept(code=invitation.code, player=player)
    people = {p.user.username: p for p in [*organizers, *members]}
    # how often each plays at random instead of by the bot: the club's weaker and stronger players
    wildness = {people[p["username"]].pk: p.get("wildness", 0.0) for p in spec["organizers"] + spec["members"]}
    # the order makes the story: seasons rate the players, tournaments are seeded by those ratings, the tables in
    # play come last
    for entry in spec.get("seasons", []):
        demo_season_load(club=club, organizer=founder, entry=entry, people=people, wildness=wildness)
    for entry in spec.get("tournaments", []):
        demo_tournament_load(club=club, organizer=founder, entry=entry, people=people, wildness=wildness)
    for entry in spec.get("poker_tournaments", []):
        demo_poker_tournament_load(club=club, organizer=founder, entry=entry, people=people, wildness=wildness)
    for number, entry in enumerate(spec.get("tables", [])):
        table = table_create(
            club=club,
            game=entry["game"],
            players=[people[name] for name in entry["players"]],
            options=entry.get("options"),
            time_per_move=timedelta(hours=entry.get("time_per_move_hours", 24)),
        )
        table_bots_play(table_id=table.pk, key=f"table:{number}", moves=entry.get("moves", 0), wildness=wildness)
    return club


class DemoPasswordHasher(PBKDF2PasswordHasher):
    """The demo's passwords are printed for everyone (README, `make demo-info`): their hashes need not cost a third
    of a second of CPU each, a quarter of the demo's load. The default's algorithm with fewer rounds: any log-in
    checks it (the rounds are read from the hash) and stores it again with the default's (`must_update`)."""

    iterations = 1000


@contextmanager
def _demo_hashes() -> Iterator[None]:
    """New passwords hashed by DemoPasswordHasher while the demo loads, when the site's own hasher is of its
    algorithm (else the site could not check them afterwards)."""
    default = settings.PASSWORD_HASHERS
    if get_hasher().algorithm != DemoPasswordHasher.algorithm:
        yield
        return
    _hashers_set([f"{__name__}.DemoPasswordHasher", *default])
    try:
        yield
    finally:
        _hashers_set(default)


def _hashers_set(hashers: list[str]) -> None:
    settings.PASSWORD_HASHERS = hashers
    # what override_settings sends: Django's hashers forget the ones they had made
    setting_changed.send(sender=None, setting="PASSWORD_HASHERS", value=hashers, enter=True)


def _person(person: dict[str, Any], *, staff: bool = False) -> Player:
    """The demo's player, made as sign-up makes one, with the language and time zone of their club."""
    user = get_user_model().objects.filter(username=person["username"]).first()
    if user is not None and hasattr(user, "player"):
        return user.player
    player = player_create(
        username=person["username"],
        password=person["password"],
        display_name=person.get("display_name"),
        language=person.get("language", "en"),
    )
    # their zone and language are their own choice: a browser they log in with does not replace them
    account_settings_update(player=player, time_zone=person.get("time_zone", "UTC"), language=player.language)
    if staff:
        # organizers use the admin for their club: staff, with the league's permissions (not superuser)
        player.user.is_staff = True
        player.user.save(update_fields=["is_staff"])
        player.user.user_permissions.add(*Permission.objects.filter(content_type__app_label="league"))
    return player
