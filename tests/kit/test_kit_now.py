"""The card at the top of a phone: what the table waits for, and your buttons."""

from __future__ import annotations

from companion.web import create_app


def test_the_now_card_says_what_the_table_waits_for_marks_your_move_and_holds_its_buttons(tmp_path):
    from companion.kit.now import now

    app = create_app({"DATABASE": str(tmp_path / "db.sqlite3")})
    mine = now("%(who)s acts", {"who": "Khorne"}, you=True, open_actions={"pass": [{}]})
    theirs = now("%(who)s acts", {"who": "Nurgle"})
    page = '{% from "kit/now.html" import now_card %}{% call now_card(n) %}<button>Pass</button>{% endcall %}'
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        yours = app.jinja_env.from_string(page).render(n=mine)
        waiting = app.jinja_env.from_string('{% from "kit/now.html" import now_card %}{{ now_card(n) }}').render(n=theirs)
    assert 'class="now card yours"' in yours and "Your turn" in yours and "Khorne acts" in yours
    assert '<div class="now-actions"><button>Pass</button></div>' in yours
    assert "Your turn" not in waiting and "Nurgle acts" in waiting and "now-actions" not in waiting
