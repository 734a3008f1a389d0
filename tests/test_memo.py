"""The views' one memo (pygames/app/memo.py): a key is every input, frozen so that only equal values of the same
types meet; and the property that makes a memo safe: over random games of each game, in both languages and with
seats renamed, every table drawn with the memo warm equals the same table drawn afresh, part for part."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_table_model import model_of

from pygames.app import memo
from pygames.app.session import EASY, HUMAN, Seat, Session
from pygames.core import registry
from pygames.web import i18n, table, vdom
from pygames.web.boards import board_of

pytestmark = pytest.mark.usefixtures("board_templates")

atoms = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(-2, 2, allow_nan=False),
                  st.text("ab", max_size=2))
plain = st.recursive(atoms, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.tuples(inner, inner), st.dictionaries(st.text("xy", max_size=1), inner, max_size=3),
    st.frozensets(atoms, max_size=3)), max_leaves=8)


def same(a, b) -> bool:
    """Equal and of the same types all the way down (dicts in the same order): what a drawing may tell apart."""
    if type(a) is not type(b):
        return False
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, frozenset):
        return a == b and {type(x) for x in a} == {type(x) for x in b}
    return a == b


@given(plain, plain)
def test_two_inputs_share_a_key_only_when_nothing_tells_them_apart(a, b):
    assert (memo.frozen(a) == memo.frozen(b)) == same(a, b)
    hash(memo.frozen(a))


def test_a_key_tells_apart_what_equality_confuses_and_refuses_what_is_not_plain_data():
    assert len({memo.frozen(v) for v in (1, True, 1.0, "1", (1,), [1], {"a": 1})}) == 7
    assert memo.frozen({"a": 1, "b": 2}) != memo.frozen({"b": 2, "a": 1})  # a drawing may follow a dict's order
    with pytest.raises(TypeError, match="plain data"):
        memo.frozen([object()])
    cat = i18n.Catalogue(lang="en")
    before = memo.frozen(cat)
    cat.set_seats(["Ann", ""], {1})
    assert memo.frozen(cat) != before  # a seat's name is part of every kept part's words


def test_a_kept_function_hands_its_part_again_for_the_same_inputs_only():
    calls = []

    @memo.kept(2)
    def part(n, words):
        calls.append(n)
        return [n, words]
    first = part(1, ["a"])
    assert part(1, ["a"]) is first and part(True, ["a"]) is not first and calls == [1, True]
    part(2, ["a"])  # the table is full: forgotten at once, then refilled
    assert part(1, ["a"]) is not first and len(part.table.results) == 2
    with memo.off():
        assert part(1, ["a"]) is not part(1, ["a"])
    assert calls == [1, True, 2, 1, 1, 1]


def tree_text(node) -> str:
    """A drawn tree as text, every node, attribute and word (a kept part written out as a fresh one is)."""
    if isinstance(node, str):
        return node
    if isinstance(node, vdom.Static):
        return f"<static {node.key}>"
    if isinstance(node, vdom.Keep):
        return "<kept as it stands>"
    attrs = " ".join(f"{k}={v!r}" for k, v in sorted(node.attrs.items()))
    return f"<{node.ns}{node.tag} {attrs}>" + "".join(tree_text(kid) for kid in node.kids) + "</>"


def drawn(session: Session, cat) -> str:
    """The table and every seat's full area, as text."""
    view = session.view()
    parts = [tree_text(table.table(model_of(session), cat))]
    board = board_of(session.game)
    for seat in range(len(session.seats)):
        if board.render_seat is not None:
            frag = vdom.fragment()
            board.render_seat(frag, view, seat, cat)
            parts.append(tree_text(frag))
    return "\n".join(parts)


@pytest.mark.parametrize("gid", ["ps", "pax", "spy", "sik"])
def test_a_kept_part_equals_the_part_drawn_afresh_over_random_games(gid):
    """Random legal moves (seeded) against the easy computer, two games, at most 40 of the human's moves each; the
    words change now and then (the language, a seat's name). At every decision the warm memo's table is the fresh
    one: no kept part forgets an input."""
    game = registry.load(gid)
    rng = random.Random(f"memo-{gid}")
    cat = i18n.Catalogue(lang="en")
    for seed in (3, 11):
        session = Session.start(game, [Seat("Ann", HUMAN), Seat("", EASY)], seed, {}, "t")
        for step in range(400):
            if session.next_bot() is not None:
                session.bot_step()
                continue
            legal = session.legal_for_viewer()
            if step % 9 == 4:
                cat.lang = "fr" if cat.lang == "en" else "en"
            cat.set_seats(["Ann" if step % 13 < 7 else "Béa", ""], {1})
            warm = drawn(session, cat)
            with memo.off():
                fresh = drawn(session, cat)
            assert warm == fresh, f"{gid} seed {seed} step {step}: a kept part differs from the part drawn afresh"
            if not legal or step >= 40 * 3:
                break
            session.act(rng.choice(legal))
