"""One move through the API as the in-process benches play it (bench/profile_moves.py, move_writes.py,
move_timings.py): the seat to act reads its legal moves, posts one at random with the version it read, and the
table's `to_act` follows the answer. Django's test client is passed in, so this module needs no Django set up."""

import contextlib
import json
import random
import time
import uuid
from contextlib import AbstractContextManager
from typing import Any

from playouts import move_pick


def api_move(
    client: Any,
    table: dict[str, Any],
    rng: random.Random,
    *,
    read_watch: AbstractContextManager[Any] | None = None,
    post_watch: AbstractContextManager[Any] | None = None,
) -> float | None:
    """The POST's wall time; None when the seat read was not to act (the table's `to_act` is read again instead).
    `read_watch` and `post_watch` are entered around the read and the POST (a query capture, a statement timer)."""
    auth = {"HTTP_AUTHORIZATION": f"Token {table['tokens'][table['to_act'][0]]}"}
    # (`is None`, not `or`: a query capture has a length, and asking it before it is entered fails)
    with contextlib.nullcontext() if read_watch is None else read_watch:
        read = client.get(f"/api/tables/{table['id']}/legal-moves/", **auth).json()
    if not read["your_turn"]:
        table["to_act"] = client.get(f"/api/tables/{table['id']}/?log_limit=0", **auth).json()["to_act"]
        return None
    body = json.dumps({"move": move_pick(rng, read["legal_moves"]), "expected_version": read["version"]})
    with contextlib.nullcontext() if post_watch is None else post_watch:
        start = time.perf_counter()
        answer = client.post(
            f"/api/tables/{table['id']}/moves/",
            data=body,
            content_type="application/json",
            HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
            **auth,
        )
        took = time.perf_counter() - start
    if answer.status_code != 201:
        # a refusal is not a move: timing it would report the refusal's cost as the move's
        raise SystemExit(f"the move POST answered {answer.status_code}: {answer.content[:200]!r}")
    table["to_act"] = answer.json()["view"]["to_act"] or table["to_act"]
    return took
