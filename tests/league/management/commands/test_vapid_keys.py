"""manage.py vapid_keys (league/management/commands/vapid_keys.py): a VAPID pair that pywebpush signs with and a
browser checks with, written once to the file `make run` gives and kept after."""

import base64
import io

from cryptography.hazmat.primitives import serialization
from django.core.management import call_command
from py_vapid import Vapid


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def test_the_pair_is_written_once_and_kept(tmp_path):
    path = tmp_path / "vapid.env"
    call_command("vapid_keys", str(path), stdout=io.StringIO())
    first = path.read_text()
    call_command("vapid_keys", str(path), stdout=io.StringIO())

    assert path.read_text() == first
    values = dict(line.split("=", 1) for line in first.split())
    assert set(values) == {"VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"}
    assert path.stat().st_mode & 0o077 == 0  # the private key is the owner's alone
    # the private key (as pywebpush reads it) and the public one (as a browser takes it) are one pair
    signer = Vapid.from_string(private_key=values["VAPID_PRIVATE_KEY"])
    public = signer.public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    assert public == _unb64(values["VAPID_PUBLIC_KEY"]) and len(public) == 65


def test_without_a_file_the_lines_are_printed_for_a_servers_environment():
    out = io.StringIO()
    call_command("vapid_keys", stdout=out)
    assert [line.split("=")[0] for line in out.getvalue().split()] == ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"]
