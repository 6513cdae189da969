"""Drawings the pages show, made on the server as SVG: a bracket (`bracket_svg`), a rating history (`rating_chart`)."""
