"""Small builders for hand-worked Chaos examples."""

GODS = ["khorne", "nurgle", "tzeentch", "slaanesh"]


def region(resistance=2, conquest=None, **changes):
    """A region with nothing in it but what `changes` says."""
    made = {
        "id": "tilea", "resistance": resistance, "conquest": resistance if conquest is None else conquest,
        "corruption": {}, "warpstone": 0, "heroes": 0, "nobles": 0, "peasants": 0, "skaven": 0,
        "events": [], "slots": [None, None], "figures": {}, "control": [], "ruined": False,
        "ruination_card": None, "ruined_round": None,
    }
    made.update(changes)
    return made


def card(god, domination=0, magic=0, cost=0, name="Card"):
    return {"god": god, "domination": domination, "magic": magic, "cost": cost, "name": name}


def units():
    """Unit stats as the data ships them (per god, per unit kind)."""
    from companion.games.chaos import data

    return {god: {u["kind"]: u for u in g["units"]} for god, g in data.gods().items()}
