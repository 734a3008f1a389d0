"""The web kit's pure helpers in CPython: error messages are never empty."""

from pygames.web import i18n
from pygames.web.kit import describe, error_text

CAT = i18n.Catalogue(lang="en")


def test_an_exception_without_words_is_named_by_its_kind():
    assert describe(StopIteration()) == "StopIteration"
    assert describe(ValueError("bad seed")) == "bad seed"


def test_an_error_box_never_shows_an_empty_or_cut_message():
    unknown = CAT.t("app.error_unknown")
    assert error_text("", CAT) == unknown
    assert error_text("   ", CAT) == unknown
    cut = CAT.t("app.error", message="")
    assert error_text(cut, CAT) == cut.strip() + " " + unknown
    assert error_text("The seed must be a whole number.", CAT) == "The seed must be a whole number."
    for lang in i18n.LANGS:
        assert i18n.Catalogue(lang=lang).t("app.error_unknown") != "app.error_unknown"


def test_counts_agree_with_their_words_in_both_languages():
    en, fr = i18n.Catalogue(lang="en"), i18n.Catalogue(lang="fr")
    assert en.t("pax.log.draws", player=0, n=1).endswith("draws 1 card.")
    assert en.t("pax.log.draws", player=0, n=3).endswith("draws 3 cards.")
    assert fr.t("pax.log.draws", player=0, n=1).endswith("pioche 1 carte.")
    assert fr.t("pax.log.draws", player=0, n=0).endswith("pioche 0 carte.")  # French: 0 takes the singular
    assert en.t("spy.ui.cards_left", n=1) == "1 card left"
    assert fr.t("spy.ui.cards_left", n=2) == "2 cartes restantes"


def test_no_catalogue_string_hedges_its_plural_and_every_plural_field_formats():
    strings = i18n.load()
    for lang, table in strings.items():
        cat = i18n.Catalogue(strings, lang=lang)
        for key, template in table.items():
            assert "(s)" not in template or key == "spy.status.over", f"{lang} {key}: {template}"
            if "|" in template:
                fields = {name: 1 for name in __import__("re").findall(r"\{(\w+)[:}]", template)}
                assert "{" not in cat.t(key, **fields), f"{lang} {key}"


def test_pax_log_lines_and_labels_name_the_legions_as_the_board_does():
    """The Legion cards are numbered I-V (PAX-2.3) and the board shows those numerals: a log line, an action's
    label (the hint's words) and an error name them the same way, not "Legion 2"."""
    from pygames.web.boards import pax

    for lang, word in (("en", "Legion"), ("fr", "Légion")):
        cat = i18n.Catalogue(lang=lang)
        cat.format_arg = pax.format_arg
        assert f"{word} II" in cat.t("pax.log.buy", player=0, legion=2, cards="WEA-03", paid=3)
        assert f"{word} I" in cat.t("pax.act.legion", card="REL-06", legion=1)
        assert f"{word} V" in cat.t("pax.err.empty_pile", legion=5)
        assert f"{word} 2" not in cat.t("pax.log.rome_takes", legion=2, cards="WEA-03", value=1)
        assert cat.t("pax.ui.to_legion", numeral="III", value=2).startswith(f"{word} III")


# Words that count something: after a number field they must agree with it ({n:card|cards}), or "1 Aurei",
# "1 symbols" and "1 liasses" reach the screen (the PAX rulebook itself writes "1 Aureus", "2 Aurei").
COUNTED = {"en": ("Aurei", "Aureus", "points", "symbols", "cards", "rooms", "guardians", "traps"),
           "fr": ("Aurei", "Aureus", "points", "symboles", "cartes", "liasses", "liasse", "pièces", "tours")}


def test_a_counted_word_after_a_number_agrees_with_it_in_every_catalogue():
    import re

    strings = i18n.load()
    for lang, words in COUNTED.items():
        bare = re.compile(r"\{\w+\} (?:\w+ )?(" + "|".join(words) + r")(?![\w|])")
        wrong = {key: text for key, text in strings[lang].items() if bare.search(text)}
        assert not wrong, f"{lang}: a number before a counted word without its plural field: {wrong}"
    en, fr = i18n.Catalogue(lang="en"), i18n.Catalogue(lang="fr")
    assert en.t("pax.log.income", player=0, gained=1).endswith("1 Aureus of income.")
    assert en.t("pax.log.income", player=0, gained=2).endswith("2 Aurei of income.")
    assert fr.t("pax.err.cap", category="Flotte", symbols=1, cap=0).startswith("Flotte : 1 symbole,")
    assert fr.t("spy.ui.box", n=2, cost=1, ticked="") == "Case 2 : 1 liasse"
