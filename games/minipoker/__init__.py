"""Mini Poker (미니 포커): two-card poker with Seotda-style special hands (rules: docs/rules/mini-poker.md)."""
