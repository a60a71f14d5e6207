"""The advice's floor of worlds a candidate, lowered for the tests of what an analysis looks
like (its screens, words and structure), not of its figures.

The advice plays at least ``MIN_WORLDS`` worlds for every candidate whatever the budget it is
given (Shadow Hunters 12, Chasing Shadows 8): a whole game's analysis cost 3-6 s of CPU for
Hunters and about 2-3 s for Chasing. Three worlds make the same screens and words with other
figures; test_advice checks the app's own floor.
"""

from __future__ import annotations

from contextlib import contextmanager

import pytest

FEW_WORLDS = 3


@contextmanager
def few_worlds(*games: str, worlds: int = FEW_WORLDS):
    """Inside the block, ``games``' advice ("chasing", "hunters") plays ``worlds`` worlds a
    candidate at least."""
    with pytest.MonkeyPatch.context() as patch:
        for game in games:
            patch.setattr(f"game.advice.{game}.MIN_WORLDS", worlds)
        yield
