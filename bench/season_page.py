"""The season page at scale: its reads (standings with shared ranks, the round-by-round crosstable, the calendar) and
the whole page rendered, for a season of N entrants after R rounds of duels.

usage: .venv/bin/python bench/season_page.py [--entrants 100] [--rounds 10] [--repeat 5]

The season is the one of bench/standings.py (random duels, written in bulk to its own PostgreSQL database
`cardleague_bench_season_page`, created and dropped here), its standings stored once. Figures are medians of
--repeat runs: each selector alone, then `GET /seasons/<id>/` through Django's test client (the crosstable's cells
included, up to the page's limit of entrants). Never fails: it prints figures.
"""

import argparse
import sys
import time

from benchdb import ROOT, bench_database
from standings import median_time, season_make, season_store

sys.path.insert(0, str(ROOT))

DB = "cardleague_bench_season_page"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--entrants", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    data = season_make(args.entrants, args.rounds, seed="season-page")
    with bench_database(DB):
        from django.test import Client

        from league.selectors.crosstable import season_crosstable
        from league.selectors.rounds import season_calendar, season_own_tables
        from league.selectors.seasons import season_standings, season_standings_page
        from league.services.standings import standings_recompute

        season = season_store(data, args.entrants)
        standings_recompute(season=season)
        client = Client()
        season_player = season.entrants.values_list("player_id", flat=True).first()
        first_page = [row.entrant_id for row in season_standings_page(season=season).rows]
        figures = {
            "season_standings (all, shared ranks)": lambda: season_standings(season=season),
            "season_standings_page (the page's)": lambda: season_standings_page(season=season),
            "season_crosstable (all)": lambda: season_crosstable(season=season),
            "season_crosstable (the page's rows)": lambda: season_crosstable(season=season, entrant_ids=first_page),
            "season_own_tables (an entrant's)": lambda: season_own_tables(season=season, player_id=season_player),
            "season_calendar": lambda: season_calendar(season=season),
            # secure: with DEBUG off (the default) a plain request is redirected to HTTPS, a 301 timed as the page
            "GET /seasons/<id>/ (whole page)": lambda: client.get(f"/seasons/{season.pk}/", secure=True),
        }
        response = client.get(f"/seasons/{season.pk}/", secure=True)
        if response.status_code != 200 or b'id="standings"' not in response.content:
            raise SystemExit(f"the season page answered {response.status_code} without its standings")
        size = len(response.content)
        print(f"{args.entrants} entrants, {args.rounds} rounds ({args.entrants // 2 * args.rounds} tables)")
        for name, call in figures.items():
            start = time.perf_counter()
            median = median_time(call, args.repeat)
            took = time.perf_counter() - start
            print(f"{name:38} median {median * 1000:8.1f} ms  ({args.repeat} runs, {took:.1f} s)")
        print(f"page size {size / 1024:.0f} KiB, status {response.status_code}")


if __name__ == "__main__":
    sys.exit(main())
