"""The converter turns the reference into data/cthulhu_wars/, with the seed overruling it."""

from pathlib import Path

import pytest

from companion.games.cthulhu_wars import data
from companion.games.cthulhu_wars.convert import reference as convert

ROOT = Path(__file__).resolve().parents[3]
# ../shared/ref/cthulhu-wars from the project root (a worktree sits one folder deeper).
REFERENCE = next(
    (folder
     for folder in (ROOT.parent / "shared" / "ref" / "cthulhu-wars",
                    ROOT.parents[1] / "shared" / "ref" / "cthulhu-wars")
     if (folder / "data.json").is_file()),
    ROOT.parent / "shared" / "ref" / "cthulhu-wars",
)
needs_reference = pytest.mark.skipif(
    not (REFERENCE / "data.json").is_file(),
    reason="the Cthulhu Wars reference folder (../shared/ref/cthulhu-wars from the project root) is absent",
)


@pytest.fixture(scope="module")
def reference():
    return convert.load_reference(REFERENCE)


@pytest.fixture(scope="module")
def converted(reference):
    return convert.convert(reference)


@needs_reference
def test_the_committed_data_equals_a_fresh_conversion(converted, tmp_path):
    convert.write(converted, tmp_path)
    for name in converted:
        written = (tmp_path / name).read_text(encoding="utf-8")
        assert written == (data.data_dir() / name).read_text(encoding="utf-8"), name


@needs_reference
def test_the_command_writes_the_files_and_its_help_names_no_shared_folder(tmp_path, capsys):
    assert convert.main(["--reference", str(REFERENCE), "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["factions.json", "game.json", "maps.json", "rituals.json"]
    with pytest.raises(SystemExit):
        convert.main(["--help"])
    assert "shared" not in capsys.readouterr().out


def test_a_folder_without_the_reference_is_an_error_not_a_crash(tmp_path, capsys):
    assert convert.main(["--reference", str(tmp_path)]) == 2
    assert "data.json" in capsys.readouterr().err


@needs_reference
def test_every_unit_keeps_the_reference_cost_and_count(reference, converted):
    out = {f["id"]: f for f in converted["factions.json"]["factions"]}
    for faction in reference["factions"]:
        mine = {u["name"]: u for u in out[faction["id"]]["units"]}
        for unit in faction["units"]:
            assert mine[unit["name"]]["count"] == unit["count"]
            cost = unit["cost"] if isinstance(unit["cost"], int) else unit["cost"]["first_awakening"]
            assert mine[unit["name"]]["cost"] == cost


@needs_reference
def test_values_only_the_reference_gives_are_marked_as_editable_defaults(converted):
    units = {u["id"]: u for f in converted["factions.json"]["factions"] for u in f["units"]}
    assert units["starspawn"]["defaults"] == ["cost", "combat"]
    # The seed's battle example gives Deep Ones 1 and Shoggoths 2; Cthulhu 6 is on his card.
    assert units["deep_one"]["defaults"] == ["cost"]
    assert units["shoggoth"]["combat"] == {"fixed": 2}
    assert units["cthulhu"]["defaults"] == [] and units["cthulhu"]["cost_again"] == 4
    assert units["king_in_yellow"]["defaults"] == ["combat"]
    assert converted["rituals.json"]["defaults"] == ["spaces"]
    assert "adjacency" in converted["maps.json"]["defaults"]


@needs_reference
def test_the_seed_corrections_win_over_the_reference(converted):
    requirements = {r["id"]: r for f in converted["factions.json"]["factions"] for r in f["requirements"]}
    assert requirements["gc_first_doom"]["elder_signs"] == 0  # the reference says 1
    assert requirements["gc_five_books"]["elder_signs"] == 1
    assert requirements["ys_awaken_hastur"]["elder_signs"] == 1
    game = converted["game.json"]
    assert game["doom_to_end"] == {"default": 30, "two_players": 20}  # the reference found no 20
    assert game["elder_sign_pool"] == {"1": 18, "2": 12, "3": 6}


@needs_reference
def test_maps_per_player_count_have_the_seed_area_counts(converted):
    maps = converted["maps.json"]
    sizes = {count: [len(maps["maps"][m]["areas"]) for m in ids] for count, ids in maps["for_players"].items()}
    assert sizes["3"] == [13] and sizes["4"] == [17, 17]
    assert sizes["2"][0] in (9, 10)  # one piece, its fewer-areas side
    two = maps["maps"]["earth_2p"]
    ids = {a["id"] for a in two["areas"]}
    assert all(set(near) <= ids for near in two["adjacency"].values())


@needs_reference
def test_adjacency_is_symmetric_on_every_map(converted):
    for map_id, board in converted["maps.json"]["maps"].items():
        for area, near in board["adjacency"].items():
            for other in near:
                assert area in board["adjacency"][other], (map_id, area, other)


@needs_reference
def test_ritual_tracks_per_player_count_start_at_5_and_end_on_instant_death(reference, converted):
    tracks = converted["rituals.json"]["tracks"]
    for count, track in reference["tracks"]["ritual_of_annihilation"]["by_player_count"].items():
        if "spaces" in track:
            assert tracks[count]["spaces"][:-1] == track["spaces"][:-1]
        assert tracks[count]["spaces"][0] == 5 and tracks[count]["spaces"][-1] is None
    assert tracks["2"]["spaces"] == tracks["4"]["spaces"]


@needs_reference
def test_glyphs_take_the_seed_letters(converted):
    europe = next(a for a in converted["maps.json"]["maps"]["earth_3p"]["areas"] if a["id"] == "europe")
    assert europe["glyph"] == "M"


def test_a_reference_whose_pool_disagrees_with_the_seed_is_refused():
    with pytest.raises(convert.ReferenceError_):
        convert.convert_game({"elder_signs": {"by_value": {"1": 18, "2": 12, "3": 5}},
                              "tracks": {"doom": {"game_end_at": 30}}})
