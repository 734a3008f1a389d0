"""PAX test fixtures."""

from __future__ import annotations

import pytest
from pax_helpers import spec_card_list

from pygames.pax import data


@pytest.fixture
def spec_cards(monkeypatch):
    """Give every card the symbols and value of the spec's card list (pax.md 2.4), so a test that names cards as
    the worked examples do sees the symbol counts the spec states. The engine reads `data.CARDS` at every use,
    so patching its entries reaches every module; the values are the data file's own (only symbols differ)."""
    spec = spec_card_list()
    assert all(spec[cid][2] == data.CARDS[cid][2] for cid in spec)
    for cid, record in spec.items():
        monkeypatch.setitem(data.CARDS, cid, record)
    return spec
