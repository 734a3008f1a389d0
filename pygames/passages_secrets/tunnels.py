"""Tunnels: longest trail and connected components of one player's passages (PS-5.19 - 5.23).

A player's passages are given as a bit mask over the canonical path order (bit i = path i of PS-2.6).
"""

from __future__ import annotations

from functools import lru_cache

from .data import PATH_ENDS


def _adjacency(mask: int) -> dict:
    """Node -> [(path bit, other end)] for the paths in `mask` only: others are absent (PS-5.20)."""
    adj: dict = {}
    i = 0
    while mask >> i:
        if mask >> i & 1:
            a, b = PATH_ENDS[i]
            adj.setdefault(a, []).append((1 << i, b))
            adj.setdefault(b, []).append((1 << i, a))
        i += 1
    return adj


@lru_cache(maxsize=65536)
def longest_trail(mask: int) -> int:
    """PS-5.19, PS-5.21, PS-5.22: the most passages in one trail (paths distinct, nodes may repeat).

    Exhaustive depth-first search from every node; a longest *simple path* would be wrong (PS-9.7).
    """
    total = mask.bit_count()
    if total <= 1:
        return total
    adj = _adjacency(mask)
    best = 0

    def dfs(node: str, used: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if best == total:
            return
        for bit, other in adj[node]:
            if not used & bit:
                dfs(other, used | bit, length + 1)

    for node in adj:
        dfs(node, 0, 0)
        if best == total:
            break
    return best


@lru_cache(maxsize=65536)
def components(mask: int) -> tuple:
    """PS-5.23: the player's passages split into connected components (bit masks), linked only via own paths."""
    adj = _adjacency(mask)
    seen_nodes: set = set()
    out = []
    for start in adj:
        if start in seen_nodes:
            continue
        comp = 0
        stack = [start]
        seen_nodes.add(start)
        while stack:
            node = stack.pop()
            for bit, other in adj[node]:
                comp |= bit
                if other not in seen_nodes:
                    seen_nodes.add(other)
                    stack.append(other)
        out.append(comp)
    return tuple(out)
