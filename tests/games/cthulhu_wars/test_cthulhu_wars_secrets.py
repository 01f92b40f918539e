"""An elder sign's value reaches its owner's seat and nobody else: not another
seat, not the table display, not the host, through no page, fragment, event
stream, JSON state, JSON log or history; others see only how many."""

from __future__ import annotations

import pytest

from web_support import json_text, stream_text


def everything_seen_by(browser, token: str) -> dict[str, str]:
    return {
        "table page": browser.get(f"/t/{token}").get_data(as_text=True),
        "display page": browser.get(f"/t/{token}/display").get_data(as_text=True),
        "history": browser.get(f"/t/{token}/history").get_data(as_text=True),
        "api state": json_text(browser.client.get(f"/api/tables/{token}/state")),
        "api log": json_text(browser.client.get(f"/api/tables/{token}/log")),
        "stream": stream_text(browser, f"/t/{token}/events"),
        "display stream": stream_text(browser, f"/t/{token}/events?view=display"),
    }


def leaks(text: str) -> list[str]:
    """The shapes an elder sign's value takes on a page or in JSON."""
    return [marker for marker in ("data-elder-sign", '"elder_signs": [', '"drawn": [', '"bag"') if marker in text]


@pytest.fixture
def signed(table, cthulhu, chaos, goat):
    """Great Cthulhu holds two elder signs (five books, then Immortal's sign
    for awakening), drawn by the server."""
    assert cthulhu.act("spellbook.earn", requirement="gc_five_books", spellbook="dreams").status_code == 200
    assert cthulhu.act("counts.adjust", count="gates", delta="2").status_code == 200  # 12 power: enough to awaken
    assert cthulhu.act("power.gather").status_code == 200
    assert cthulhu.act("direction.choose", direction="clockwise").status_code == 200
    return table


def owner_values(browser, token) -> list[int]:
    state = browser.client.get(f"/api/tables/{token}/state").get_json()["state"]
    return state["mine"]["elder_signs"]


def test_the_owner_sees_the_values(signed, cthulhu):
    values = owner_values(cthulhu, signed)
    assert len(values) == 1 and values[0] in (1, 2, 3)
    page = cthulhu.page(f"/t/{signed}")
    assert f'data-elder-sign="{values[0]}"' in page
    log = json_text(cthulhu.client.get(f"/api/tables/{signed}/log"))
    assert '"drawn": [' in log


def test_another_seat_sees_how_many_but_never_the_values(signed, chaos):
    seen = everything_seen_by(chaos, signed)
    for where, text in seen.items():
        assert not leaks(text), (where, leaks(text))
    state = chaos.client.get(f"/api/tables/{signed}/state").get_json()["state"]
    assert state["factions"]["great_cthulhu"]["elder_signs"] == 1


def test_the_display_a_stranger_and_the_host_never_see_the_values(signed, host, new_phone):
    for who, browser in (("stranger", new_phone()), ("host", host)):
        for where, text in everything_seen_by(browser, signed).items():
            assert not leaks(text), (who, where)


def test_action_fragments_of_another_seat_carry_no_values(signed, chaos, goat):
    for response in (goat.act("counts.adjust", count="cultists", delta="-1"),
                     chaos.act("ritual.perform"),  # refused
                     chaos.post(f"/t/{signed}/undo", htmx=True)):
        assert not leaks(response.get_data(as_text=True))


def test_a_draw_while_another_seat_watches_its_stream_stays_hidden(signed, cthulhu, chaos):
    answers = []
    watched = stream_text(chaos, f"/t/{signed}/events",
                          act=lambda: answers.append(cthulhu.act("awaken", great_old_one="cthulhu")))
    assert answers[0].status_code == 200 and len(owner_values(cthulhu, signed)) == 2
    assert "event: region-" in watched
    assert not leaks(watched)


def test_revealed_signs_become_public_doom(signed, cthulhu, chaos):
    value = owner_values(cthulhu, signed)[0]
    assert cthulhu.act("elder_signs.reveal", **{"values.01": str(value)}).status_code == 200
    state = chaos.client.get(f"/api/tables/{signed}/state").get_json()["state"]
    assert state["factions"]["great_cthulhu"]["doom"] == value
    assert state["factions"]["great_cthulhu"]["elder_signs"] == 0
