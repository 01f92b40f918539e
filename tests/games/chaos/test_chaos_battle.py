"""Battles: dice due, legal targets, hit-assignment limits, Khorne's token."""

import pytest

from chaos_helpers import GODS, region, units
from companion.games.chaos.battle import check_assignment, dice_due, khorne_earns_token, legal_targets
from companion.rules import ActionError

UNITS = units()


def targets(place, attacker, fallen=()):
    return legal_targets(place, attacker, GODS, UNITS, list(fallen), 1)


def test_dice_due_add_up_every_controlled_figures_attack():
    # Khorne: 2 warriors (2 each) + greater daemon (4) = 8; cultists roll none.
    place = region(figures={"khorne": {"warrior": 2, "greater_daemon": 1, "cultist": 3}})
    assert dice_due(place, "khorne", UNITS) == 8


def test_first_strike_kills_roll_no_more():
    place = region(figures={"khorne": {"warrior": 2}})
    assert dice_due(place, "khorne", UNITS, removed=[{"owner": "khorne", "unit": "warrior"}]) == 2


def test_peasants_and_other_gods_figures_are_legal_targets():
    place = region(peasants=2, figures={"khorne": {"warrior": 1}, "tzeentch": {"warrior": 1}})
    found = targets(place, "khorne")
    assert found == {("tzeentch", "warrior"): {"count": 1, "defense": UNITS["tzeentch"]["warrior"]["defense"]},
                     ("peasant", "peasant"): {"count": 2, "defense": 1}}


def test_ones_own_figure_under_another_gods_control_is_a_legal_target():
    place = region(figures={"khorne": {"warrior": 2}},
                   control=[{"owner": "khorne", "unit": "warrior", "controller": "nurgle"}])
    assert ("khorne", "warrior") in targets(place, "khorne")


def test_each_assignment_must_kill_its_target_on_its_own():
    # Tzeentch's horror has defense 2 (data default): 1 hit can't be put on it.
    place = region(figures={"tzeentch": {"warrior": 1}})
    with pytest.raises(ActionError) as refused:
        check_assignment(1, [{"owner": "tzeentch", "unit": "warrior", "hits": 1}], targets(place, "khorne"))
    assert refused.value.field == "assignments"
    made = check_assignment(2, [{"owner": "tzeentch", "unit": "warrior", "hits": 2}], targets(place, "khorne"))
    assert made["kills"] == [{"owner": "tzeentch", "unit": "warrior"}]


def test_extra_hits_are_lost_when_nothing_more_can_die():
    # 3 hits, one horror (defense 2): kill it, the third hit is lost.
    place = region(figures={"tzeentch": {"warrior": 1}})
    made = check_assignment(3, [{"owner": "tzeentch", "unit": "warrior", "hits": 2}], targets(place, "khorne"))
    assert len(made["kills"]) == 1


def test_hits_that_could_still_kill_must_be_assigned():
    place = region(peasants=1, figures={"tzeentch": {"warrior": 1}})
    with pytest.raises(ActionError) as refused:
        check_assignment(3, [{"owner": "tzeentch", "unit": "warrior", "hits": 2}], targets(place, "khorne"))
    assert refused.value.params == {"left": 1}


def test_more_hits_than_rolled_are_refused():
    place = region(peasants=2)
    with pytest.raises(ActionError):
        check_assignment(1, [{"owner": "peasant", "unit": "peasant", "hits": 1}] * 2, targets(place, "khorne"))


def test_a_target_cannot_be_killed_twice():
    place = region(peasants=1)
    with pytest.raises(ActionError):
        check_assignment(2, [{"owner": "peasant", "unit": "peasant", "hits": 1}] * 2, targets(place, "khorne"))


def test_first_strike_hits_of_the_same_source_add_to_normal_hits():
    # 2 first-strike hits on the Keeper of Secrets (defense 4): 2 more kill it.
    place = region(figures={"slaanesh": {"greater_daemon": 1}})
    wounds = {("slaanesh", "greater_daemon"): 2}
    made = check_assignment(2, [{"owner": "slaanesh", "unit": "greater_daemon", "hits": 2}],
                            targets(place, "khorne"), wounds)
    assert made["kills"] == [{"owner": "slaanesh", "unit": "greater_daemon"}]


def test_first_strike_hits_too_few_to_kill_stay_as_wounds():
    place = region(figures={"slaanesh": {"greater_daemon": 1}})
    made = check_assignment(2, [{"owner": "slaanesh", "unit": "greater_daemon", "hits": 2}], targets(place, "khorne"),
                            first_strike=True)
    assert made == {"kills": [], "wounds": {("slaanesh", "greater_daemon"): 2}}


def test_normal_hits_too_few_to_kill_are_refused_even_with_a_wound_from_another_source():
    place = region(figures={"slaanesh": {"greater_daemon": 1}})
    with pytest.raises(ActionError):
        check_assignment(2, [{"owner": "slaanesh", "unit": "greater_daemon", "hits": 2}], targets(place, "khorne"), {})


def test_fallen_figures_are_no_longer_targets():
    place = region(figures={"nurgle": {"cultist": 1}})
    assert targets(place, "khorne", fallen=[{"owner": "nurgle", "unit": "cultist"}]) == {}


def test_khorne_earns_a_token_for_killing_another_gods_figure_not_a_peasant():
    assert khorne_earns_token([{"owner": "nurgle", "unit": "cultist"}], "khorne")
    assert not khorne_earns_token([{"owner": "peasant", "unit": "peasant"}], "khorne")
    assert not khorne_earns_token([{"owner": "nurgle", "unit": "cultist"}], "slaanesh")
