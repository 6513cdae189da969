"""The demo's clubs, built as people would build them: through the services alone, their tables played by the
engines' bots (`manage.py demo_load`, `make run`). A client of the write layer like a command or a page, not a part
of it: nothing in the league depends on it."""
