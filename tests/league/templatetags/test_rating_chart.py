"""The profile's rating tags (league/templatetags/rating_chart.py): the band where the skill probably lies."""

from types import SimpleNamespace

from league.templatetags.rating_chart import rating_band


def test_the_band_runs_three_sigmas_either_side_and_the_rating_is_its_low_end() -> None:
    band = rating_band(SimpleNamespace(mu=25.0, sigma=5.0, games=3))

    assert (band.low, band.high, band.spread, band.provisional) == (10.0, 40.0, 15.0, True)
