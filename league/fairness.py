"""The provably fair dealing scheme, version 1 (docs/fairness.md): the commitment to a server seed and the engine
seed derived from it and the seats' entropy. Pure functions of the standard library; `tools/verify_record.py`
writes the same algorithm out again so that it is checked, not trusted. The writes that use it are in
`league.services.tables` (the commitment, as a table opens) and `league.services.fairness` (entropy, the deal).
"""

import hashlib
import hmac
import json

from games.core.rng import ALGORITHM_VERSION as SHUFFLE_VERSION

# version 1: SHA-256 commitment, the derivation below, and games.core.rng version 1 for the decks
ALGORITHM_VERSION = 1
if SHUFFLE_VERSION != 1:
    raise ImportError("a new shuffle is a new fairness algorithm: bump ALGORITHM_VERSION and docs/fairness.md")

MAX_SEED_LENGTH = 128


def commitment_of(server_seed: str) -> str:
    """The published commitment: SHA-256 of the server seed's UTF-8 bytes, hex."""
    return hashlib.sha256(server_seed.encode()).hexdigest()


def engine_seed_derive(*, server_seed: str, entropy: list[str | None]) -> str:
    """The seed every deck is drawn from: the server seed itself when no seat added entropy, else
    HMAC-SHA256(key=server seed, msg=the seats' entropy as a compact JSON list, null for a waived seat), hex."""
    if all(value is None for value in entropy):
        return server_seed
    message = json.dumps(entropy, separators=(",", ":"), ensure_ascii=True).encode()
    return hmac.new(server_seed.encode(), message, hashlib.sha256).hexdigest()
