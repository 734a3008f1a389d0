"""Game-specific board renderers: pygames.web.boards.<id>.render(board, view, legal, cat) -> actions placed."""
