#!/usr/bin/env bash
# The package as a user gets it: build the sdist and, from it, the wheel;
# install the wheel in a fresh virtual environment outside the repository;
# run `companion serve` from a folder that is not the repository, drive a
# table through the JSON API and its page, load every table type's pages in
# three languages; run `companion solve` in Japanese.
# Fails loudly on the first problem. Needs the test extras (bash tests/run).
# Usage: bash tests/package_smoke.sh
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
PYTHON=${PYTHON:-$REPO/.venv/bin/python}

WORK=$(mktemp -d)
SERVER=
cleanup() {
  if [ -n "$SERVER" ] && kill -0 "$SERVER" 2>/dev/null; then
    kill "$SERVER" && wait "$SERVER" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT
fail() { echo "package smoke test FAILED: $*" >&2; exit 1; }
step() { echo "package smoke test: $*"; }

step "building the sdist and the wheel"
"$PYTHON" -m build --outdir "$WORK/dist" "$REPO" >"$WORK/build.log" 2>&1 \
  || { cat "$WORK/build.log" >&2; fail "the build failed"; }
WHEEL=$(ls "$WORK"/dist/companion-*.whl)

step "installing $(basename "$WHEEL") in a fresh virtual environment"
python3 -m venv "$WORK/venv"
"$WORK/venv/bin/pip" install --quiet --disable-pip-version-check "$WHEEL" >"$WORK/install.log" 2>&1 \
  || { cat "$WORK/install.log" >&2; fail "pip install of the wheel failed"; }

mkdir "$WORK/elsewhere"
cd "$WORK/elsewhere"
# The installed code, not the checkout's, must be what runs.
"$WORK/venv/bin/python" -c "import companion, sys; sys.exit(companion.__file__.startswith('$REPO'))" \
  || fail "the fresh environment imports companion from the repository"

PORT=$("$WORK/venv/bin/python" -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
step "starting companion serve on port $PORT"
"$WORK/venv/bin/companion" serve --host 127.0.0.1 --port "$PORT" --db "$WORK/elsewhere/tables.sqlite3" \
  >"$WORK/serve.log" 2>&1 &
SERVER=$!

step "driving a table through the API and its page"
"$WORK/venv/bin/python" - "$PORT" "$SERVER" <<'PYTHON' || { cat "$WORK/serve.log" >&2; fail "see above"; }
import json
import os
import re
import sys
import time
import urllib.error
import urllib.request

BASE = f"http://127.0.0.1:{sys.argv[1]}"
SERVER = int(sys.argv[2])
JAPANESE = re.compile(r"[\u3040-\u30ff]")  # hiragana or katakana


def call(method, path, body=None, **headers):
    data = None if body is None else json.dumps(body).encode("utf-8")
    if data is not None:
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(BASE + path, data=data, method=method,
                                     headers={k.replace("_", "-"): v for k, v in headers.items()})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


def expect(condition, what):
    if not condition:
        sys.exit(f"package smoke test: {what}")


for _ in range(300):
    try:
        os.kill(SERVER, 0)
    except OSError:
        sys.exit("package smoke test: companion serve exited")
    try:
        status, _ = call("GET", "/api/games")
        break
    except OSError:
        time.sleep(0.1)
else:
    sys.exit("package smoke test: companion serve did not answer within 30 s")
expect(status == 200, f"GET /api/games answered {status}")

status, text = call("GET", "/")
expect(status == 200 and "<html" in text, f"the home page answered {status}")
status, text = call("GET", "/static/app.css")
expect(status == 200 and text.strip(), f"a static file answered {status}")

status, text = call("POST", "/api/tables", {"game": "tally", "name": "Packaged Friday",
                                            "options": {"tracks": "Doom 0..30"}})
expect(status == 201, f"creating a table answered {status}: {text}")
token = json.loads(text)["token"]
status, text = call("POST", f"/api/tables/{token}/seats", {"name": "Mei", "role": "player"})
expect(status == 201, f"joining answered {status}: {text}")
key = json.loads(text)["key"]

status, text = call("GET", f"/t/{token}", X_Seat_Key=key)
expect(status == 200 and "Packaged Friday" in text and "Mei" in text,
       f"the seat's table page answered {status} without the table's and the seat's names")

status, text = call("POST", f"/api/tables/{token}/actions",
                    {"type": "track.adjust", "payload": {"track": "t1", "delta": 3}}, X_Seat_Key=key)
expect(status == 200, f"an action answered {status}: {text}")
status, text = call("GET", f"/api/tables/{token}/state", X_Seat_Key=key)
expect(status == 200, f"the state answered {status}: {text}")
doom = json.loads(text)["state"]["tracks"][0]
expect(doom["name"] == "Doom" and doom["value"] == 3, f"the action did not move Doom to 3: {doom}")

status, text = call("POST", f"/api/tables/{token}/actions",
                    {"type": "track.adjust", "payload": {"track": "t1", "delta": 99}},
                    X_Seat_Key=key, Accept_Language="ja")
error = json.loads(text)["error"]
expect(status == 400 and JAPANESE.search(error), f"a refusal in Japanese answered {status}: {error!r}")

# Every table type's pages, in each language, from the installed package:
# its templates, its static files and its own catalog.
OPTIONS = {"cthulhu-wars": {"seat_1": "great_cthulhu", "seat_2": "black_goat", "seat_3": "crawling_chaos"},
           "the-others": {"sin": "greed", "acolyte": "hobo", "story": "the_darkness_within", "hero_players": "3"}}
CHINESE = re.compile(r"[\u4e00-\u9fff]")
status, text = call("GET", "/api/games")
roles = {game["id"]: [role["id"] for role in game["roles"]] for game in json.loads(text)}
titles = {game["id"]: game["title"] for game in json.loads(text)}
games = sorted(roles)
expect(len(games) >= 6, f"only these table types are installed: {games}")
for game in games:
    status, text = call("POST", "/api/tables", {"game": game, "name": "Every page", "options": OPTIONS.get(game, {})})
    expect(status == 201, f"creating a {game} table answered {status}: {text}")
    made = json.loads(text)
    status, text = call("POST", f"/api/tables/{made['token']}/seats", {"name": "Mei", "role": roles[game][0]})
    expect(status == 201, f"joining a {game} table answered {status}: {text}")
    seat_key = json.loads(text)["key"]
    for language, script in (("en", None), ("zh-CN", CHINESE), ("ja", JAPANESE)):
        # The join page names the game from the game's own catalog.
        status, text = call("GET", f"/t/{made['token']}", Accept_Language=language)
        expect(status == 200 and (titles[game] in text) == (script is None),
               f"{game}: the join page in {language} answered {status}, its title from the game's catalog or not")
        for path in (f"/t/{made['token']}", f"/t/{made['token']}/display", f"/t/{made['token']}/history"):
            status, text = call("GET", path, X_Seat_Key=seat_key, Accept_Language=language)
            expect(status == 200, f"{game}: {path} in {language} answered {status}")
            # The foot of the page names every language in its own script.
            body = re.sub(r"<footer.*?</footer>", "", text, flags=re.S)
            # (A tally's display shows only what the group typed.)
            if not (game == "tally" and path.endswith("/display")):
                expect(script is None or script.search(body), f"{game}: {path} is not in {language}")
print(f"package smoke test: pages, display and history of {len(games)} table types in three languages all right")

bad_scenario = {"hexes": [[0, 0]], "figures": [], "active": "nobody", "action": {}}
status, text = call("POST", "/api/gloomhaven/solve", bad_scenario, Accept_Language="ja")
error = json.loads(text)["error"]
expect(status == 400 and JAPANESE.search(error), f"the solver's refusal in Japanese answered {status}: {error!r}")
print(f"package smoke test: table {token[:6]}…: page, action, state and Japanese errors all right")
PYTHON

step "running companion solve --lang ja"
cat >"$WORK/scenario.json" <<'JSON'
{"rules": "gloomhaven", "hexes": [[0,0],[1,0],[2,0],[3,0],[4,0],[0,1],[1,1],[2,1],[3,1],[4,1]],
 "figures": [{"id": "m", "side": "monster", "hex": [0, 0]},
             {"id": "a", "side": "character", "hex": [4, 0], "initiative": 10}],
 "active": "m", "action": {"move": 2, "attack": {"range": 0, "targets": 1}}}
JSON
"$WORK/venv/bin/companion" solve --lang ja "$WORK/scenario.json" >"$WORK/solved.json" \
  || fail "companion solve failed"
grep -q "フォーカス" "$WORK/solved.json" || { cat "$WORK/solved.json" >&2; fail "companion solve --lang ja is not in Japanese"; }

step "all right"
