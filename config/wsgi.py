import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

from league.api.schema_cache import schema_ready  # noqa: E402 (after Django is set up)
from league.services.follow_up import follow_up_ready  # noqa: E402

# built before the first request, not by it: the API schema (its generation is not thread-safe, and slow) and the
# task registry (loading it runs Django's checks); issue 19
schema_ready()
follow_up_ready()
