"""Changes to a season's settings before it starts, from the organizer's pages, the API and the admin: every
setting at once (`season_settings_update`, the same checks as a new season), its clock alone
(`season_clock_set`), and another division of its edition (`division_add`)."""

from dataclasses import asdict, replace

from django.db import transaction
from django.utils.translation import gettext as _

from league.errors import InvalidValue
from league.models import Entrant, Player, Season, SeasonClock
from league.services.permissions import organizer_check
from league.services.seasons import (
    ClockSpec,
    SeasonSpec,
    clock_spec_check,
    season_create,
    season_lock,
    season_values,
    status_check,
)

# a season's settings change only before it starts: its rounds are paired and its tables dealt from them
EDITABLE = (Season.Status.DRAFT, Season.Status.REGISTRATION)


def season_spec(season: Season) -> SeasonSpec:
    """Every setting of a stored season, its dates included (what its settings page starts from)."""
    return replace(SeasonSpec.of(season), starts_on=season.starts_on, ends_on=season.ends_on)


@transaction.atomic
def season_settings_update(*, season: Season, by: Player, spec: SeasonSpec) -> Season:
    """Store new settings for a season not yet started, checked as `season_create` checks a new one; its game and
    partnership rule stay (entrants were registered for them), and so does its place in its league."""
    season = season_lock(season.pk)
    organizer_check(club=season.club, player=by)
    status_check(season, *EDITABLE)
    if spec.game != season.game:
        raise InvalidValue(_("A season's game cannot change; create another season."), field="game")
    if spec.partners != season.partners and Entrant.objects.filter(competition=season).exists():
        raise InvalidValue(
            _("The entrants were registered for this partnership rule; withdraw them first."), field="partners"
        )
    values = season_values(spec)
    for name, value in values.items():
        setattr(season, name, value)
    season.save(update_fields=list(values))
    _clock_store(season, spec.clock)
    return season


@transaction.atomic
def season_clock_set(*, season: Season, by: Player, clock: ClockSpec | None) -> SeasonClock | None:
    """Switch a season's clock on (or change it), or off with None, before the season starts."""
    season = season_lock(season.pk)
    organizer_check(club=season.club, player=by)
    status_check(season, *EDITABLE)
    if clock is not None:
        clock_spec_check(clock)
    return _clock_store(season, clock)


def _clock_store(season: Season, clock: ClockSpec | None) -> SeasonClock | None:
    if clock is None:
        SeasonClock.objects.filter(season=season).delete()
        return None
    stored, _created = SeasonClock.objects.update_or_create(season=season, defaults=asdict(clock))
    return stored


@transaction.atomic
def division_add(*, season: Season, by: Player, name: str) -> Season:
    """Another division of the season's edition, below the lowest one, with every setting of `season` (its clock
    too); promotion and relegation run between the divisions of an edition when it rolls over."""
    season = season_lock(season.pk)
    organizer_check(club=season.club, player=by)
    status_check(season, *EDITABLE)
    lowest = (
        Season.objects.filter(club=season.club, league=season.league, edition=season.edition)
        .order_by("-division_level")
        .values_list("division_level", flat=True)
        .first()
    )
    spec = replace(season_spec(season), division_name=name, division_level=(lowest or season.division_level) + 1)
    return season_create(club=season.club, by=by, spec=spec, previous=None)
