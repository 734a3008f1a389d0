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
COUNTED = {"en": ("Aurei", "Aureus", "points", "symbols", "cards", "rooms", "guardians", "traps", "seats", "devices",
                  "seconds"),
           "fr": ("Aurei", "Aureus", "points", "symboles", "cartes", "liasses", "liasse", "pièces", "tours", "places",
                  "appareils", "secondes")}


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


def test_french_elides_de_que_le_la_before_a_vowel_sound():
    """"de Élodie" is written "d'Élodie" (and "de Ordinateur 2" "d'Ordinateur 2"), everywhere a template says
    `de {player}`; an h stays unelided ("de Hugo": whether an h is mute depends on the word); English untouched."""
    fr = i18n.Catalogue(lang="fr")
    fr.set_seats(["Élodie", "", "Ann", "Bob", "Hugo"], {1})
    expected = ["d'Élodie", "d'Ordinateur 2", "d'Ann", "de Bob", "de Hugo"]
    for seat, words in enumerate(expected):
        assert fr.t("sik.log.discarded", card="X", player=seat) == f"X va dans la défausse {words}."
        assert fr.t("pax.log.turn", round=2, player=seat) == f"Manche 2 : tour {words}."
        assert fr.t("spy.log.explores", player=3, owner_player=seat).endswith(f"le repaire {words}.")
        assert fr.t("core.err.not_your_turn", player=seat) == f"Ce n'est pas au tour {words}."
    assert fr.t("sik.ui.waiting", player=3, what="attaquer") == "Bob est en train d'attaquer"
    elided = i18n.elide("La {x} et que {y} ou le {z}", {"x": "Île", "y": "Anne", "z": "Bob"})
    assert elided == "L'{x} et qu'{y} ou le {z}"
    assert i18n.elide("de {n} à {m}", {"n": "1", "m": "4"}) == "de {n} à {m}"  # digits are not vowels
    en = i18n.Catalogue(lang="en")
    en.set_seats(["Élodie", "Bob"], set())
    assert en.t("core.err.not_your_turn", player=0) == "It is not Élodie's turn."


def test_every_french_de_before_a_seat_name_elides():
    """No French template leaves "de <vowel name>" in any catalogue: each `de {…player}` meets the elision."""
    import re

    fr = i18n.Catalogue(lang="fr")
    fr.set_seats(["Élodie", "Élodie", "Élodie", "Élodie"], set())
    seat_field = re.compile(r"\{(\w*player)\}")
    checked = 0
    for key, template in fr.strings["fr"].items():
        if not re.search(r"\bde \{\w*player\}", template):
            continue
        args = {name: 0 for name in re.findall(r"\{(\w+)[:}]", template)}
        args.update({name: 1 for name in seat_field.findall(template)})
        text = fr.t(key, **args)
        assert "de Élodie" not in text and "d'Élodie" in text, (key, text)
        checked += 1
    assert checked >= 17


def test_no_catalogue_string_speaks_like_a_developer():
    """A board gamer reads "Game number", not "Seed (empty = random)"."""
    import re

    words = {"en": re.compile(r"\bseeds?\b|= random", re.I), "fr": re.compile(r"\bgraines?\b|= aléatoire", re.I)}
    for lang, table in i18n.load().items():
        wrong = {key: text for key, text in table.items() if words[lang].search(text)}
        assert not wrong, wrong


def test_a_board_button_is_a_labelled_target_for_a_legal_action_only_and_records_itself_as_placed():
    from pygames.web import kit
    board = kit.Board({"state": {}, "viewer": 0}, ["take:1", "take:2"], None, "spy-target",
                      words=lambda action: f"Take {action[5:]}")
    assert board.button("take:9", "Take 9") is None
    node = board.button("take:1", text="1", cls="spy-take")
    assert node.tag == "button" and node.getAttribute("data-action") == "take:1"
    assert node.getAttribute("class") == "target spy-target spy-take"
    assert node.getAttribute("title") == "Take 1" and node.getAttribute("aria-label") == "Take 1"
    named = board.button("take:2", "Take the second card", aria="Second")
    assert named.getAttribute("aria-label") == "Second" and named.getAttribute("title") == "Take the second card"
    assert board.placed == {"take:1", "take:2"}


def test_a_symbol_and_a_section_are_built_as_the_boards_draw_them():
    from pygames.web import kit
    use = kit.symbol("sik-sym-eye", {"x": 1, "y": 2}, "sik-eye")
    assert (use.tag, use.getAttribute("href"), use.getAttribute("class")) == ("use", "#sik-sym-eye", "sik-eye")
    part = kit.section("pax-section pax-rome", "Rome", [kit.el("p", None, "x")], ("h3", "pax-h"))
    assert [kid.tag for kid in part.kids] == ["h3", "p"] and part.kids[0].textContent == "Rome"
    assert [kid.tag for kid in kit.section("sik-box").kids] == []


def test_pax_glyphs_are_the_kits_symbols_and_its_fragments_define_them_all():
    """PAX draws a category's glyph as kit.symbol (one <use> of #pax-sym-<category>, defined once in its
    prebuilt `pax-defs`), not as a clone of a glyph fragment of its own."""
    from pathlib import Path

    from pygames.pax.data import CATEGORIES
    from pygames.web.boards import pax

    fragments = (Path(__file__).resolve().parent.parent / "templates/pax/fragments.html.j2").read_text(encoding="utf-8")
    assert '<template id="pax-defs">' in fragments and 'id="pax-sym-{{ code }}"' in fragments
    assert "pax-glyph-" not in fragments
    for category in CATEGORIES:
        icon = pax.glyph(category)
        assert (icon.tag, icon.getAttribute("class"), icon.getAttribute("aria-hidden")) == ("svg", "pax-glyph", "true")
        assert [(use.tag, use.getAttribute("href")) for use in icon.kids] == [("use", f"#pax-sym-{category}")]


def test_a_ps_marker_choice_is_a_kit_target_whose_spoken_name_starts_with_its_words():
    """Passages Secrets' District marker buttons come from kit.Board.button (label in name, WCAG 2.5.3)."""
    import inspect

    from pygames.web.boards import ps

    source = inspect.getsource(ps.control_row)
    assert 'el("button"' not in source and "ctx.button(action, marker_label" in source
    from pygames.web import kit
    board = kit.Board({"state": {}, "viewer": 0}, ["comp:BANK"], CAT, "ps-target")
    node = board.button("comp:BANK", "Move the Banking District marker 1 zone toward you (0 → +1)",
                        cls="ps-marker-choice", children=[kit.el("span", None, "Banking District"),
                                                          kit.el("span", {"class": "ps-move"}, " 0 → +1")])
    assert node.getAttribute("aria-label").startswith("Banking District 0 → +1")
    assert board.placed == {"comp:BANK"}



def test_long_words_break_at_syllables_with_a_hyphen():
    """A narrow box (Spyworld's gadgets at fit) breaks "Pistolet paralysant" at its syllables, never letter by
    letter: soft hyphens only, two letters at least on each side, short words and numbers left whole; a control's
    spoken name (kit.shown_words) keeps them, as axe's label-in-name check compares it with the text shown."""
    from pygames.web import kit, vdom
    shy = kit.SOFT_HYPHEN
    assert kit.breakable("Pistolet paralysant") == f"Pis{shy}to{shy}let pa{shy}ra{shy}ly{shy}sant"
    assert kit.breakable("Grappin") == f"Grap{shy}pin"
    for text in ("Pistolet paralysant", "Boisson énergisante", "Entraînement Discrétion", "Smoke bomb", "Lasers"):
        broken = kit.breakable(text)
        assert broken.replace(shy, "") == text
        for word in broken.split(" "):
            assert all(len(piece) >= 2 for piece in word.split(shy)), word
    assert kit.breakable("Lair") == "Lair" and kit.breakable("(4,3)-(4,4)") == "(4,3)-(4,4)"
    assert kit.breakable("Cartes2024") == "Cartes2024"
    node = vdom.el("button", None, None, [vdom.el("span", None, kit.breakable("Boisson énergisante")), " 3"])
    assert kit.shown_words(node).replace(shy, "") == "Boisson énergisante 3"
