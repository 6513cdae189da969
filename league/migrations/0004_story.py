"""Issue 17: each move stores the events its engine declared (with their audiences), each table the events of its
first deal; existing tables are replayed from seed + moves to fill them, and their `hidden` and `step_open` flags
are set from the engine's declarations (games.core.events.is_secret, engine.secret_step) instead of the guess that
set them before."""

from django.db import migrations, models

from games import IllegalMove, get_engine
from games.core.events import is_secret


def replay_events(apps, schema_editor):
    """Replay every dealt table through its engine. A table whose replay fails (a tampered or impossible log, which
    `verify_tables` reports) keeps empty events rather than stopping the migration."""
    Table = apps.get_model("league", "Table")
    Move = apps.get_model("league", "Move")
    for table in Table.objects.exclude(status="seeding").iterator(chunk_size=200):
        try:
            engine = get_engine(table.game)
            state = engine.new_game(players=table.players, seed=table.seed, options=table.options)
        except (KeyError, IllegalMove):
            continue
        table.opening_events = engine.opening_events(state)
        table.save(update_fields=["opening_events"])
        moves = list(Move.objects.filter(table=table).order_by("seq"))
        last_open, complete = False, True
        for move in moves:
            before = engine.to_act(state)
            try:
                new_state, events = engine.play_move(state, move.seat, move.payload)
            except IllegalMove:
                complete = False
                break
            after = engine.to_act(new_state)
            move.events = events
            move.hidden = is_secret(events)
            move.step_open = last_open = (
                engine.secret_step(state)
                and engine.secret_step(new_state)
                and bool(after)
                and set(after) == set(before) - {move.seat}
            )
            state = new_state
        Move.objects.bulk_update(moves, ["events", "hidden", "step_open"], batch_size=500)
        if moves and complete and table.step_open != last_open:
            table.step_open = last_open
            table.save(update_fields=["step_open"])


class Migration(migrations.Migration):
    dependencies = [("league", "0005_outbox")]

    operations = [
        migrations.AddField(
            model_name="table",
            name="opening_events",
            field=models.JSONField(blank=True, db_default=[], default=list),
        ),
        migrations.AddField(
            model_name="move",
            name="events",
            field=models.JSONField(blank=True, db_default=[], default=list),
        ),
        migrations.RunPython(replay_events, migrations.RunPython.noop, elidable=True),
    ]
