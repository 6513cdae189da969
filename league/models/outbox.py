"""The outbox: follow-up work written in the same transaction as the write that asks for it.

A row is a task's registered name and its keyword arguments. It commits or rolls back with the move (or ruling)
that wrote it, so work is never sent for a write that rolled back and never lost for one that committed: it is
published after the commit (`league.services.follow_up`) and deleted once the broker took it; whatever the broker
did not take, the beat's `outbox_drain` sends a minute later (docs/reliability.md).
"""

from django.db import models


class OutboxMessage(models.Model):
    """One task to publish; deleted once published."""

    task = models.CharField(max_length=200)
    kwargs = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    attempts = models.PositiveIntegerField(default=0, help_text="Drains that tried to publish it and failed.")
    # the id of the web request whose transaction wrote it (league.logs), carried into the task's log lines; a
    # default in the table too, for the rows the move's and the sweep's own SQL write
    request_id = models.CharField(max_length=128, blank=True, default="", db_default="")

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.task} {self.kwargs}"
