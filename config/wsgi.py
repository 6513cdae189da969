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

import gc  # noqa: E402

# what the process holds once started (Django, the URL and model registries, the schema: some 150,000 objects) is
# moved out of the collector's way: a full collection of it took 90-100 ms, during which every thread of the worker
# stood still, and the moves' p99 at 75 % of capacity was such stalls (bench/http_moves.py, docs/benchmarks.md); the
# objects made by requests are still collected as before
gc.freeze()
