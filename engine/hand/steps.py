"""Choices every seat makes at once, outside the turn order: the steps after the deal that a
rule family asks for (换三张 ``exchange``, 定缺 ``void``, 起手小胡 ``small_wins``), and the
海底 offer (``haidi``, rules.haidi_offer) that goes round the table one seat at a time.

A step opens with the seats the family asks (``RuleFamily.step_seats``; a step that asks
nobody is skipped). Each asked seat answers with :class:`engine.actions.Choose`, checked by
the family (``check_choice``) and recorded as a :class:`engine.events.Chose` event, in any
order. Once every asked seat has answered, the family's closing event (``close_step``:
``TilesExchanged``, ``VoidsChosen``, ``SmallWinsShown``) reveals what was chosen and its
fold applies it; then the next step opens, or the dealer's first turn begins.

The 海底: when the head draw of the last live tile is due, :class:`HaidiOffered` asks the
seat due to draw; ``take`` makes that seat draw it (and the hand goes on as a turn: a
self-drawn win, or the tile shown as a discard the others may win on), ``pass`` moves the
offer to the next seat still in; when every seat has passed, the hand is drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import Choose, IllegalAction
from engine.events import HEAD_DRAWS, Chose, Event, HaidiOffered
from engine.hand.types import CHOOSE, TURN

if TYPE_CHECKING:
    from engine.hand.state import HandState

HAIDI = "haidi"
HAIDI_CHOICES = ("take", "pass")


def open_steps(h: HandState) -> None:
    """After the deal: queue the family's steps and open the first that asks anyone."""
    h.steps_left = list(h.family.setup_steps(h.rules))
    advance(h)


def advance(h: HandState) -> None:
    """Open the next step that asks any seat, or begin the dealer's first turn."""
    h.choices = {}
    while h.steps_left:
        step = h.steps_left.pop(0)
        seats = h.family.step_seats(h.rules, h, step)
        if seats:
            h.step, h.step_seats = step, tuple(seats)
            h.phase = CHOOSE
            return
    h.step, h.step_seats = None, ()
    if h.phase is CHOOSE:
        h.phase = TURN
        h.turn = h.dealer


def awaiting(h: HandState) -> tuple[int, ...]:
    return tuple(s for s in h.step_seats if s not in h.choices)


def choices_of(h: HandState, seat: int) -> tuple[str, ...]:
    """The values ``seat`` may choose now (the exchange lists a suggestion per suit only)."""
    if h.step == HAIDI:
        return HAIDI_CHOICES
    assert h.step is not None
    return h.family.step_choices(h.rules, h, seat, h.step)


def pick_of(h: HandState) -> int:
    """How many tiles of one suit may be named freely now (0: only the listed values)."""
    if h.step is None or h.step == HAIDI:
        return 0
    return h.family.step_pick(h.rules, h.step)


def check(h: HandState, a: Choose) -> Event:
    """The :class:`Chose` event of ``a``, or IllegalAction."""
    if h.phase is not CHOOSE or h.step is None:
        raise IllegalAction("no_choice", "there is nothing to choose now")
    s = a.seat
    if s not in h.step_seats:
        raise IllegalAction("not_your_turn", "you are not asked to choose now")
    if s in h.choices:
        raise IllegalAction("already_acted", "you have already chosen")
    if not isinstance(a.value, str):
        raise IllegalAction("bad_choice", "a choice is written as text")
    if h.step == HAIDI:
        if a.value not in HAIDI_CHOICES:
            raise IllegalAction("bad_choice", "take the last tile or pass: 'take' or 'pass'")
        return Chose(s, HAIDI, a.value)
    value = h.family.check_choice(h.rules, h, s, h.step, a.value)
    return Chose(s, h.step, value)


def pending(h: HandState) -> Event | None:
    """The closing event of a step every asked seat has answered (None while one has not)."""
    if h.step is None or awaiting(h):
        return None
    if h.step == HAIDI:
        return None  # the offer moves in the fold; a declined 海底 ends the hand (auto)
    return h.family.close_step(h.rules, h, h.step)


def on_chose(h: HandState, e: Chose) -> None:
    h.choices[e.seat] = e.value
    if e.step != HAIDI:
        return
    if e.value == "take":  # the taker draws it: its turn, as after any draw
        h.haidi_taker = e.seat
        h.step, h.step_seats, h.choices = None, (), {}
        h.phase = TURN
        h.turn = e.seat
        h.need_draw = True
        return
    h.haidi_passes += 1
    nxt = h.next_seat(e.seat)
    if h.haidi_passes >= h.seats_in():
        h.step_seats = ()  # every seat declined: the hand is drawn
        h.haidi_declined = True
        return
    h.step_seats = (nxt,)
    h.choices = {}


def on_offered(h: HandState, e: HaidiOffered) -> None:
    h.window = None
    h.drawn_tile = None
    h.may_self_win = False
    h.haidi_first = e.seat
    h.phase = CHOOSE
    h.step, h.step_seats, h.choices = HAIDI, (e.seat,), {}


def head_draw(h: HandState, seat: int) -> Event:
    """The event of ``seat``'s draw from the head: the 海底 offer where the rules make one of
    the last live tile, the draw itself otherwise, or the end when the wall is used up."""
    w = h.wall
    # w.remaining, its usual answer inline (a property is a slow read: asked on every draw)
    left = w.tail - w.head if not w.reserve and w.skip < 0 else w.remaining
    if left == 0 or (h.table is not None and h.family.hand_aborted(h.rules, h)):
        from engine.hand.auto import end_event

        return end_event(h)
    if h.rules.haidi_offer and left == 1 and h.haidi_first is None:
        return HaidiOffered(seat)
    return HEAD_DRAWS[seat][w.tiles[w.head]]  # w.peek_head()
