"""The boards' virtual elements (pygames/web/vdom.py) in CPython: the DOM methods the renderers use, and the
program the page builds from (static/table.js `build`/`patch`; checked against the real DOM in
tests/browser/test_patch.py)."""

from pygames.web import kit, vdom
from pygames.web.vdom import RS, US, el, svg


def test_attributes_follow_the_dom_rules_of_el():
    node = el("button", {"type": "button", "hidden": True, "disabled": False, "title": None, "data-n": 3})
    assert node.attrs == {"type": "button", "hidden": "", "data-n": "3"}
    node.setAttribute("aria-label", 7)
    assert node.getAttribute("aria-label") == "7" and node.hasAttribute("hidden")
    node.removeAttribute("hidden")
    assert not node.hasAttribute("hidden")


def test_class_list_text_and_children():
    node = el("div", {"class": "a"}, "hello", [el("span", {"class": "x y"}, " world"), None])
    node.classList.add("b", "a")
    assert node.getAttribute("class") == "a b" and node.classList.contains("b")
    node.classList.remove("a")
    assert node.getAttribute("class") == "b"
    assert node.textContent == "hello world"
    assert node.children.length == 1 and node.children.item(0).tag == "span" and node.children.item(5) is None
    node.textContent = "bye"
    assert node.kids == ["bye"] and node.firstChild == "bye"
    node.textContent = ""
    assert node.kids == [] and node.firstChild is None


def test_query_selector_takes_classes_tags_and_descendants():
    card = el("div", {"class": "card"}, None, [
        el("p", {"class": "val"}, None, [el("b", None, "3")]),
        el("span", {"class": "name val"}, "Wealth"),
        svg("svg", None, None, [svg("use", {"href": "#a"})])])
    assert card.querySelector(".val b").textContent == "3"
    assert card.querySelector("span.val").textContent == "Wealth"
    assert [n.tag for n in card.querySelectorAll(".val")] == ["p", "span"]
    assert card.querySelector("use").getAttribute("href") == "#a"
    assert card.querySelector(".card") is None  # descendants only, as in the DOM
    card.remove_matching("b")
    assert card.querySelector(".val b") is None and card.querySelector("p") is not None


def test_clone_is_deep_and_independent():
    card = el("div", {"class": "c"}, None, [el("span", None, "1")])
    copy = card.cloneNode(True)
    copy.querySelector("span").textContent = "2"
    copy.classList.add("d")
    assert card.textContent == "1" and card.getAttribute("class") == "c"
    assert copy.textContent == "2" and copy.getAttribute("class") == "c d"
    assert card.cloneNode(False).kids == []


def test_program_round_trips_and_no_text_can_forge_a_token():
    hostile = f"Bob{RS}Eimg{RS}Aonerror{US}x{RS}/"
    tree = el("div", {"class": "seat", "aria-label": f"name{US}onclick{US}alert(1)"}, hostile, [
        svg("svg", {"viewBox": "0 0 2 2"}, None, [svg("circle", {"r": 1})]), "tail"])
    text, foreign = vdom.program(tree)
    assert foreign == []
    back = vdom.parse(text)
    assert back.attrs == {"class": "seat", "aria-label": "nameonclickalert(1)"}  # one attribute, no forged one
    assert back.kids[0] == "BobEimgAonerrorx/"  # one text node: no element was forged
    assert back.kids[1].ns == vdom.SVG_NS and back.kids[1].kids[0].tag == "circle"
    assert back.kids[2] == "tail"
    assert vdom.program(back)[0] == text


def test_static_parts_travel_beside_the_program_with_their_key():
    class Real:  # stands for the real node a static part was made into
        textContent = "defs"

    vdom._STATICS["t-defs"] = Real()
    part = vdom.static("t-defs", lambda: None)
    holder = el("div", None, "a", [part])
    assert holder.textContent == "adefs"
    text, foreign = vdom.program(holder)
    assert text.split(RS)[-2] == "K0:t-defs" and foreign == [vdom._STATICS["t-defs"]]


def test_real_nodes_travel_beside_the_program():
    real = object()  # stands for a DOM node handed over as is (a cached ground, the symbol defs)
    frag = vdom.fragment()
    frag.append(el("p", None, "a"), real)
    text, foreign = vdom.program(frag)
    assert foreign == [real] and text.split(RS) == ["D", "Ep", "A", "Ta", "/", "F0", "/"]


def test_the_kit_builds_virtual_parts():
    button = kit.target_button("place:A1", "Dig A1", "ps-spot", text="Go")
    assert isinstance(button, vdom.Node) and button.getAttribute("data-action") == "place:A1"
    assert button.getAttribute("aria-label") == "Go: Dig A1"  # label in name (WCAG 2.5.3)
    row = kit.track([kit.Space("1", "here", (el("i", None, "x"),)), kit.Space("2")], "track")
    assert [li.textContent for li in row.children] == ["1x", "2"]
    assert row.children.item(0).getAttribute("class") == "here"


def test_a_pile_is_its_heading_then_its_cards():
    pile = kit.pile([el("h4", None, "Army")], [el("div", {"class": "card"}, "A1"), el("div", {"class": "card"}, "A2")],
                    "pax-cat", {"data-category": "army"}, "Army: 3 symbols")
    assert [c.tag for c in pile.children] == ["h4", "div", "div"]
    assert pile.getAttribute("aria-label") == "Army: 3 symbols" and pile.getAttribute("data-category") == "army"
    assert [c.textContent for c in pile.querySelectorAll(".card")] == ["A1", "A2"]


def test_a_template_clone_finds_its_parts_by_the_remembered_path_and_still_checks_them():
    vdom.add_template("t-card", el("div", {"class": "card"}, None, [
        el("p", {"class": "val"}, None, [el("b", None, "?")]), el("span", {"class": "name"}, "?")]))
    first = vdom._TEMPLATES["t-card"].cloneNode(True)
    first.template = "t-card"
    first.querySelector(".val b").textContent = "3"
    assert ("t-card", ".val b") in vdom._PATHS
    second = vdom._TEMPLATES["t-card"].cloneNode(True)
    second.template = "t-card"
    assert second.querySelector(".val b").textContent == "?"  # a fresh card: the template's words
    second.kids.insert(0, el("p", None, None, [el("b", None, "not the value")]))  # moved: the path now misleads
    assert second.querySelector(".val b").textContent == "?"  # checked, then found by search
    assert first.textContent == "3?"


def test_a_patch_describes_a_lasting_part_once_then_names_it(monkeypatch):
    """What the page is sent (vdom.patch): a lasting part's description once (`L<serial>` then the part), after
    that only its name (`R<serial>`); a part inside it is described in full in its cache (never by a name the page
    may have dropped); a page loaded anew is sent every description again."""
    sent, page = [], ["page-1"]
    monkeypatch.setattr(vdom.dom, "memo_id", lambda: page[0])
    monkeypatch.setattr(vdom.dom, "patch", lambda target, text, foreign: sent.append(text))
    inner = vdom.lasting(el("li", None, "a line"))
    outer = vdom.lasting(el("ol", {"class": "log"}, None, [inner]))

    def screen(*parts):
        return el("div", {"id": "game"}, None, [el("p", None, "status"), *parts])

    def tokens(text):
        return text.split(RS)

    vdom.patch(None, screen(outer))
    first = tokens(sent[-1])
    serial = next(t[1:] for t in first if t.startswith("L"))
    assert first[first.index(f"L{serial}") + 1] == "Eol" and "Tline" not in first and "Ta line" in first
    assert not any(t.startswith("R") for t in first)
    vdom.patch(None, screen(outer))
    again = tokens(sent[-1])
    assert f"R{serial}" in again and "Eol" not in again and "Ta line" not in again
    assert "Tstatus" in again  # the rest is described as always
    vdom.patch(None, screen(inner, outer))  # the inner part alone: described, then named; the outer still named
    alone = tokens(sent[-1])
    assert f"R{serial}" in alone and "Ta line" in alone and alone[alone.index("Ta line") - 3].startswith("L")
    assert vdom.program(screen(outer))[0] == RS.join(["Ediv", f"Aid{US}game", "Ep", "A", "Tstatus", "/", "Eol",
                                                     f"Aclass{US}log", "Eli", "A", "Ta line", "/", "/", "/"])
    page[0] = "page-2"  # reloaded: it holds no description
    vdom.patch(None, screen(outer))
    assert f"L{serial}" in tokens(sent[-1]) and "Ta line" in tokens(sent[-1])
