"""The size of a theme's cards for a drawing: the table's for its window, or a preview's.

Apart from the rest of the theme's window side, so that the drawing process loads only the
layout and the registry for it, not the card designs.
"""

from __future__ import annotations

from eightoff.core.variants import VARIANTS
from eightoff.ui.layout import compute_layout


def card_size(place: dict[str, object], aspect: float) -> tuple[int, int]:
    """The card size a drawing asked for with `place` has, for cards of `aspect` (height per
    unit of width): the table's cards for its window, or the largest that fit a preview's box."""
    fit = place.get("fit")
    if isinstance(fit, list):
        width = max(16, min(int(fit[0]), round(int(fit[1]) / aspect)))
        return (width, round(width * aspect))
    window, scale = place["window"], place.get("ui_scale", 1.0)
    assert isinstance(window, list) and isinstance(scale, (int, float))
    layout = compute_layout(int(window[0]), int(window[1]), VARIANTS[str(place["rules"])].rules,
                            bool(place.get("large")), float(scale), card_aspect=aspect)
    return layout.card
