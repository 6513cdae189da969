"""manage.py demo_load: the demo club of seeds/demo/club.json, with a table of each game in progress.

Idempotent: nothing happens when the club exists. The tables are advanced by random legal moves through
`move_submit`, as players would have played them, so the log, ledger and clocks are real. Every seed is drawn at
load time (the tables' server seeds, the seasons', the random moves'): a seed committed to the repository would
deal the same hands on every site that loads the demo, a real one included. A demo table is reproducible through its
record (the table's record export, with its seeds once it has ended), not through a seed known in advance. The
players join the club as anyone does, by accepting the organizer's invitation; each lives in the time zone and
speaks the language the seeds give (a European club's and a Korean club's players).
"""

import json
import random
import secrets
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from games import available_games, get_engine
from games.core.conformance import concrete
from league.models import Club, Membership, Player, Table
from league.services.accounts import account_settings_update
from league.services.clubs import club_create, invitation_accept, invitation_create, player_create
from league.services.demo_seasons import demo_seasons_load
from league.services.moves import move_submit
from league.services.tables import table_create

DEFAULT_SEEDS = Path(settings.BASE_DIR) / "seeds" / "demo" / "club.json"


class Command(BaseCommand):
    help = "Load the demo club (organizer and players with known log-ins, a table of each game in progress)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--seeds", type=Path, default=DEFAULT_SEEDS, help="the demo club's JSON file")

    def handle(self, *args: Any, seeds: Path, **options: Any) -> None:
        try:
            spec = json.loads(seeds.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise CommandError(f"cannot read {seeds}: {error}") from error
        if Club.objects.filter(slug=spec["club"]["slug"]).exists():
            self.stdout.write(f"The demo club {spec['club']['slug']!r} is already loaded; nothing to do.")
            return
        with transaction.atomic():
            tables = self._load(spec)
        self.stdout.write(self.style.SUCCESS(f"Demo club {spec['club']['name']!r} loaded with {len(tables)} tables."))
        for person in spec["organizers"] + spec["members"]:
            self.stdout.write(f"  log in as {person['username']} / {person['password']}")

    def _load(self, spec: dict[str, Any]) -> list[Table]:
        organizers = [self._player(person, staff=True) for person in spec["organizers"]]
        members = {person["username"]: self._player(person) for person in spec["members"]}
        club = club_create(**spec["club"], organizer=organizers[0] if organizers else None)
        invited = [(p, Membership.Role.ORGANIZER) for p in organizers[1:]] + [
            (p, Membership.Role.MEMBER) for p in members.values()
        ]
        for player, role in invited:
            invitation = invitation_create(club=club, by=organizers[0], player=player, role=role)
            invitation_accept(code=invitation.code, player=player)
        by_name = {**{p.user.username: p for p in organizers}, **members}
        rng = random.Random(secrets.token_hex(16))
        installed = available_games()
        tables = []
        for entry in spec["tables"]:
            if entry["game"] not in installed:
                self.stderr.write(f"  skipped a {entry['game']} table: its engine is not installed")
                continue
            table = table_create(
                club=club,
                game=entry["game"],
                players=[by_name[name] for name in entry["players"]],
                options=entry.get("options"),
            )
            self._advance(table, moves=entry.get("moves", 0), rng=rng)
            tables.append(table)
        demo_seasons_load(club=club, organizer=organizers[0], players=[*organizers, *members.values()])
        return tables

    def _player(self, person: dict[str, Any], *, staff: bool = False) -> Player:
        user = get_user_model().objects.filter(username=person["username"]).first()
        if user is not None and hasattr(user, "player"):
            player = user.player
        elif user is not None:
            player = Player.objects.create(user=user, display_name=person.get("display_name", user.username))
        else:
            player = player_create(
                username=person["username"],
                password=person["password"],
                display_name=person.get("display_name"),
                language=person.get("language", "en"),
            )
            if person.get("time_zone"):
                # the demo's players live somewhere: their zone and language are theirs, not the browser's
                account_settings_update(player=player, time_zone=person["time_zone"], language=player.language)
        if staff:
            # organizers use the admin for their club: staff, with the league's permissions (not superuser)
            player.user.is_staff = True
            player.user.save(update_fields=["is_staff"])
            player.user.user_permissions.add(*Permission.objects.filter(content_type__app_label="league"))
        return player

    def _advance(self, table: Table, *, moves: int, rng: random.Random) -> None:
        engine = get_engine(table.game)
        players = {seat.index: seat.player for seat in table.seats.select_related("player")}
        for _ in range(moves):
            table.refresh_from_db()
            if table.status != Table.Status.ACTIVE:
                return
            seat = rng.choice(engine.to_act(table.state))
            move = concrete(rng.choice(engine.legal_moves(table.state, seat)), rng)
            move_submit(table_id=table.pk, player=players[seat], move=move, expected_version=table.version)
