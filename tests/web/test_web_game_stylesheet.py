"""A game's own styles live in its package (companion/games/<id>/static/game.css)
and are linked in the <head> of its tables' pages, once, after the shared
app.css; the shared stylesheet styles no single game."""

from __future__ import annotations

import re

import pytest

from companion import PACKAGE_DIR, games, resource_dir
from web_support import join_seat

OPTIONS = {
    "gloomhaven": {"scenario": 1},
    "gloomhaven-campaign": {},
    "cthulhu-wars": {"seat_1": "great_cthulhu", "seat_2": "black_goat"},
    "the-others": {"sin": "pride", "acolyte": "nun", "story": "havens_last_stand", "hero_players": "1"},
    "chaos-old-world": {},
    "tally": {},
}
# The table types whose package ships a game.css, and that package.
STYLED = {"gloomhaven": "gloomhaven", "gloomhaven-campaign": "gloomhaven",
          "cthulhu-wars": "cthulhu_wars", "the-others": "the_others", "chaos-old-world": "chaos"}
APP_CSS = PACKAGE_DIR / "web" / "static" / "app.css"
GAME_CSS_LINK = re.compile(r'<link rel="stylesheet" href="(/games/[^/"]+/static/game\.css)">')


def head_of(html: str) -> str:
    return html.split("</head>", 1)[0]


def game_links(html: str) -> list[str]:
    return GAME_CSS_LINK.findall(html)


def new_table(store, game: str) -> str:
    return store.create_table(game, "Friday", OPTIONS[game]).token


@pytest.mark.parametrize("game", sorted(OPTIONS))
def test_a_tables_display_links_its_games_stylesheet_in_the_head_once_and_no_other(client, store, game):
    html = client.get(f"/t/{new_table(store, game)}/display").get_data(as_text=True)
    expected = [f"/games/{STYLED[game]}/static/game.css"] if game in STYLED else []
    assert game_links(html) == expected
    assert game_links(head_of(html)) == expected
    if expected:  # after the shared styles, so a game's rule wins over app.css's
        assert head_of(html).index("app.css") < head_of(html).index(expected[0])


@pytest.mark.parametrize("game", ["gloomhaven", "gloomhaven-campaign", "tally"])
def test_a_seats_table_page_links_its_games_stylesheet_and_no_other(store, new_phone, game):
    token = new_table(store, game)
    phone = join_seat(new_phone(), token, "Ann")
    html = phone.page(f"/t/{token}")
    expected = [f"/games/{STYLED[game]}/static/game.css"] if game in STYLED else []
    assert game_links(html) == expected


def test_a_page_without_a_table_links_no_games_stylesheet(client):
    assert game_links(client.get("/").get_data(as_text=True)) == []


@pytest.mark.parametrize("package", sorted(set(STYLED.values())))
def test_each_games_stylesheet_is_served(client, package):
    response = client.get(f"/games/{package}/static/game.css")
    assert response.status_code == 200
    assert response.mimetype == "text/css"


def test_a_sub_packages_table_type_shares_its_packages_stylesheet():
    assert games.package_of("gloomhaven-campaign") == "gloomhaven"
    assert games.stylesheet_package("gloomhaven-campaign") == "gloomhaven"


def test_a_table_of_a_game_no_longer_installed_links_no_stylesheet():
    assert games.stylesheet_package("no-such-game") is None


def test_the_shared_stylesheet_names_no_game():
    text = APP_CSS.read_text(encoding="utf-8").lower()
    names = set()
    for package in games.game_packages():
        names |= {package, package.replace("_", " "), package.replace("_", "-")}
    names |= set(games.table_types())
    names |= {str(rules.title).lower() for rules in games.table_types().values() if rules.title}
    names.discard("tally")  # also an ordinary word; its package ships no game.css
    assert [name for name in sorted(names) if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text)] == []


def class_selectors(css: str) -> set[str]:
    without_comments = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    selectors = re.sub(r"\{[^}]*\}", "{}", without_comments)
    return set(re.findall(r"\.([a-zA-Z][\w-]*)", selectors))


def game_sources(package: str) -> str:
    folders = [resource_dir("templates") / "games" / package, games.package_dir(package)]
    return "\n".join(path.read_text(encoding="utf-8") for folder in folders if folder.is_dir()
                     for path in folder.rglob("*") if path.suffix in (".html", ".py", ".js"))


def shared_templates() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in resource_dir("templates").rglob("*.html")
                     if "games" not in path.relative_to(resource_dir("templates")).parts)


def test_the_shared_stylesheet_styles_no_class_only_one_game_uses():
    """A class that one game alone writes belongs in that game's game.css.
    The tally is the kit's worked example: the counters' scoreboard it alone
    shows is the kit's look, so it does not make a class a game's."""
    sources = {package: game_sources(package) for package in games.game_packages()}
    elsewhere = shared_templates() + sources.pop("tally", "")
    only_one_game = {}
    for name in class_selectors(APP_CSS.read_text(encoding="utf-8")):
        used = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])")
        users = [package for package, text in sources.items() if used.search(text)]
        if len(users) == 1 and not used.search(elsewhere):
            only_one_game[name] = users[0]
    only_one_game.pop("visually-hidden", None)  # a generic accessibility utility any page may use
    assert only_one_game == {}
