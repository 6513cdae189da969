"""Finding 9 of the security report: a production deployment is safe by default. With DEBUG off and the variables of
docs/deploy.md, `manage.py check --deploy` is clean (HSTS, the HTTPS redirect, secure session and CSRF cookies), and
docs/deploy.md lists every variable the settings and the web server's settings read."""

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

# the documented variables of a production server, nothing else (a fresh environment, as a server would have)
PRODUCTION = {
    "DEBUG": "0",
    "ALLOWED_HOSTS": "cards.example.org",
    "SITE_URL": "https://cards.example.org",
}


def _run(*args: str, env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    base = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path), "DATA_DIR": str(tmp_path)}
    return subprocess.run(
        [sys.executable, *args], env={**base, **env}, cwd=settings.BASE_DIR, capture_output=True, text=True
    )


@pytest.mark.slow
def test_check_deploy_is_clean_with_debug_off_and_the_documented_variables(tmp_path: Path) -> None:
    env = {**PRODUCTION, "SECRET_KEY": secrets.token_urlsafe(50)}

    result = _run("manage.py", "check", "--deploy", "--fail-level", "WARNING", env=env, tmp_path=tmp_path)

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_production_settings_are_https_only_and_debug_is_off_unless_set(tmp_path: Path) -> None:
    read = (
        "import json, config.settings as s; print(json.dumps([s.DEBUG, s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, "
        "s.CSRF_COOKIE_SECURE, s.SECURE_HSTS_SECONDS, s.SITE_URL]))"
    )
    env = {"SECRET_KEY": secrets.token_urlsafe(50), "SITE_URL": "https://cards.example.org/"}

    result = _run("-c", read, env=env, tmp_path=tmp_path)

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == '[false, true, true, true, 31536000, "https://cards.example.org"]'


def test_without_a_secret_key_a_production_server_does_not_start(tmp_path: Path) -> None:
    result = _run("-c", "import config.settings", env={}, tmp_path=tmp_path)

    assert result.returncode != 0 and "SECRET_KEY must be set" in result.stderr


def test_docs_deploy_lists_every_variable_the_settings_read() -> None:
    config = Path(settings.BASE_DIR, "config")
    code = "".join(path.read_text() for path in [*config.glob("settings*.py"), config / "gunicorn.conf.py"])
    read = set(re.findall(r'(?:environ(?:\.get)?[(\[]|_flag\()"([A-Z_]+)"', code))
    rows = [
        line.split("|")[1]
        for line in Path(settings.BASE_DIR, "docs", "deploy.md").read_text().splitlines()
        if line.startswith("| `")
    ]
    documented = {name for cell in rows for name in re.findall(r"`([A-Z_]+)`", cell)}

    assert read - documented == set()


def test_docs_deploy_says_what_the_production_settings_do_with_hsts(tmp_path: Path) -> None:
    # the report found the page and the settings apart on HSTS preload: the page's defaults are the settings' own
    read = (
        "import json, config.settings as s; print(json.dumps([s.SECURE_HSTS_SECONDS, "
        "s.SECURE_HSTS_INCLUDE_SUBDOMAINS, s.SECURE_HSTS_PRELOAD]))"
    )
    result = _run("-c", read, env={"SECRET_KEY": secrets.token_urlsafe(50)}, tmp_path=tmp_path)
    page = Path(settings.BASE_DIR, "docs", "deploy.md").read_text()
    defaults = {
        cells[1].strip("` "): cells[2].strip()
        for cells in (line.split("|") for line in page.splitlines() if line.startswith("| `SECURE_HSTS"))
    }

    assert result.stdout.strip() == "[31536000, true, true]"
    assert defaults == {
        "SECURE_HSTS_SECONDS": "a year when `DEBUG` is off, else 0",
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": "on when `DEBUG` is off",
        "SECURE_HSTS_PRELOAD": "on when `DEBUG` is off",
    }
    assert "**preload on**" in page


def test_a_production_answer_carries_the_policy_and_names_no_server_software(tmp_path: Path) -> None:
    # the production settings' answer to a visitor, through Django's test client in a fresh process
    code = (
        "import django; django.setup(); from django.test import Client; "
        "r = Client().get('/login/', secure=True, HTTP_HOST='cards.example.org'); "
        "print(r.status_code); print(r['Content-Security-Policy']); print(r['Strict-Transport-Security']); "
        "print(r.get('Server', '-'))"
    )
    env = {
        **PRODUCTION,
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }

    result = _run("-c", code, env=env, tmp_path=tmp_path)

    assert result.returncode == 0, result.stderr
    status, policy, hsts, server = result.stdout.strip().splitlines()
    assert status == "200"
    assert "script-src 'self';" in policy and "frame-ancestors 'none'" in policy
    assert hsts == "max-age=31536000; includeSubDomains; preload"
    assert server == "-"
