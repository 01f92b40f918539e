"""companion: a live, phone-first companion for board games played at a real table."""

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


def resource_dir(name: str) -> Path:
    """A top-level folder of the repository the app reads at run time
    (``templates``, ``data``). A wheel carries it inside the package
    (setup.py maps it there); a checkout, editable install included, keeps it
    beside the package."""
    packaged = PACKAGE_DIR / name
    return packaged if packaged.is_dir() else PACKAGE_DIR.parent / name


def data_path(game: str, *parts: str) -> Path:
    """A file of a game's reference data, ``data/<game>/<parts...>``: e.g.
    ``data_path("gloomhaven", "monsters.json")``. Read data through this, never
    relative to the working directory or the source file, so it is found in
    an installed wheel too."""
    return resource_dir("data").joinpath(game, *parts)
