"""The Cthulhu Wars table on the pages and the JSON API."""


def test_a_table_is_created_from_the_home_page_and_its_pages_render(table, cthulhu, chaos, goat, host):
    page = cthulhu.page(f"/t/{table}")
    assert "Gather power for everyone" in page
    assert cthulhu.act("power.gather").status_code == 200
    page = cthulhu.page(f"/t/{table}")
    assert "Counter-clockwise" in page  # Great Cthulhu chooses the direction
    assert "Power 8 = 6 cultists + 1 gates × 2" in page
    assert host.page(f"/t/{table}/display")


def test_a_refused_action_says_why_and_changes_nothing(table, cthulhu, chaos, goat):
    response = chaos.act("ritual.perform")
    assert response.status_code == 422
    assert "Not now" in response.get_data(as_text=True)


def test_the_page_speaks_chinese_and_japanese(table, cthulhu, chaos, goat):
    cthulhu.act("power.gather")
    chinese = cthulhu.get(f"/t/{table}", headers={"Accept-Language": "zh-CN"}).get_data(as_text=True)
    assert "邪能" in chinese and "伟大的克苏鲁" in chinese and "6 个邪教徒" in chinese
    japanese = cthulhu.get(f"/t/{table}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "時計回り" in japanese and "大いなるクトゥルフ" in japanese
