"""Creating a Cthulhu Wars table from the home page, as the host would (web tests)."""

from web_support import Browser, location_path


def create_cthulhu_table(host: Browser, factions=("great_cthulhu", "crawling_chaos", "black_goat"),
                         board="counts") -> str:
    host.load_csrf("/")
    fields = {"game": "cthulhu-wars", "name": "Cthulhu night", "board": board}
    fields.update({f"seat_{n}": faction for n, faction in enumerate(factions, start=1)})
    fields.update({f"seat_{n}": "" for n in range(len(factions) + 1, 5)})
    response = host.post("/tables", fields)
    assert response.status_code == 302, response.get_data(as_text=True)
    host.token = location_path(response).split("/")[2]
    return host.token
