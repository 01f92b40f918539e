"""Domination: cards + controlled figures; strictly highest and above resistance."""

from chaos_helpers import GODS, card, region
from companion.games.chaos.domination import dominate


def test_the_single_highest_above_resistance_scores_the_conquest_value():
    # Khorne: a 2-domination card + 1 warrior = 3; Nurgle: 1 cultist = 1. Resistance 2.
    tilea = region(2, figures={"khorne": {"warrior": 1}, "nurgle": {"cultist": 1}}, slots=[card("khorne", 2), None])
    result = dominate(tilea, GODS)
    assert result["scores"]["khorne"] == {"cards": 2, "figures": 1, "total": 3}
    assert (result["winner"], result["vp"]) == ("khorne", 2)


def test_a_tie_for_highest_domination_scores_nothing():
    tilea = region(1, figures={"khorne": {"warrior": 2}, "slaanesh": {"cultist": 1}}, slots=[card("slaanesh", 1), None])
    result = dominate(tilea, GODS)
    assert result["scores"]["khorne"]["total"] == result["scores"]["slaanesh"]["total"] == 2
    assert (result["winner"], result["vp"]) == (None, 0)


def test_domination_equal_to_resistance_is_not_enough():
    result = dominate(region(3, figures={"tzeentch": {"cultist": 3}}), GODS)
    assert result["winner"] is None


def test_nobles_raise_conquest_and_skaven_lower_resistance_separately():
    # Printed 3/3; 1 skaven -> resistance 2; 2 nobles -> conquest 5. Nurgle has 3.
    estalia = region(3, skaven=1, nobles=2, figures={"nurgle": {"cultist": 3}})
    result = dominate(estalia, GODS)
    assert (result["resistance"], result["conquest"]) == (2, 5)
    assert (result["winner"], result["vp"]) == ("nurgle", 5)


def test_a_controlled_enemy_figure_counts_for_its_controller():
    # Slaanesh controls one of Khorne's two warriors: 1 each, tie, nobody scores.
    tilea = region(0, figures={"khorne": {"warrior": 2}},
                   control=[{"owner": "khorne", "unit": "warrior", "controller": "slaanesh"}])
    result = dominate(tilea, GODS)
    assert result["scores"]["khorne"]["figures"] == result["scores"]["slaanesh"]["figures"] == 1
    assert result["winner"] is None


def test_the_working_explains_the_score():
    tilea = region(2, figures={"khorne": {"warrior": 1}}, slots=[card("khorne", 2), None])
    messages = [entry["msg"] for entry in dominate(tilea, GODS)["working"]]
    assert messages[0].startswith("%(god)s: %(cards)d from cards")
    assert messages[-1] == "%(god)s dominates and scores %(vp)d VP."
