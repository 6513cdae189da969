"""The time-zone picker's choices: the zones people live in, grouped by region, each named by its city and country in
the reader's language with its UTC offset now ("Seoul, South Korea (UTC+09:00)", "서울, 대한민국 (UTC+09:00)").

The names come from the Unicode CLDR through Babel (the well-kept library of the field; Django's own translations
have no city names): its zone list holds one canonical zone per place (no "Factory", "localtime", "Etc/GMT+5" or
old aliases such as "US/Eastern"), with the country each is in. The regions are the IANA names' own first part;
those that name a continent are named by CLDR's region names, the three oceans by this project's catalogue. An alias
a browser reports ("Asia/Calcutta") is found under its canonical name ("Asia/Kolkata").
"""

from datetime import datetime, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo, available_timezones

from babel import Locale
from babel.core import get_global
from babel.dates import get_timezone_location
from django.utils.translation import gettext, pgettext

UTC = "UTC"
# IANA's first part -> CLDR's region code (UN M.49 or a territory); None: named by the catalogue (the oceans)
_REGIONS: dict[str, str | None] = {
    "Europe": "150",
    "Asia": "142",
    "America": "019",
    "Africa": "002",
    "Australia": "AU",
    "Pacific": None,
    "Atlantic": None,
    "Indian": None,
    "Antarctica": "AQ",
    "Arctic": "150",  # Arctic/Longyearbyen is Svalbard's, in Europe
}


def _ocean(name: str) -> str:
    return {
        "Pacific": pgettext("time zones", "Pacific Ocean"),
        "Atlantic": pgettext("time zones", "Atlantic Ocean"),
        "Indian": pgettext("time zones", "Indian Ocean"),
    }[name]


@lru_cache(maxsize=1)
def _places() -> dict[str, str]:
    """Every canonical zone people live in -> its country (ISO code)."""
    known = available_timezones()
    return {
        zone: territory
        for zone, territory in get_global("zone_territories").items()
        if zone.split("/", 1)[0] in _REGIONS and "/" in zone and zone in known
    }


def canonical(name: str) -> str:
    """The picker's name for a zone ("Asia/Calcutta" -> "Asia/Kolkata", "Etc/UTC" -> "UTC"); a name it does not
    know, unchanged."""
    found = str(get_global("zone_aliases").get(name, name))
    return UTC if found in ("Etc/UTC", "Etc/GMT") else found


def offset_words(zone: str, now: datetime) -> str:
    """ "UTC+09:00", "UTC-03:30", "UTC" at `now` (offsets change with summer time)."""
    offset = now.astimezone(ZoneInfo(zone)).utcoffset() or timedelta(0)
    if not offset:
        return "UTC"
    minutes = int(offset.total_seconds()) // 60
    sign = "+" if minutes >= 0 else "-"
    return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


@lru_cache(maxsize=8)
def _names(language: str) -> dict[str, tuple[str, str]]:
    """zone -> (its place's words, its region's name) in the language, made once per language (CLDR's lookups take
    some 30 ms for every zone)."""
    locale = Locale.parse(language.replace("-", "_"))
    named = {}
    for zone, territory in _places().items():
        city = get_timezone_location(zone, locale=locale, return_city=True)
        # "001" (the world: Antarctica's stations) names no country
        country = locale.territories.get(territory, "") if territory.isalpha() else ""
        place = f"{city}, {country}" if country and country != city else city
        region = zone.split("/", 1)[0]
        code = _REGIONS[region]
        named[zone] = (place, locale.territories.get(code, region) if code else region)
    return named


def zone_label(zone: str, *, language: str, now: datetime) -> str:
    """One zone as the picker shows it: "Seoul, South Korea (UTC+09:00)"."""
    if zone == UTC:
        place = gettext("Coordinated Universal Time")
    else:
        place = _names(language).get(canonical(zone), (zone, ""))[0]
    return f"{place} ({offset_words(zone, now)})"


def zone_choices(
    *, language: str, now: datetime, first: str | None = None, keep: str | None = None
) -> list[tuple[str, list[tuple[str, str]]]]:
    """The picker's groups: the browser's zone first (`first`, when known), then UTC, then each region's zones by
    their offset now and name. `keep`: a stored zone that is not in the list (an alias, an old name) is offered
    as it is, so that a form shows the player's own choice."""
    names = _names(language)
    groups: dict[str, list[tuple[int, str, str]]] = {}
    for zone, (place, region) in names.items():
        label = region if _REGIONS[zone.split("/", 1)[0]] else _ocean(region)
        minutes = int((now.astimezone(ZoneInfo(zone)).utcoffset() or timedelta(0)).total_seconds()) // 60
        groups.setdefault(label, []).append((minutes, place, zone))
    out: list[tuple[str, list[tuple[str, str]]]] = []
    if first and canonical(first) in names:
        out.append((gettext("This browser"), [(canonical(first), zone_label(first, language=language, now=now))]))
    top = [(UTC, zone_label(UTC, language=language, now=now))]
    if keep and keep != UTC and canonical(keep) not in names:
        top.append((keep, f"{keep} ({offset_words(keep, now)})"))
    out.append((gettext("Universal"), top))
    for label in sorted(groups):
        zones = sorted(groups[label])
        out.append((label, [(zone, f"{place} ({offset_words(zone, now)})") for _, place, zone in zones]))
    return out
