"""The Content-Security-Policy allows scripts from the site's own files only (league/security_headers.py): no template
may hold an inline script, an on* handler attribute, a javascript: address or an htmx attribute that htmx would run
as code, and the site's own scripts use no eval. A template that needs a behaviour adds it to a file of static/js
(static/js/forms.js: data-autosubmit, data-confirm)."""

import re
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
TEMPLATES = sorted((ROOT / "templates").rglob("*.html")) + sorted((ROOT / "league").rglob("templates/**/*.html"))
SCRIPTS = sorted(path for path in (ROOT / "static" / "js").rglob("*.js") if not path.name.endswith(".min.js"))

# a <script> start tag: inline unless it names a src (a JSON data block, type="application/json", runs nothing)
_SCRIPT = re.compile(r"<script\b([^>]*)>", re.IGNORECASE)
# an attribute of a tag named on<event>= (a word boundary inside a tag, not "onclick" in a sentence)
_HANDLER = re.compile(r"<[a-zA-Z][^>]*?\son[a-z]+\s*=", re.IGNORECASE | re.DOTALL)
_JS_URL = re.compile(r"""(?:href|src|action|formaction)\s*=\s*["']?\s*javascript:""", re.IGNORECASE)
# htmx evaluates hx-on* handlers, hx-vars, and hx-vals/hx-headers written as "js:..."
_HTMX_CODE = re.compile(r"""\bhx-on\b|\bhx-on[:-]|\bhx-vars\b|hx-(?:vals|headers)\s*=\s*["']\s*(?:js|javascript):""")
_EVAL = re.compile(r"\beval\s*\(|\bnew\s+Function\s*\(|\bset(?:Timeout|Interval)\s*\(\s*[\"'`]")


def test_there_are_templates_and_scripts_to_check() -> None:
    assert len(TEMPLATES) > 50 and len(SCRIPTS) >= 4


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_template_holds_code_the_policy_refuses(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    inline = [
        match.group(0)
        for match in _SCRIPT.finditer(text)
        if "src=" not in match.group(1) and "application/json" not in match.group(1)
    ]
    assert inline == [], f"inline <script> in {path.name}"
    assert [match.group(0)[-40:] for match in _HANDLER.finditer(text)] == [], f"an on* handler in {path.name}"
    assert _JS_URL.findall(text) == [], f"a javascript: address in {path.name}"
    assert _HTMX_CODE.findall(text) == [], f"an htmx attribute run as code in {path.name}"


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda path: path.name)
def test_the_sites_scripts_use_no_eval(path: Path) -> None:
    assert _EVAL.findall(path.read_text(encoding="utf-8")) == []


def test_htmx_is_configured_to_need_no_eval_and_no_style_element_of_its_own() -> None:
    base = (ROOT / "templates" / "base.html").read_text(encoding="utf-8")
    config = re.search(r"""<meta name="htmx-config" content='([^']*)'>""", base)
    assert config is not None
    assert '"allowEval": false' in config.group(1)
    assert '"includeIndicatorStyles": false' in config.group(1)
    assert '"allowScriptTags": false' in config.group(1)


@pytest.mark.parametrize(
    "bad",
    [
        '<select onchange="this.form.submit()">',
        '<button type="submit" class="x"\n   onclick="return confirm(1)">',
        "<script>alert(1)</script>",
        '<a href="javascript:void(0)">',
        '<div hx-on:click="go()">',
        """<div hx-vals='js:{a: 1}'>""",
    ],
)
def test_the_checks_catch_what_they_look_for(bad: str) -> None:
    found = (
        [m for m in _SCRIPT.finditer(bad) if "src=" not in m.group(1)]
        + _HANDLER.findall(bad)
        + _JS_URL.findall(bad)
        + _HTMX_CODE.findall(bad)
    )
    assert found
