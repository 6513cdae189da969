"""A freezeout's state is compressed with LZ4 rather than PostgreSQL's own pglz.

The state (`PokerTournament.state`, some 80 KB of JSON at 1,000 players) is written back after every hand. A value
over 2 KB is compressed as it is stored, and pglz made half of that write: 9.7 ms against 4.1 ms with LZ4 for the
same document, stored 15% larger (measured on the 2-core host, docs/benchmarks.md, 2026-12-07). Only the values
written from now on change method; the old ones are read as they are. Nothing to do on SQLite, nor on a PostgreSQL
built without LZ4 (the column keeps pglz there).
"""

from django.db import NotSupportedError, migrations, transaction

COLUMN = 'ALTER TABLE "league_pokertournament" ALTER COLUMN "state" SET COMPRESSION {}'


def compression_set(method: str):
    def run(apps, schema_editor) -> None:
        if schema_editor.connection.vendor != "postgresql":
            return
        try:
            with transaction.atomic(using=schema_editor.connection.alias), schema_editor.connection.cursor() as cursor:
                cursor.execute(COLUMN.format(method))
        except NotSupportedError:  # a server built without LZ4: "compression method lz4 not supported"
            pass

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0030_tournament_parts"),
    ]

    operations = [
        migrations.RunPython(compression_set("lz4"), compression_set("pglz"), elidable=False),
    ]
