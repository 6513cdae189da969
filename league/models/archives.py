"""The registry of archived partitions: which table ids' moves and ledger rows left the database, and where their
export is (`manage.py moves_archive`; docs/scale.md, "Partitioning"). A table in one of these ranges is read from the
export (`league.selectors.move_history`)."""

from django.db import models


class MoveArchive(models.Model):
    """One partition of the moves and the ledger, exported and dropped."""

    first_table_id = models.BigIntegerField(unique=True)
    end_table_id = models.BigIntegerField(help_text="The first table id past the range.")
    path = models.CharField(max_length=500, help_text="The directory of the export's files and manifest.")
    # table ids per file of the export: a table's rows are read from the one file of its block
    block = models.PositiveIntegerField()
    moves = models.PositiveBigIntegerField()
    ledger_rows = models.PositiveBigIntegerField()
    archived_at = models.DateTimeField()

    class Meta:
        ordering = ["first_table_id"]

    def __str__(self) -> str:
        return f"tables {self.first_table_id}-{self.end_table_id - 1} in {self.path}"


__all__ = ["MoveArchive"]
