"""Join codes can't be guessed: past a few wrong codes an address waits
(429 with Retry-After, said on the join-code page in the reader's language,
and logged), while a right code after a few typos still lets one in."""

from __future__ import annotations

import pytest

from companion.web import create_app
from companion.web.guesses import SECONDS_PER_TRY, WRONG_CODES_ALLOWED, WrongCodes
from web_support import PHONE_ADDRESS, Browser


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


@pytest.fixture
def phone(new_phone, table):
    phone = new_phone()
    phone.load_csrf("/")
    return phone


def guess_wrong(phone, times: int) -> list[int]:
    return [phone.post("/join", {"code": "ZZZZZZ"}).status_code for _ in range(times)]


def test_a_right_code_still_works_after_a_few_typos(phone, table, store):
    assert guess_wrong(phone, WRONG_CODES_ALLOWED - 1) == [404] * (WRONG_CODES_ALLOWED - 1)
    response = phone.post("/join", {"code": store.table(table).code})
    assert response.status_code == 302


def test_past_the_allowed_wrong_codes_every_code_waits_with_429_and_retry_after(phone, table, store):
    assert guess_wrong(phone, WRONG_CODES_ALLOWED) == [404] * WRONG_CODES_ALLOWED
    refused = phone.post("/join", {"code": "ZZZZZZ"})
    assert refused.status_code == 429
    wait = int(refused.headers["Retry-After"])
    assert 0 < wait <= SECONDS_PER_TRY
    page = refused.get_data(as_text=True)
    assert f"Too many wrong codes. Try again in {wait} second" in page
    assert 'value="ZZZZZZ"' in page
    # Even the right code is not tested meanwhile, or guessing would go on.
    assert phone.post("/join", {"code": store.table(table).code}).status_code == 429


def test_the_wait_is_said_in_the_readers_language(phone):
    guess_wrong(phone, WRONG_CODES_ALLOWED)
    refused = phone.post("/join", {"code": "ZZZZZZ"}, headers={"Accept-Language": "ja"})
    assert refused.status_code == 429
    wait = refused.headers["Retry-After"]
    page = refused.get_data(as_text=True)
    assert "Too many wrong codes" not in page
    assert wait in page and "秒" in page


def test_another_address_is_not_held_back(phone, new_phone, table, store):
    guess_wrong(phone, WRONG_CODES_ALLOWED + 1)
    other = new_phone("192.168.1.77")
    other.load_csrf("/")
    assert other.post("/join", {"code": store.table(table).code}).status_code == 302


def test_the_limit_is_logged_as_a_warning(phone, caplog):
    with caplog.at_level("WARNING", logger="companion.web.guesses"):
        guess_wrong(phone, WRONG_CODES_ALLOWED)
    assert any("wrong codes from 192.168.1.20" in record.getMessage() for record in caplog.records)


def test_an_address_earns_a_try_back_as_time_passes(store):
    clock = Clock()
    codes = WrongCodes(store, allowed=3, seconds_per_try=6, clock=clock)
    for _ in range(3):
        assert codes.wait("a") == 0
        codes.wrong("a")
    assert codes.wait("a") == 6
    clock.now += 4
    assert codes.wait("a") == 2
    clock.now += 2
    assert codes.wait("a") == 0
    codes.wrong("a")
    assert codes.wait("a") == 6  # one try earned, one spent
    clock.now += 18
    assert codes.wait("a") == 0
    assert codes.wait("b") == 0


def test_addresses_that_rested_are_forgotten_when_many_are_remembered(monkeypatch, store):
    from companion.web import guesses

    monkeypatch.setattr(guesses, "MAX_TRACKED", 3)
    clock = Clock()
    codes = WrongCodes(store, allowed=2, seconds_per_try=1, clock=clock)
    for address in "abc":
        codes.wrong(address)
    clock.now += 5  # all three have their tries back
    codes.wrong("d")
    assert [row[0] for row in store.db.execute("select address from wrong_codes")] == ["d"]


def test_when_all_are_busy_the_addresses_resting_soonest_are_forgotten(monkeypatch, store):
    from companion.web import guesses

    monkeypatch.setattr(guesses, "MAX_TRACKED", 2)
    clock = Clock()
    codes = WrongCodes(store, allowed=2, seconds_per_try=10, clock=clock)
    for address in "abbc":
        codes.wrong(address)
        clock.now += 1
    # a rests first (at 1010), b last (1021); c, just counted, is kept.
    assert sorted(row[0] for row in store.db.execute("select address from wrong_codes")) == ["b", "c"]


def test_the_count_survives_a_restart(tmp_path, table):
    """A server restarted (or crashed) gives a guesser no tries back: the
    count is in the database, and a new app on it goes on refusing."""
    path = str(tmp_path / "restart.sqlite3")

    def phone_on_new_server():
        app = create_app({"DATABASE": path, "TESTING": True})
        phone = Browser(app.test_client())
        phone.client.environ_base["REMOTE_ADDR"] = PHONE_ADDRESS
        phone.load_csrf("/")
        return app, phone

    app, phone = phone_on_new_server()
    assert guess_wrong(phone, WRONG_CODES_ALLOWED) == [404] * WRONG_CODES_ALLOWED
    app.extensions["companion.store"].close()
    app, phone = phone_on_new_server()
    refused = phone.post("/join", {"code": "ZZZZZZ"})
    assert refused.status_code == 429 and 0 < int(refused.headers["Retry-After"]) <= SECONDS_PER_TRY
    app.extensions["companion.store"].close()


def test_a_clock_set_back_does_not_lengthen_the_wait(store):
    clock = Clock()
    codes = WrongCodes(store, allowed=2, seconds_per_try=6, clock=clock)
    codes.wrong("a")
    codes.wrong("a")
    assert codes.wait("a") == 6
    clock.now -= 3600  # the laptop's clock corrected an hour back
    assert codes.wait("a") == 6  # not an hour
    clock.now += 6
    assert codes.wait("a") == 0
    codes.wrong("a")
    assert codes.wait("a") == 6
