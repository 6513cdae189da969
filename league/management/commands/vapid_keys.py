"""manage.py vapid_keys [PATH]: the site's VAPID key pair for Web Push (RFC 8292), as the environment variables
VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url, the raw P-256 keys that browsers and pywebpush take).

With PATH (`make run` gives data/vapid.env), the pair is written there once and kept: a browser's subscription is
bound to the public key, so new keys on every start would silence every browser that opted in. Without PATH the
lines are printed, for a production server's environment (docs/deploy.md).
"""

import base64
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.management.base import BaseCommand, CommandParser


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def vapid_pair() -> tuple[str, str]:
    """A new (public, private) pair: the uncompressed public point (65 bytes), the private scalar (32 bytes)."""
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return _b64url(public), _b64url(key.private_numbers().private_value.to_bytes(32, "big"))


class Command(BaseCommand):
    help = "Make the site's VAPID key pair for Web Push (kept in PATH when given, else printed)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", nargs="?", type=Path, help="an env file to write once and keep (data/vapid.env)")

    def handle(self, *args: Any, path: Path | None, **options: Any) -> None:
        if path is not None and path.exists():
            return
        public, private = vapid_pair()
        lines = f"VAPID_PUBLIC_KEY={public}\nVAPID_PRIVATE_KEY={private}\n"
        if path is None:
            self.stdout.write(lines, ending="")
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(lines, encoding="ascii")
        path.chmod(0o600)
        self.stdout.write(f"Web Push: a VAPID key pair made in {path}")
