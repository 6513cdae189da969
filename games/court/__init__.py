"""The Court (더 코트): 2–6 players, the 100-card court deck, 2 hidden + 3 public cards, half-pot-capped betting."""
