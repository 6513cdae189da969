"""The forms of the pages, by what they are for: base (what every form shares), accounts, clubs, seasons (a running
season's console), season_settings, tournaments, poker_tournaments, organizer (the club's organizer pages), tables."""
