"""Roll a league's finished season over into the next: every division at once, the top N of each division promoted
and the bottom N relegated (N set per season), entrants carried over, the old seasons archived with their standings.
"""

from dataclasses import replace

from django.db import transaction

from league.errors import InvalidValue, WrongStatus
from league.models import Entrant, Player, Season, Standing
from league.services.permissions import organizer_check
from league.services.seasons import SeasonSpec, season_create


def divisions_move(divisions: list[list[int]], *, promote: list[int], relegate: list[int]) -> list[list[int]]:
    """Next season's divisions (top first) from this season's final rankings per division (best first).

    `promote[d]` entrants go up from division d (none from the top), `relegate[d]` go down (none from the bottom).
    An entrant never both rises and falls: relegation takes from those not promoted. In its new division an entrant
    is seeded after those who stay and come down, ahead of those who come up: relegated first, then stayers, then
    promoted, each in their old order.
    """
    count = len(divisions)
    up: list[list[int]] = [[] for _ in range(count)]
    down: list[list[int]] = [[] for _ in range(count)]
    stay: list[list[int]] = []
    for d, ranking in enumerate(divisions):
        rising = ranking[: promote[d]] if d > 0 else []
        rest = [e for e in ranking if e not in rising]
        falling = rest[len(rest) - relegate[d] :] if d < count - 1 and relegate[d] else []
        if d > 0:
            up[d - 1] = rising
        if d < count - 1:
            down[d + 1] = falling
        stay.append([e for e in rest if e not in falling])
    return [down[d] + stay[d] + up[d] for d in range(count)]


@transaction.atomic
def season_rollover(*, season: Season, by: Player, name: str | None = None) -> list[Season]:
    """Open the league's next edition from every division of `season`'s edition; returns the new seasons, top
    division first, in registration with the carried entrants (add more, then start them)."""
    organizer_check(club=season.club, player=by)
    olds = list(
        Season.objects.select_for_update()
        .filter(club=season.club, league=season.league, edition=season.edition)
        .order_by("division_level")
    )
    unfinished = [s for s in olds if s.status != Season.Status.FINISHED]
    if unfinished:
        raise WrongStatus(f"Every division must be finished first ({unfinished[0]} is {unfinished[0].status}).")
    if Season.objects.filter(club=season.club, league=season.league, edition=season.edition + 1).exists():
        raise InvalidValue("The next season of this league already exists.", code="duplicate")
    if len({s.game for s in olds}) != 1:
        raise InvalidValue("A league's divisions play one game.", field="game")
    rankings = []
    for old in olds:
        withdrawn = set(Entrant.objects.filter(competition=old, withdrawn=True).values_list("id", flat=True))
        ranked = Standing.objects.filter(season=old).order_by("rank").values_list("entrant_id", flat=True)
        rankings.append([e for e in ranked if e not in withdrawn])
    moved = divisions_move(rankings, promote=[s.promote_count for s in olds], relegate=[s.relegate_count for s in olds])
    entrants = {e.pk: e for e in Entrant.objects.filter(competition__in=olds)}
    news = []
    for old, members in zip(olds, moved, strict=True):
        # every setting of the old division (SeasonSpec.of: its clock too), in the next edition
        spec = replace(SeasonSpec.of(old), name=name or old.name, edition=old.edition + 1)
        new = season_create(club=old.club, by=by, spec=spec, previous=old)
        new.status = Season.Status.REGISTRATION
        new.save(update_fields=["status"])
        Entrant.objects.bulk_create(
            Entrant(
                competition=new,
                player_id=entrants[e].player_id,
                partner_id=entrants[e].partner_id,
                name=entrants[e].name,
                seed=rank,
            )
            for rank, e in enumerate(members, start=1)
        )
        news.append(new)
    Season.objects.filter(pk__in=[s.pk for s in olds]).update(status=Season.Status.ARCHIVED)
    return news
