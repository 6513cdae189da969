"""Bots that play through the HTTP API like any client (`manage.py runbot`)."""
