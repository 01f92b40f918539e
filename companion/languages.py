"""The languages the app speaks, listed once for the web layer, the command
line and the catalog tools (pure: nothing to import)."""

#: Locale code -> the language's name in itself, as the language menu shows it.
#: English comes first: the msgids are English.
LANGUAGES = {"en": "English", "zh_Hans": "简体中文", "ja": "日本語"}

#: The languages that have a catalog to translate.
TRANSLATED = tuple(code for code in LANGUAGES if code != "en")
