"""The engine protocol shared by all games: see engine.py for the contract a game module fulfils."""

from .engine import (
                     Decision,
                     IllegalAction,
                     InvalidSave,
                     apply,
                     apply_in_place,
                     can_undo,
                     clone,
                     current_decision,
                     is_over,
                     legal_actions,
                     load_recipe,
                     log,
                     logged,
                     new_game,
                     parse_json,
                     replay,
                     result,
                     reveal,
                     rng,
                     save_recipe,
                     state_from_json,
                     state_to_json,
                     undo,
                     view,
)
from .rng import Rng

__all__ = ["Decision", "IllegalAction", "InvalidSave", "Rng", "apply", "apply_in_place", "can_undo", "clone",
           "current_decision", "is_over", "legal_actions", "load_recipe", "log", "logged", "new_game", "parse_json",
           "replay", "result", "reveal", "rng", "save_recipe", "state_from_json", "state_to_json", "undo", "view"]
