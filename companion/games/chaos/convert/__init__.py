"""Build-time conversion of the reference data into data/chaos/ (build.py);
`python -m companion.games.chaos.convert`. The server never uses it."""
