"""Tournaments as pure, deterministic Python (issue 22): no Django, state as plain JSON, every draw from a seed.

- `seeding` — bracket size and byes (T-R1), the standard seed order (T-R2), seeding methods (T-D1).
- `bracket` — the match graph of the elimination brackets: tables of a match, byes, forfeits, places.
- `single_elimination`, `double_elimination` — the two brackets (T-R3…T-R9, T-D2…T-D4).
- `multiplayer` — elimination rounds at tables of 3–6 (T-R10, T-D5).
- `two_stage` — groups and the way into a playoff (T-R11, T-R12).
- `stage_parts` — a group stage's matches and a multiplayer elimination's tables apart from the state, and back.
- `freezeout` — the poker-style tournament (T-R13…T-R18, T-D6, T-D7).
- `places` — places into points or prizes (T-R18).
- `svg` — brackets drawn on the server.

docs/formats.md describes each format and the decisions taken.
"""
