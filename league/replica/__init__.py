"""Reads off the primary (issue 37): with DATABASE_REPLICA_URL set, the public read pages and their API read from a
streaming replica; everything else, and a player's reads just after their own write, stays on the primary.

- `league.replica.scope`: the one switch, entered by the read pages (`replica_reads`) and API views
  (`ReplicaReadsMixin`), and what decides whether this request may read from the replica;
- `league.replica.router`: the database router that reads the switch;
- `league.replica.health`: whether the replica answers and is close enough behind, asked every few seconds;
- `league.replica.sticky`: the marker that keeps a player on the primary for a few seconds after they wrote.

docs/architecture.md ("Reads off the primary") says why it has this shape; docs/scale.md what it measures.
"""
