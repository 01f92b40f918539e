"""The README and docs/ as a newcomer reads them: short, every link leading
somewhere, and nothing pointing outside the repository (users get the
repository alone, not the folders it was built beside)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted({*ROOT.glob("*.md"), *(ROOT / "docs").glob("*.md"), *(ROOT / "data").rglob("*.md")})
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped,
    spaces to hyphens."""
    text = re.sub(r"<[^>]+>", "", heading.strip().lower())
    text = text.replace("&lt;", "").replace("&gt;", "")
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    found: set[str] = set()
    for heading in re.findall(r"^#+ (.+)$", text, re.MULTILINE):
        base = slug(heading)
        name, n = base, 1
        while name in found:  # GitHub numbers repeated headings: name, name-1, ...
            name, n = f"{base}-{n}", n + 1
        found.add(name)
    return found


def links(page: Path) -> list[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return [a or b for a, b in LINK.findall(text)]


def test_the_readme_reads_in_five_minutes():
    assert len((ROOT / "README.md").read_bytes()) <= 12_000


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_leads_somewhere(page):
    broken = []
    for target in links(page):
        if re.match(r"[a-z]+:", target):  # https:, mailto: ...
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(target)
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(target)
    assert not broken, f"{page.relative_to(ROOT)}: {broken}"


def test_the_readme_links_a_manual_per_game():
    readme = set(links(ROOT / "README.md"))
    for manual in ("gloomhaven", "gloomhaven-campaign", "monster-solver", "cthulhu_wars", "chaos", "the_others",
                   "tally", "deployment", "performance", "kit"):
        assert f"docs/{manual}.md" in readme


def test_nothing_a_user_reads_points_outside_the_repository():
    help_text = subprocess.run([sys.executable, "-m", "companion", "--help"], capture_output=True, text=True,
                               check=True).stdout
    for text in [help_text, *(page.read_text(encoding="utf-8") for page in PAGES)]:
        assert "../shared" not in text and "/work/shared" not in text
