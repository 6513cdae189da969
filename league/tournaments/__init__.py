"""Tournaments as pure, deterministic Python (issue 22): no Django, state as plain JSON, every draw from a seed.

- `seeding` — bracket size and byes (T-R1), the standard seed order (T-R2), seeding methods (T-D1).
- `bracket` — the match graph of the elimination brackets: tables of a match, byes, forfeits, places.
- `single_elimination` — the single-elimination bracket (T-R3…T-R5, T-D2…T-D4).
"""
