"""Coinche (belote coinchée): four players in two partnerships, bidding, trick play, the race to 2000."""
