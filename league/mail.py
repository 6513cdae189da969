"""The mail backend of the site: the one EMAIL_BACKEND names does the sending, this one counts what it sent and what
failed (league.metrics, `cardleague_mails_total`), whichever code sent it (reminders, the address's verification,
Django's password reset). config/settings.py puts it in front of the configured backend."""

from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage
from django.core.mail.backends.base import BaseEmailBackend
from django.utils.module_loading import import_string

from league import metrics


class CountingBackend(BaseEmailBackend):
    def __init__(self, fail_silently: bool = False, **kwargs: Any) -> None:
        super().__init__(fail_silently=fail_silently)
        self.inner: BaseEmailBackend = import_string(settings.CARDLEAGUE_EMAIL_BACKEND)(
            fail_silently=fail_silently, **kwargs
        )

    def open(self) -> bool | None:
        return self.inner.open()

    def close(self) -> None:
        self.inner.close()

    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        try:
            sent = self.inner.send_messages(email_messages) or 0
        except Exception:
            metrics.MAILS.labels("failed").inc(len(email_messages))
            raise
        metrics.MAILS.labels("sent").inc(sent)
        if sent < len(email_messages):  # a backend told to fail silently returns what it managed
            metrics.MAILS.labels("failed").inc(len(email_messages) - sent)
        return sent
