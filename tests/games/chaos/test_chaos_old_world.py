"""The Old World track: two slots, shifting, remove-after and event removal."""

from companion.games.chaos.old_world import active_events, enter_track


def c(uid, **flags):
    return {"uid": uid, **flags}


def test_a_new_card_enters_slot_one_and_slot_two_leaves():
    track, left = enter_track([c("a"), c("b")], c("n"))
    assert [card["uid"] for card in track] == ["n", "a"]
    assert [card["uid"] for card in left] == ["b"]


def test_the_first_card_fills_slot_one():
    track, left = enter_track([None, None], c("n"))
    assert track == [c("n"), None] and left == []


def test_a_remove_after_effect_card_never_enters_the_track():
    track, left = enter_track([c("a"), c("b")], c("n", remove_after=True))
    assert track == [c("a"), c("b")] and left == [c("n", remove_after=True)]


def test_a_card_that_removes_events_takes_the_removed_cards_place():
    track, left = enter_track([c("a"), c("e", event=True)], c("n", removes_events=True))
    assert track == [c("a"), c("n", removes_events=True)]
    assert left == [c("e", event=True)]


def test_a_card_that_removes_events_shifts_as_usual_when_there_are_none():
    track, left = enter_track([c("a"), c("b")], c("n", removes_events=True))
    assert [card["uid"] for card in track] == ["n", "a"] and left == [c("b")]


def test_event_tokens_lose_their_effect_when_their_card_leaves():
    regions = {"kislev": {"events": ["e", "gone"]}}
    assert active_events(regions, [c("e"), None]) == {"kislev": ["e"]}
