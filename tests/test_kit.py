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
