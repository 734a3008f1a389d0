"""The page's query string is read as `urllib.parse.parse_qs` reads it (pygames/app/query.py replaces it)."""

from urllib.parse import parse_qs

from hypothesis import given, settings
from hypothesis import strategies as st

from pygames.app.query import query_params

PIECES = st.sampled_from(["game", "seats", "=", "&", "+", "%", "%2", "%41", "%e9", "%C3%A9", "%ZZ", "é", "a", "",
                          "human,hard", "?", "opt.pile", "%26", "%3D", " "])


def reference(query: str, keep_blank: bool) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(query.lstrip("?"), keep_blank_values=keep_blank).items()}


@settings(max_examples=400, deadline=None)
@given(st.lists(PIECES, max_size=12).map("".join), st.booleans())
def test_query_params_reads_like_parse_qs(query, keep_blank):
    assert query_params(query, keep_blank) == reference(query, keep_blank)


def test_query_params_examples():
    assert query_params("?game=ps&seats=human,hard&names=Ann+%C3%89lise") == {
        "game": "ps", "seats": "human,hard", "names": "Ann Élise"}
    assert query_params("?a=&b", keep_blank=True) == {"a": "", "b": ""}
    assert query_params("?a=&b") == {}
    assert query_params("a=1&a=2") == {"a": "2"}
