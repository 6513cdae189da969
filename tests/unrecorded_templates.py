"""Pages rendered without the test client's record of their templates, for the tests that read only the answers.

Django's test environment makes every template render send a signal, and the test client, for each request, keeps
a copy of the context of every render it hears (`response.context`, `response.templates`). A settings page renders
some 500 templates, one per form widget and include: the form fuzzer spent 7 % of its time on the copies. A test
that never reads `response.context` renders as production does inside `templates_unrecorded()`.
"""

from collections.abc import Iterator
from contextlib import contextmanager

from django.template.base import Template
from django.template.context import Context
from django.utils.safestring import SafeString


def _render(self: Template, context: Context) -> SafeString:
    """Template._render as Django defines it, without the test environment's signal."""
    return self.nodelist.render(context)


@contextmanager
def templates_unrecorded() -> Iterator[None]:
    recorded = Template._render
    Template._render = _render
    try:
        yield
    finally:
        Template._render = recorded
