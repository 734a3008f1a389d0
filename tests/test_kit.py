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
