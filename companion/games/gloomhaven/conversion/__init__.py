"""Conversion of the Gloomhaven reference data (Gloomhaven Secretariat's data
files) into this project's own schema under data/gloomhaven/.

Each module converts one topic; `companion.games.gloomhaven.convert` runs them
all and writes the files. Nothing here is imported at play time.
"""
