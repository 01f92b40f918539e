"""One word per concept in each language (issue 18): tests/glossary/<lang>.json
names, for each concept the pages speak of (scenario, round, turn), the one
word its translations use and the words they must not use for it; every
catalog shipped (the platform's and each game's) is checked against it, so
"the hero dies at the end of the round" can't read as "the end of the turn"."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
GLOSSARIES = Path(__file__).resolve().parent / "glossary"
LANGUAGES = ["zh_Hans", "ja"]


def catalogs(language: str) -> list[Path]:
    return [ROOT / "companion" / "translations" / language / "LC_MESSAGES" / "messages.po",
            *sorted((ROOT / "companion" / "games").glob(f"*/translations/{language}/LC_MESSAGES/messages.po"))]


def entries(path: Path):
    """(English, translation) of every translated entry, plural forms joined."""
    with path.open("rb") as po:
        for message in read_po(po):
            if not message.id or not message.string or message.fuzzy:
                continue
            english = message.id if isinstance(message.id, str) else " ".join(message.id)
            translated = message.string if isinstance(message.string, str) else " ".join(s for s in message.string if s)
            yield english, translated


def glossary(language: str) -> dict[str, dict]:
    return {k: v for k, v in json.loads((GLOSSARIES / f"{language}.json").read_text()).items() if not k.startswith("_")}


def names(english: str, concept: dict) -> bool:
    # The noun, not a longer word ("turned", "return"); "%(round)d" is a placeholder, not the word.
    text = re.sub(r"%\([^)]*\)[a-z+]*", "", english)
    return re.search(rf"\b{concept['en']}\b", text, re.IGNORECASE) is not None


def mixed_words(language: str) -> list[str]:
    terms = glossary(language)
    found = []
    for path in catalogs(language):
        for english, translated in entries(path):
            for name, concept in terms.items():
                if not names(english, concept):
                    continue
                text = translated
                for idiom in concept.get("idioms", []):
                    text = text.replace(idiom, "")
                for word in concept["avoid"]:
                    owner = next((other for other, c in terms.items() if c["word"] == word), None)
                    if word in text and not (owner and names(english, terms[owner])):
                        found.append(f"{path.relative_to(ROOT)}: {name} as {word}: {english!r} -> {translated!r}")
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_catalog_uses_one_word_per_concept(language):
    found = mixed_words(language)
    assert not found, f"{len(found)} translations use another word for a concept:\n" + "\n".join(found)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_glossary_names_each_concepts_word_once(language):
    terms = glossary(language)
    words = [c["word"] for c in terms.values()]
    assert len(words) == len(set(words))
    for name, concept in terms.items():
        assert concept["word"] not in concept["avoid"], name
