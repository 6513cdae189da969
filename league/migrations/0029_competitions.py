"""One competition model and one entrant model (issue 36).

Seasons, bracket tournaments and poker tournaments become three formats of `Competition`: what they share moves to a
`league_competition` row with the same id, and each format's table keeps its own columns, its `id` column now the
link to the competition (so that everything pointing at a season or a tournament still points at it). Seasons keep
their ids; tournaments and poker tournaments take new ones after every existing id (one id space for the three), and
every row that names them follows: their entrants, matches, tables and hands, rating events, notifications (their
keys too) and the outbox's pending tasks.

The three entrant models become one, `Entrant`: the bracket entrants' table is its base, keeping their ids (the
bracket's state names entrants by id); season entrants and poker entrants are copied in with new ids, and what named
them follows (byes, standings, rulings' forfeits, the round robin's pairs). A poker entrant keeps its chips and seat
in `league_pokerentrant`, a row that shares its entrant's id.

Every step runs backwards too (tests/test_migrations.py runs both ways over a database filled by the demo): the ids
given here stay, and each format's columns and entrant table are filled again from the merged rows.
"""

from collections import defaultdict
from collections.abc import Iterable, Mapping

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import Case, Value, When

COMMON = ("club_id", "game", "name", "status", "options", "time_per_move", "created_at", "started_at", "finished_at")
SEASON_ONLY = ("league", "edition", "division_level")
TOURNAMENT_ONLY = ("rated", "created_by_id")
# each format's columns that moved to the competition, by model: (fields of every format, the format's own)
MOVED = {
    "season": ("club", "game", "name", "league", "edition", "division_level", "status", "options", "time_per_move",
               "created_at", "started_at", "finished_at"),
    "tournament": ("club", "name", "game", "options", "time_per_move", "rated", "status", "created_by",
                   "created_at", "started_at", "finished_at"),
    "pokertournament": ("club", "game", "name", "created_by", "options", "time_per_move", "status", "rated",
                        "created_at", "started_at", "finished_at"),
}  # fmt: skip
ENTRANT_COMMON = ("player_id", "place", "shared", "points", "entered_at")
GAMES = [(name, name) for name in ("the-court", "palace-infighting", "black-card", "coinche", "mini-poker")]
BATCH = 500


class ParentLinked(migrations.operations.base.Operation):
    """A model becomes a child of `parent` (multi-table inheritance) in place: its `id` primary key becomes the link
    to the parent's row of the same id, keeping its column, so that every foreign key to the model stays as it is.
    Django has no operation for this (it would delete and create the model, and every key pointing at it)."""

    reversible = True

    def __init__(self, model_name: str, parent: str, link_name: str, related_name: str) -> None:
        self.model_name, self.parent, self.link_name, self.related_name = model_name, parent, link_name, related_name

    def _link(self) -> models.OneToOneField:
        return models.OneToOneField(
            on_delete=django.db.models.deletion.CASCADE,
            parent_link=True,
            primary_key=True,
            db_column="id",
            serialize=False,
            related_name=self.related_name,
            to=f"league.{self.parent.lower()}",
        )

    def state_forwards(self, app_label, state):
        model = state.models[app_label, self.model_name.lower()]
        fields = {self.link_name: self._link()}
        fields.update((name, field) for name, field in model.fields.items() if name != "id")
        model.fields = fields
        model.bases = (f"{app_label}.{self.parent.lower()}",)
        state.reload_model(app_label, self.model_name.lower(), delay=False)

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        before = from_state.apps.get_model(app_label, self.model_name)
        after = to_state.apps.get_model(app_label, self.model_name)
        if self.allow_migrate_model(schema_editor.connection.alias, after):
            schema_editor.alter_field(before, before._meta.get_field("id"), after._meta.get_field(self.link_name))

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        before = from_state.apps.get_model(app_label, self.model_name)
        after = to_state.apps.get_model(app_label, self.model_name)
        if self.allow_migrate_model(schema_editor.connection.alias, after):
            # the model as it will be, without its parent: SQLite remakes the table from the model it is given, and
            # the child's inherited `id` would clash with the one coming back
            schema_editor.alter_field(after, before._meta.get_field(self.link_name), after._meta.get_field("id"))

    def describe(self) -> str:
        return f"{self.model_name} becomes a child of {self.parent}"

    @property
    def migration_name_fragment(self) -> str:
        return f"{self.model_name.lower()}_parent_linked"

    def deconstruct(self):
        kwargs = {
            "model_name": self.model_name,
            "parent": self.parent,
            "link_name": self.link_name,
            "related_name": self.related_name,
        }
        return self.__class__.__name__, [], kwargs


# --- data --------------------------------------------------------------------------------------------------------


def _checked_now(schema_editor) -> None:
    """On PostgreSQL, check the deferred foreign keys now: a table whose rows changed in this transaction cannot be
    altered while its checks are pending, and the steps after this one alter them."""
    if schema_editor.connection.vendor == "postgresql":
        with schema_editor.connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")


def _renumbered(model, column: str, mapping: Mapping[int, int]) -> None:
    """Every row of `model` whose `column` holds an old id of `mapping` holds its new one, in a statement per batch.
    The new ids are all above the old ones, so a primary key renumbered never meets one still to move."""
    old = sorted(mapping)
    for start in range(0, len(old), BATCH):
        chunk = old[start : start + BATCH]
        new = Case(*(When(**{column: o}, then=Value(mapping[o])) for o in chunk))
        model.objects.filter(**{f"{column}__in": chunk}).update(**{column: new})


def _sequence_reset(schema_editor, *models_) -> None:
    from django.core.management.color import no_style

    statements = schema_editor.connection.ops.sequence_reset_sql(no_style(), list(models_))
    with schema_editor.connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)


def _as_given(model, field: str):
    """The historical model, its `auto_now_add` field taking the value copied in rather than the time of the copy."""
    model._meta.get_field(field).auto_now_add = False
    return model


def _next_id(*querysets) -> int:
    return max((qs.aggregate(top=models.Max("id"))["top"] or 0 for qs in querysets), default=0) + 1


def competitions_fill(apps, schema_editor):
    """A competition row for each season (its own id), bracket and poker tournament (new ids after every id)."""
    Competition = _as_given(apps.get_model("league", "Competition"), "created_at")
    Season = apps.get_model("league", "Season")
    Tournament = apps.get_model("league", "Tournament")
    Poker = apps.get_model("league", "PokerTournament")
    # a season keeps its id, which is its competition's
    rows = [
        Competition(rated=True, **season)
        for season in Season.objects.order_by("id").values("id", *COMMON, *SEASON_ONLY)
    ]
    Competition.objects.bulk_create(rows, batch_size=BATCH)
    next_id = _next_id(Season.objects.all(), Tournament.objects.all(), Poker.objects.all())
    mappings = {}
    for model in (Tournament, Poker):
        mapping, rows = {}, []
        for t in model.objects.order_by("id").values("id", *COMMON, *TOURNAMENT_ONLY):
            mapping[t["id"]] = next_id
            rows.append(Competition(**(t | {"id": next_id})))
            next_id += 1
        Competition.objects.bulk_create(rows, batch_size=BATCH)
        mappings[model.__name__] = mapping
    _tournaments_renumbered(apps, mappings["Tournament"], mappings["PokerTournament"])
    _sequence_reset(schema_editor, Competition)
    _checked_now(schema_editor)


def _tournaments_renumbered(apps, brackets: Mapping[int, int], pokers: Mapping[int, int]) -> None:
    get = apps.get_model
    for model, column in (
        (get("league", "Tournament"), "id"),
        (get("league", "TournamentEntrant"), "tournament_id"),
        (get("league", "TournamentMatch"), "tournament_id"),
        (get("league", "TournamentTable"), "tournament_id"),
        (get("league", "Notification"), "tournament_id"),
    ):
        _renumbered(model, column, brackets)
    for model, column in (
        (get("league", "PokerTournament"), "id"),
        (get("league", "PokerEntrant"), "tournament_id"),
        (get("league", "PokerHand"), "tournament_id"),
        (get("league", "RatingEvent"), "poker_tournament_id"),
        (get("league", "Notification"), "poker_tournament_id"),
    ):
        _renumbered(model, column, pokers)
    _news_renumbered(apps, brackets, pokers)


def _news_renumbered(apps, brackets: Mapping[int, int], pokers: Mapping[int, int]) -> None:
    """A tournament's start notification is keyed by its id (a second pass never adds it again), and the task that
    sends them may still wait in the outbox: both name the new id."""
    Notification = apps.get_model("league", "Notification")
    OutboxMessage = apps.get_model("league", "OutboxMessage")
    for prefix, mapping in (("tournament", brackets), ("poker_tournament", pokers)):
        for pk, key in Notification.objects.filter(key__startswith=f"{prefix}:").values_list("pk", "key"):
            old = key.removeprefix(f"{prefix}:")
            if old.isdigit() and int(old) in mapping:
                Notification.objects.filter(pk=pk).update(key=f"{prefix}:{mapping[int(old)]}")
    for message in OutboxMessage.objects.filter(task="league.tasks.tournament_news"):
        mapping = pokers if message.kwargs.get("poker") else brackets
        if message.kwargs.get("tournament_id") in mapping:
            message.kwargs["tournament_id"] = mapping[message.kwargs["tournament_id"]]
            message.save(update_fields=["kwargs"])


def competitions_unfill(apps, schema_editor):
    """Back: each format's columns from its competition row (the ids stay as they are)."""
    Competition = apps.get_model("league", "Competition")
    for name, fields in MOVED.items():
        model = apps.get_model("league", name)
        columns = [model._meta.get_field(field).attname for field in fields]
        for competition in Competition.objects.filter(pk__in=model.objects.values("id")).values("id", *columns):
            model.objects.filter(pk=competition.pop("id")).update(**competition)
    _sequence_reset(schema_editor, *(apps.get_model("league", name) for name in MOVED))
    Competition.objects.all().delete()
    _checked_now(schema_editor)


def entrants_fill(apps, schema_editor):
    """Season and poker entrants into `Entrant` (the bracket entrants are its rows already) with new ids, and what
    named a season entrant names its new id."""
    # until the season entrants' table is gone, the merged model is still named for the bracket's
    Entrant = _as_given(apps.get_model("league", "TournamentEntrant"), "entered_at")
    SeasonEntrant = apps.get_model("league", "Entrant")
    PokerEntrant = apps.get_model("league", "PokerEntrant")
    next_id = _next_id(Entrant.objects.all(), SeasonEntrant.objects.all(), PokerEntrant.objects.all())
    seasons, rows = {}, []
    for e in SeasonEntrant.objects.order_by("id").values(
        "id", "season_id", "player_id", "partner_id", "name", "seed_rank", "withdrawn", "withdrawn_at", "created_at"
    ):
        seasons[e["id"]] = next_id
        rows.append(
            Entrant(
                id=next_id, competition_id=e["season_id"], player_id=e["player_id"], partner_id=e["partner_id"],
                name=e["name"], seed=e["seed_rank"], withdrawn=e["withdrawn"], withdrawn_at=e["withdrawn_at"],
                entered_at=e["created_at"],
            )
        )  # fmt: skip
        next_id += 1
    pokers = {}
    # a poker entrant's competition is its tournament, whose id the step before renumbered
    for e in PokerEntrant.objects.order_by("id").values("id", "tournament_id", *ENTRANT_COMMON):
        pokers[e.pop("id")] = next_id
        rows.append(Entrant(id=next_id, competition_id=e.pop("tournament_id"), **e))
        next_id += 1
    Entrant.objects.bulk_create(rows, batch_size=BATCH)
    _sequence_reset(schema_editor, Entrant)
    _renumbered(PokerEntrant, "id", pokers)
    _season_references_follow(apps, seasons)
    _checked_now(schema_editor)


def _season_references_follow(apps, mapping: Mapping[int, int]) -> None:
    """Byes, standings and rulings' forfeits name the merged entrants; so do the round robin's pairs (entrant ids in
    JSON)."""
    for name in ("Bye", "Standing"):
        model = apps.get_model("league", name)
        rows = model.objects.values_list("pk", "entrant_id")
        by_entrant = defaultdict(list)
        for pk, entrant in rows:
            by_entrant[mapping[entrant]].append(pk)
        for new, pks in by_entrant.items():
            model.objects.filter(pk__in=pks).update(entrant_merged_id=new)
    Ruling = apps.get_model("league", "TableRuling")
    through = Ruling.forfeiting_merged.through
    old_through = Ruling.forfeiting.through
    column = old_through._meta.get_field("entrant").attname
    through.objects.bulk_create(
        through(tableruling_id=ruling, tournamententrant_id=mapping[entrant])
        for ruling, entrant in old_through.objects.values_list("tableruling_id", column)
    )
    pairs_model = apps.get_model("league", "RoundRobinPairs")
    for row in pairs_model.objects.all():
        row.pairs = [[_mapped(mapping, e) for e in pair] for pair in row.pairs]
        row.save(update_fields=["pairs"])


def _mapped(mapping: Mapping[int, int], entrant: int | None) -> int | None:
    """The entrant's new id; a bye (None) stays one, and an id that named no entrant is kept as it was, not lost."""
    return None if entrant is None else mapping.get(entrant, entrant)


def entrants_unfill(apps, schema_editor):
    """Back: the season entrants into their own table and the poker entrants' own columns, each keeping the id it
    has now; the merged rows of seasons and poker tournaments leave `Entrant`."""
    # until the season entrants' table is gone, the merged model is still named for the bracket's
    Entrant = apps.get_model("league", "TournamentEntrant")
    SeasonEntrant = _as_given(apps.get_model("league", "Entrant"), "created_at")
    PokerEntrant = apps.get_model("league", "PokerEntrant")
    Season = apps.get_model("league", "Season")
    in_seasons = Entrant.objects.filter(competition_id__in=Season.objects.values("id"))
    SeasonEntrant.objects.bulk_create(
        (
            SeasonEntrant(
                id=e.id, season_id=e.competition_id, player_id=e.player_id, partner_id=e.partner_id, name=e.name,
                seed_rank=e.seed or 0, withdrawn=e.withdrawn, withdrawn_at=e.withdrawn_at, created_at=e.entered_at,
            )
            for e in in_seasons
        ),
        batch_size=BATCH,
    )  # fmt: skip
    for name in ("Bye", "Standing"):
        model = apps.get_model("league", name)
        # the old column takes the id (kept) and the new one lets go, or deleting the merged rows would take these
        model.objects.update(entrant_id=models.F("entrant_merged_id"), entrant_merged=None)
    Ruling = apps.get_model("league", "TableRuling")
    old_through = Ruling.forfeiting.through
    column = old_through._meta.get_field("entrant").attname
    merged = Ruling.forfeiting_merged.through
    old_through.objects.bulk_create(
        old_through(**{"tableruling_id": ruling, column: entrant})
        for ruling, entrant in merged.objects.values_list("tableruling_id", "tournamententrant_id")
    )
    poker_ids = list(PokerEntrant.objects.values_list("id", flat=True))
    for e in Entrant.objects.filter(pk__in=poker_ids).values("id", "competition_id", *ENTRANT_COMMON):
        pk = e.pop("id")
        PokerEntrant.objects.filter(pk=pk).update(tournament_id=e.pop("competition_id"), **e)
    Entrant.objects.filter(pk__in=poker_ids).delete()
    in_seasons.delete()
    _sequence_reset(schema_editor, SeasonEntrant, PokerEntrant)
    _checked_now(schema_editor)


def _sqlite_indexes_named_again(apps, schema_editor):
    """On the way back, on SQLite: the merged table, renamed back, keeps indexes named for `league_entrant` (SQLite
    remade it under that name), which the season entrants' table about to be made again needs; remade once more,
    they are named for its own name."""
    if schema_editor.connection.vendor == "sqlite":
        schema_editor._remake_table(apps.get_model("league", "TournamentEntrant"))


# --- operations --------------------------------------------------------------------------------------------------


def _nullable(model_name: str, name: str, field: models.Field) -> migrations.AlterField:
    """A moved column made nullable before it goes, so that going back re-adds it empty and fills it."""
    field.null = True
    return migrations.AlterField(model_name=model_name, name=name, field=field)


def _removed(model_name: str, names: Iterable[str]) -> list[migrations.RemoveField]:
    return [migrations.RemoveField(model_name=model_name, name=name) for name in names]


def _key(related_name: str, to: str, on_delete: str = "CASCADE") -> models.ForeignKey:
    return models.ForeignKey(on_delete=getattr(django.db.models.deletion, on_delete), related_name=related_name, to=to)


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0028_result_finished_at"),
    ]

    operations = [
        migrations.CreateModel(
            name="Competition",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("game", models.CharField(choices=GAMES, max_length=32)),
                ("name", models.CharField(max_length=120)),
                ("league", models.CharField(blank=True, max_length=80)),
                ("edition", models.PositiveIntegerField(default=1)),
                ("division_level", models.PositiveSmallIntegerField(default=1, help_text="1 is the top division.")),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("draft", "draft"),
                            ("registration", "registration"),
                            ("running", "running"),
                            ("finished", "finished"),
                            ("archived", "archived"),
                        ],
                        db_index=True,
                        default="registration",
                        max_length=16,
                    ),
                ),
                ("options", models.JSONField(blank=True, default=dict)),
                ("time_per_move", models.PositiveIntegerField(default=86400, help_text="Seconds each turn may take.")),
                ("rated", models.BooleanField(default=True)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("started_at", models.DateTimeField(blank=True, null=True)),
                ("finished_at", models.DateTimeField(blank=True, null=True)),
                (
                    "club",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT, related_name="competitions", to="league.club"
                    ),
                ),
                (
                    "created_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="league.player",
                    ),
                ),
            ],
            options={
                "ordering": ["-created_at", "-id"],
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("league", ""), _negated=True),
                        fields=("club", "league", "edition", "division_level"),
                        name="competition_unique_division",
                    )
                ],
            },
        ),
        # the moved columns that have no default become nullable, so that the way back can re-add them empty
        _nullable("season", "club", _key("seasons", "league.club", on_delete="PROTECT")),
        _nullable("season", "game", models.CharField(choices=GAMES, max_length=32)),
        _nullable("season", "name", models.CharField(max_length=120)),
        _nullable("season", "league", models.CharField(max_length=80)),
        _nullable("tournament", "club", _key("tournaments", "league.club", on_delete="PROTECT")),
        _nullable("tournament", "game", models.CharField(choices=GAMES, max_length=32)),
        _nullable("tournament", "name", models.CharField(max_length=100)),
        _nullable("pokertournament", "club", _key("poker_tournaments", "league.club", on_delete="PROTECT")),
        _nullable("pokertournament", "game", models.CharField(choices=GAMES, max_length=32)),
        _nullable("pokertournament", "name", models.CharField(max_length=120)),
        migrations.RunPython(competitions_fill, competitions_unfill),
        migrations.RemoveConstraint(model_name="season", name="season_unique_division"),
        *_removed("season", MOVED["season"]),
        *_removed("tournament", MOVED["tournament"]),
        *_removed("pokertournament", MOVED["pokertournament"]),
        ParentLinked("Season", "Competition", "competition_ptr", "as_season"),
        ParentLinked("Tournament", "Competition", "competition_ptr", "as_tournament"),
        ParentLinked("PokerTournament", "Competition", "competition_ptr", "as_poker_tournament"),
        # --- one entrant model: the bracket entrants' table is its base, named `Entrant` once the season's is gone
        migrations.RemoveConstraint(model_name="tournamententrant", name="league_tournamententrant_unique_player"),
        migrations.RemoveConstraint(model_name="tournamententrant", name="tournament_entrant_unique_partner"),
        migrations.RemoveConstraint(model_name="tournamententrant", name="tournament_entrant_partner_not_self"),
        migrations.AlterField(
            model_name="tournamententrant",
            name="tournament",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE, related_name="entrants", to="league.competition"
            ),
        ),
        migrations.RenameField(model_name="tournamententrant", old_name="tournament", new_name="competition"),
        migrations.AlterModelOptions(name="tournamententrant", options={"ordering": ["competition", "seed", "id"]}),
        migrations.AddField(
            model_name="tournamententrant",
            name="name",
            field=models.CharField(blank=True, help_text="A team's name; players go by their own.", max_length=120),
        ),
        migrations.AddField(
            model_name="tournamententrant", name="withdrawn_at", field=models.DateTimeField(blank=True, null=True)
        ),
        # what names a season entrant names the merged one: new columns beside the old, filled, then swapped
        migrations.AddField(
            model_name="bye",
            name="entrant_merged",
            field=models.ForeignKey(
                null=True, on_delete=django.db.models.deletion.CASCADE, related_name="+", to="league.tournamententrant"
            ),
        ),
        migrations.AddField(
            model_name="standing",
            name="entrant_merged",
            field=models.ForeignKey(
                null=True, on_delete=django.db.models.deletion.CASCADE, related_name="+", to="league.tournamententrant"
            ),
        ),
        migrations.AddField(
            model_name="tableruling",
            name="forfeiting_merged",
            field=models.ManyToManyField(blank=True, related_name="+", to="league.tournamententrant"),
        ),
        _nullable("bye", "entrant", _key("byes", "league.entrant")),
        _nullable("standing", "entrant", _key("standings", "league.entrant")),
        # the poker entrant's common columns become nullable, as the competitions' above
        _nullable("pokerentrant", "tournament", _key("entrants", "league.pokertournament")),
        _nullable("pokerentrant", "player", _key("poker_entries", "league.player", on_delete="PROTECT")),
        migrations.RunPython(entrants_fill, entrants_unfill),
        migrations.RemoveConstraint(model_name="bye", name="bye_unique_round_entrant"),
        migrations.RemoveConstraint(model_name="standing", name="standing_unique_season_entrant"),
        migrations.RemoveField(model_name="bye", name="entrant"),
        migrations.RemoveField(model_name="standing", name="entrant"),
        migrations.RemoveField(model_name="tableruling", name="forfeiting"),
        migrations.RenameField(model_name="bye", old_name="entrant_merged", new_name="entrant"),
        migrations.RenameField(model_name="standing", old_name="entrant_merged", new_name="entrant"),
        migrations.RenameField(model_name="tableruling", old_name="forfeiting_merged", new_name="forfeiting"),
        migrations.AlterField(
            model_name="bye",
            name="entrant",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE, related_name="byes", to="league.tournamententrant"
            ),
        ),
        migrations.AlterField(
            model_name="standing",
            name="entrant",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE, related_name="standings", to="league.tournamententrant"
            ),
        ),
        migrations.AlterField(
            model_name="tableruling",
            name="forfeiting",
            field=models.ManyToManyField(blank=True, related_name="forfeits", to="league.tournamententrant"),
        ),
        migrations.AddConstraint(
            model_name="bye",
            constraint=models.UniqueConstraint(fields=("round", "entrant"), name="bye_unique_round_entrant"),
        ),
        migrations.AddConstraint(
            model_name="standing",
            constraint=models.UniqueConstraint(fields=("season", "entrant"), name="standing_unique_season_entrant"),
        ),
        migrations.DeleteModel("Entrant"),
        migrations.RunPython(migrations.RunPython.noop, _sqlite_indexes_named_again),
        migrations.RenameModel("TournamentEntrant", "Entrant"),
        migrations.RemoveConstraint(model_name="pokerentrant", name="league_pokerentrant_unique_player"),
        *_removed("pokerentrant", ("tournament", "player", "place", "shared", "points", "entered_at")),
        ParentLinked("PokerEntrant", "Entrant", "entrant_ptr", "poker"),
        migrations.AlterModelOptions(name="pokerentrant", options={"ordering": ["competition", "place", "id"]}),
        migrations.AlterField(
            model_name="entrant",
            name="player",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT, related_name="entries", to="league.player"
            ),
        ),
        migrations.AlterField(
            model_name="entrant",
            name="partner",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="partner_entries",
                to="league.player",
            ),
        ),
        migrations.AddConstraint(
            model_name="entrant",
            constraint=models.UniqueConstraint(fields=("competition", "player"), name="entrant_unique_player"),
        ),
        migrations.AddConstraint(
            model_name="entrant",
            constraint=models.UniqueConstraint(fields=("competition", "partner"), name="entrant_unique_partner"),
        ),
        migrations.AddConstraint(
            model_name="entrant",
            constraint=models.CheckConstraint(
                condition=models.Q(("partner", models.F("player")), _negated=True), name="entrant_partner_not_self"
            ),
        ),
    ]
