"""One way to show a number: the worked-number shape and its one macro."""

from __future__ import annotations

import json

from companion.kit import working
from companion.web import create_app


def test_a_summed_number_is_the_sum_of_its_lines_amounts_and_survives_json():
    attack = working.summed([working.line("base %(amount)d", amount=3), working.line("card %(amount)+d", amount=1)])
    assert attack["value"] == 4
    assert json.loads(json.dumps(attack)) == attack
    assert working.is_worked(attack)
    assert not working.is_worked({"total": 4, "lines": []})


def test_the_macro_shows_the_number_and_opens_to_each_line_translated(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "db.sqlite3")})
    attack = working.summed([working.line("Attack %(amount)d", amount=3), working.line("card %(amount)+d", amount=1)])
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        html = app.jinja_env.from_string(
            '{% from "kit/working.html" import working %}{{ working(attack, "attack") }}').render(attack=attack)
        plain = app.jinja_env.from_string(
            '{% from "kit/working.html" import working %}{{ working(n) }}').render(n=working.worked(7))
    assert '<details class="working">' in html and '<span class="value">4</span>' in html
    assert "<li>Attack 3</li>" in html and "<li>card +1</li>" in html
    assert "<details" not in plain and '<span class="value">7</span>' in plain



def test_a_line_whose_sentence_leaves_its_amount_out_ends_with_it_signed(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "db.sqlite3")})
    dice = working.summed([working.line("Combat value of %(hero)s", hero="Rose", amount=2),
                           working.line("Spent", amount=-1), working.line("base %(amount)d", amount=3)])
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        html = app.jinja_env.from_string(
            '{% from "kit/working.html" import working %}{{ working(dice, "dice") }}').render(dice=dice)
    assert '<li>Combat value of Rose <span class="value">+2</span></li>' in html
    assert '<li>Spent <span class="value">-1</span></li>' in html
    assert "<li>base 3</li>" in html  # said by the sentence: not twice


def test_sentences_are_one_parameter_read_in_english_or_translated_line_by_line():
    from companion.kit.working import Sentences
    from companion.rules import Msg

    said = Sentences([("%(god)s loses %(amount)d power", {"god": Msg("Khorne"), "amount": 1}),
                      ("nothing else", {})])
    assert said == "Khorne loses 1 power; nothing else"
    words = {"%(god)s loses %(amount)d power": "%(god)s 失去 %(amount)d 威能", "Khorne": "恐虐"}
    assert said.translated(lambda text: words.get(text, text)) == "恐虐 失去 1 威能; nothing else"
