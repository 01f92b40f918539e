"""English left on a Chinese or Japanese page: renders each table type's seat
page, display and history (a table set up and a few steps played through the
pages' own forms, on a throwaway database) in one language, and lists every
ASCII word of four letters or more still shown, with where it stands. What
was typed at the table (table, seat and character names, tracks) and the
language menu's "English" show too: name them to leave them out.

    .venv/bin/python scripts/english_left.py zh_Hans [Word,Word,...]

Run from the repository root (it drives tables with the tests' helpers)."""

from __future__ import annotations

import collections
import html
import re
import sys
import tempfile

sys.path[:0] = [".", "tests", "tests/web", "tests/games/the_others"]

from companion.web import create_app  # noqa: E402
from test_the_others_web import Phone, set_up_with_forms  # noqa: E402 (after the path)
from web_support import Browser, join_seat, location_path  # noqa: E402

LANG = sys.argv[1] if len(sys.argv) > 1 else "zh_Hans"
ACCEPT = {"en": "en", "zh_Hans": "zh-CN", "ja": "ja"}[LANG]
TYPED = set(sys.argv[2].split(",")) if len(sys.argv) > 2 else set()
APP = create_app({"DATABASE": tempfile.mktemp(), "TESTING": True, "PUBLIC_URL": "http://127.0.0.1:8000"})


def browser(address: str = "192.168.1.20") -> Browser:
    phone = Browser(APP.test_client())
    phone.client.environ_base.update(REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE=ACCEPT)
    return phone


def table(game: str, **options) -> str:
    host = browser("127.0.0.1")
    host.load_csrf("/")
    made = host.post("/tables", {"game": game, "name": "T", **options})
    assert made.status_code == 302, made.get_data(as_text=True)[:500]
    return re.fullmatch(r"/t/([^/]+)/qr", location_path(made)).group(1)


def ok(answer) -> None:
    assert answer.status_code == 200, answer.get_data(as_text=True)[:500]


def shown(page: str) -> str:
    """The words a reader sees: text, titles, labels and placeholders."""
    page = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", page)
    attributes = " ".join(re.findall(r'(?:title|aria-label|placeholder|alt)="([^"]*)"', page))
    return html.unescape(re.sub(r"(?s)<[^>]*>", " ", page) + " " + attributes)


def report(label: str, page: str) -> None:
    text = shown(page)
    found = collections.Counter(w for w in re.findall(r"[A-Za-z][A-Za-z'’]{3,}", text) if w not in TYPED)
    print(f"== {label}: {len(found)}")
    for word, count in found.most_common():
        where = re.search(r".{0,40}\b" + re.escape(word) + r"\b.{0,40}", text)
        print(f"   {word} ×{count} | {where.group(0).strip() if where else ''}")


def tables() -> dict:
    """Each table type's token and a seated phone, a few steps in."""
    made = {}
    token = table("tally", tracks="Doom 0..30", counters="VP 0..99")
    made["tally"] = (join_seat(browser(), token, "Ann"), token)
    token = table("gloomhaven", scenario="1", difficulty="normal")
    ann, bo = join_seat(browser(), token, "Ann"), join_seat(browser("192.168.1.21"), token, "Bo")
    ok(ann.act("character.set", **{"class": "brute", "level": "1", "name": "Ann"}))
    ok(bo.act("character.set", **{"class": "spellweaver", "level": "1"}))
    ok(ann.act("scenario.start"))
    ok(ann.act("initiative.choose", initiative="12", second="40"))
    made["gloomhaven"] = (ann, token)
    token = table("gloomhaven-campaign", party="Lanterns")
    ann, bo = join_seat(browser(), token, "Ann"), join_seat(browser("192.168.1.21"), token, "Bo")
    ok(ann.act("character.create", **{"class": "brute", "name": "Grok", "level": "1"}))
    ok(bo.act("character.create", **{"class": "cragheart", "name": "Tink", "level": "1"}))
    offer = APP.extensions["companion.store"].state(token)[1]["secrets"][ann.seat_id]["quest_offer"]
    ok(ann.act("quest.keep", quest=str(offer[0])))
    for action, fields in (("class.unlock", {"class": "two-mini"}), ("scenario.unlock", {"scenario": "2"})):
        ok(ann.act(action, **fields))
    made["campaign"] = (ann, token)
    token = table("cthulhu-wars")
    made["cthulhu-wars"] = (join_seat(browser(), token, "Ann", "great_cthulhu"), token)
    for name, role in (("Bo", "crawling_chaos"), ("Cy", "black_goat"), ("Di", "yellow_sign")):
        join_seat(browser(), token, name, role)
    token = table("chaos-old-world")
    made["chaos"] = (join_seat(browser(), token, "Ann", "khorne"), token)
    for name, role in (("Bo", "nurgle"), ("Cy", "tzeentch"), ("Di", "slaanesh")):
        join_seat(browser(), token, name, role)
    return made


def the_others() -> None:
    made = Phone(APP, LANG).post("/tables", {"game": "the-others", "name": "Haven", "sin": "pride", "acolyte": "nun",
                                             "story": "havens_last_stand", "hero_players": "3"})
    token = made.headers["Location"].rstrip("/").split("/")[-2]
    phones = {}
    for name, role in (("Sina", "sin"), ("Ann", "hero"), ("Bob", "hero"), ("Cy", "hero")):
        phones[name] = Phone(APP, LANG)
        phones[name].post(f"/t/{token}/seats", {"name": name, "role": role})
    set_up_with_forms(token, phones)
    ann = phones["Ann"]
    for action, fields in (("space.add", {"name": "Start"}), ("round.first_hero", {"hero": "rose"}),
                           ("turn.start", {"hero": "rose"}), ("apocalypse.advance", {"steps": "1"})):
        ann.act(token, action, **fields)
    report("the-others sin", phones["Sina"].page(token))
    ann.act(token, "fight.start", **{"monsters.abomination": "1", "entered.hero": "hit hit",
                                     "entered.sin": "hit blank blank"})
    report("the-others hero, in a fight", ann.page(token))
    for page in ("display", "history"):
        report(f"the-others {page}", ann.client.get(f"/t/{token}/{page}", headers=ann.headers).get_data(as_text=True))


if __name__ == "__main__":
    for label, (phone, token) in tables().items():
        for page in ("", "/display", "/history"):
            report(label + page, phone.page(f"/t/{token}{page}"))
    the_others()
