"""Pure pairing and seating: who meets whom in a round, and in which seats. No Django, no global random."""
