"""The FR/EN string catalogue: every visible string of the app comes from here (pure Python)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..app import memo

LANGS = ("fr", "en")


def catalogue_paths() -> list[Path]:
    """strings.json of the shell, of every game package, and of the test games when they are installed."""
    here = Path(__file__).resolve().parent
    paths = [here / "strings.json", *sorted(here.parent.glob("*/strings.json"))]
    try:
        import pygames_testgames

        paths.append(Path(pygames_testgames.__file__).with_name("strings.json"))
    except ImportError:
        pass
    return list(dict.fromkeys(p for p in paths if p.exists()))


def load() -> dict[str, dict[str, str]]:
    """{lang: {key: template}}."""
    merged: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
    for path in catalogue_paths():
        for key, texts in json.loads(path.read_text(encoding="utf-8")).items():
            for lang in LANGS:
                merged[lang][key] = texts[lang]
    return merged


# `{n:card|cards}` prints the word that agrees with n: English takes the singular for 1 only, French for 0 and 1
# ("0 carte", "1 carte", "2 cartes"). Any other field is formatted as usual (str.format_map).
_PLURAL_FIELD = re.compile(r"\{(\w+):([^{}|]*)\|([^{}]*)\}")


# French elision, for every template at once: "de", "que", "le" and "la" before a field whose text starts with a vowel
# are written "d'", "qu'", "l'" ("la défausse d'Élodie", "tour d'Ordinateur 2"), capitals kept ("De" -> "D'").
# Accented vowels count. An h or a y is left alone: whether it elides depends on the word ("de Hugo", "de Yann").
_ELIDABLE = re.compile(r"(?<![\w'’])(de|que|le|la|De|Que|Le|La) \{(\w+)\}")
_VOWELS = frozenset("aeiouàâäéèêëîïôöùûüœæ")
_ELIDED = {"de": "d'", "que": "qu'", "le": "l'", "la": "l'"}


def starts_with_vowel(text: str) -> bool:
    return bool(text) and text[0].lower() in _VOWELS


def elide(template: str, values: dict) -> str:
    """The French template with its elidable words before a vowel-initial field already contracted."""
    def contract(match: re.Match) -> str:
        word, name = match.group(1), match.group(2)
        if name not in values or not starts_with_vowel(values[name]):
            return match.group(0)
        short = _ELIDED[word.lower()]
        return (short[0].upper() + short[1:] if word[0].isupper() else short) + "{" + name + "}"

    return _ELIDABLE.sub(contract, template)


def _escape(word: str) -> str:
    return word.replace("{", "{{").replace("}", "}}")


def singular(value, lang: str) -> bool:
    try:
        count = abs(float(str(value)))
    except ValueError:
        return False
    return count < 2 if lang == "fr" else count == 1


_ATOMS = frozenset({str, int, bool, float, type(None)})


class _Args(dict):
    def __missing__(self, key):
        return "{" + key + "}"


class Catalogue:
    """Translate keys with arguments. Seat arguments (`player`, `*_player`) become seat names; string
    arguments starting with '@' are catalogue keys themselves; lists are joined."""

    # What a text depends on besides its key and arguments: setting any of these forgets the texts made so far.
    _WORDING = frozenset({"strings", "lang", "names", "computers", "format_arg"})
    MEMO_MAX = 20_000  # texts kept (a long game's log lines, each board label): then forgotten all at once

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)
        if name in Catalogue._WORDING:
            object.__setattr__(self, "_memo", memo.Table(self.MEMO_MAX, "catalogue", shared=False))
            object.__setattr__(self, "_key", None)

    def __init__(self, strings: dict[str, dict[str, str]] | None = None, lang: str = "en"):
        self._memo = memo.Table(self.MEMO_MAX, "catalogue", shared=False)  # a board asks the same words each redraw
        self.strings = strings if strings is not None else load()
        self.lang = lang if lang in LANGS else "en"
        self.names: list[str] = []  # "" = an unnamed seat, shown with the default name of its kind
        self.computers: set[int] = set()
        # The game on screen may name its own values (cards, pieces): format_arg(name, value, cat) -> str | None.
        self.format_arg = None

    def memo_key(self) -> tuple:
        """What a kept part's words depend on beside its inputs (pygames.app.memo): the strings, the language, the
        seats' names, which are computers and the game's namer (worked out again when one of them is set; they are
        set whole, never changed in place)."""
        if self._key is None:
            object.__setattr__(self, "_key", (id(self.strings), self.lang, tuple(self.names),
                                              tuple(sorted(self.computers)), self.format_arg))
        return self._key

    def has(self, key: str) -> bool:
        return key in self.strings[self.lang]

    def t(self, key: str, **args) -> str:
        """The text of `key` with `args`, worded once per language, seat names and game namer (pygames.app.memo: the
        seat names and `format_arg` are pure functions of what they are given; values that are not plain data are
        worded each time)."""
        if not args:
            return self._text(key, args)
        try:  # plain values keyed with their types (True is not 1); lists and dicts frozen (pygames.app.memo)
            memo_key = (key, tuple([(name, value.__class__, value if value.__class__ in _ATOMS else
                                     memo.frozen(value)) for name, value in args.items()]))
        except TypeError:  # not plain data: not kept
            return self._text(key, args)
        text = self._memo.get(memo_key)
        if text is None:
            text = self._memo.put(memo_key, self._text(key, args))
        return text

    def _text(self, key: str, args: dict) -> str:
        template = self.strings[self.lang].get(key)
        if template is None:
            return key  # a missing key shows itself, so tests and players notice
        if "{" not in template:
            return template
        values = _Args({name: self.arg(name, value) for name, value in args.items()})
        if "|" in template:  # `{n:card|cards}`: the word first, then str.format_map (string.Formatter is slow)
            template = _PLURAL_FIELD.sub(lambda m: _escape(m.group(2) if singular(values[m.group(1)], self.lang)
                                                           else m.group(3)), template)
        if self.lang == "fr" and " {" in template:
            template = elide(template, values)
        return template.format_map(values)

    def arg(self, name: str, value) -> str:
        if self.format_arg is not None:
            text = self.format_arg(name, value, self)
            if text is not None:
                return text
        if (name == "player" or name.endswith("_player")) and isinstance(value, int) and not isinstance(value, bool):
            return self.seat_name(value)
        if isinstance(value, str) and value.startswith("@"):
            return self.t(value[1:])
        if isinstance(value, (list, tuple)):
            return ", ".join(self.arg(name, v) for v in value)
        return str(value)

    def seat_name(self, seat: int) -> str:
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return self.t("new.computer_name" if seat in self.computers else "new.default_name", n=seat + 1)

    def set_seats(self, names: list[str], computers: set[int]) -> None:
        self.names, self.computers = list(names), set(computers)

    def join(self, items: list[str]) -> str:
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + self.t("common.and") + items[-1]
