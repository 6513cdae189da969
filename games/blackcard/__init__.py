"""Black Card: seven-card poker with order cards, forced shares, passives and a special round of powers."""
