"""Which of a button's looks pygame-gui draws before they are needed.

pygame-gui draws every state of a new button but "disabled" ahead, one a frame after the
button is made: normal, hovered, selected and active (pressed). "Selected" is the keyboard's
focus (game.ui.focus), "active" a press. Counted over six of the UI test files: 6887 focus
looks and 5782 pressed looks were drawn ahead, and 35 and 208 of them were ever shown; they
were a quarter of the CPU those files spent drawing buttons' states (0.5 ms a look on
average). Those two are now drawn as pygame-gui draws "disabled": when first shown
(``DrawableShape.set_active_state`` draws a state not generated yet), in the frame of the key
or press that shows it. Normal and hovered are still drawn ahead (a pointer moving over a
screen shows hovered looks often).

A state drawn on demand must never show an older drawing: when pygame-gui draws a button's
states again without forcing all of them (a new size, a theme's change), it redraws only the
ones it draws ahead; when it forces all (new words), it queues them all, one a frame. Either
way a state not drawn ahead ("disabled" too) is now marked not drawn and drawn again when
next shown; if it is the one on screen, it is drawn at once.
"""

from __future__ import annotations

LAZY = ("selected", "active")


def install() -> None:
    """Once per process (pygame-gui's classes are shared by every manager)."""
    from pygame_gui.core.drawable_shapes.drawable_shape import DrawableShape, DrawableShapeState

    if getattr(DrawableShapeState, "_lazy_states", False):
        return
    made, redraw_all = DrawableShapeState.__init__, DrawableShape.redraw_all_states

    def state_init(self, state_id: str) -> None:
        made(self, state_id)
        if state_id in LAZY:
            self.should_auto_pregen = False

    def redraw_all_states(self, force_full_redraw: bool = False) -> None:
        redraw_all(self, force_full_redraw)
        shown, queue = self.active_state, self.states_to_redraw_queue
        for name, state in self.states.items():
            if state.should_auto_pregen:
                continue
            if state is shown:
                if name not in queue:
                    self.redraw_state(name)     # on screen now: drawn again at once
            else:
                state.generated = False         # drawn again when next shown
                if name in queue:
                    queue.remove(name)

    DrawableShapeState.__init__ = state_init
    DrawableShape.redraw_all_states = redraw_all_states
    DrawableShapeState._lazy_states = True


def drawn_ahead(state_id: str) -> bool:
    """Work done ahead (a button parked, a look put in the cache) draws this state: every
    one but those drawn when first shown ("disabled" too: a choice is often switched off)."""
    return state_id not in LAZY
