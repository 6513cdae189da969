"""Palace Infighting: two players, identical ten-card hands, five rounds of secret rows dueled position by position."""
