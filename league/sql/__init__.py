"""The SQL the league writes by hand, and the only place it does.

Django's query compiler costs 0.5–1 ms of CPU per query, several times what PostgreSQL spends on the one-row
statements of a move (bench/http_moves.py, docs/benchmarks.md "What was changed"); the move pipeline, the clock
sweep, the standings and the bulk writes therefore send statements of their own. Anything else uses the ORM.

- `internals`: the one module that reaches into Django's internals (its cursors and their wrappers, building model
  instances as `Model.from_db` does, adapting a value as a field saves it); tests/league/sql/test_internals.py
  checks each internal it relies on against what Django itself does.
- `names`: the names statements take (tables, columns), quoted by `psycopg.sql` once per model and field.
- `reads` and `writes`: the generic statements (rows as model instances, a row locked; updates and inserts of one
  or many rows, and several writes sent as one statement).
- `tables`, `standings`, `partitions`, `brackets`: the statements written out for the move pipeline and the sweep,
  for the standings, for the move history's partitions, and for a large tournament's matches read a page at a time
  (jsonpath over a stored state, PostgreSQL only).

Values are adapted through their model fields, so every statement behaves as the ORM does, on PostgreSQL and on the
embedded SQLite alike (the partitions and the brackets' pages excepted: PostgreSQL only; their callers read
without them elsewhere).
"""
