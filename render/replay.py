"""A finished hand as an animation: the table after every discard, call, kong and win, then
the table with every hand open and the hand's result.

Frames are built from the hand's event log alone (folded by the engine), so a replay shows
exactly what was played. Until the last two frames nobody's concealed tiles are shown: each
frame is what anyone at the table could see at that moment (the table's public view); then
every hand turns face up (the winners marked, each winning tile set apart), and the last
frame is the hand's settlement (``render.replay_result``). Every frame is the table's square,
so the animation is drawn edge to edge from its first frame.

    frames = replay_frames(events)                # [Frame(caption, image, step, steps), ...]
    data = animate(frames, fmt="apng")            # bytes of an animated PNG (gif, webp)
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

import i18n
from engine.events import Called, Discarded, Event, HandEnded, HandStarted, Konged, Won
from engine.hand import HandState
from render.draw import CREAM, MUTED, canvas, text
from render.replay_result import real_wins, result_caption, result_image
from render.table import table_image
from render.views import MeldView, RenderError, SeatView, TableView
from render.words import tile_words

CAPTION_H = 56


@dataclass(frozen=True, slots=True)
class Frame:
    """One picture of the replay (the table; the result in the last frame), the line that
    says what just happened, and its place (``step`` of ``steps``)."""

    caption: str
    image: Image.Image
    step: int
    steps: int
    final: bool = False
    # the animation's line above the table while the hand is played (the rules and the hand):
    # one line for every frame, so that each frame of the animation stores only the tiles
    # that changed (a caption per move would make every frame a full-height change)
    heading: str = ""

    def captioned(self) -> Image.Image:
        """The picture with its caption and step above it (one step of the step-by-step view)."""
        return _with_caption(self.image, self.caption, f"{self.step}/{self.steps}")


def hand_events(events: Sequence[Event], hand_no: int | None = None) -> list[Event]:
    """One hand's events (from its HandStarted to its HandEnded) out of a match or hand log;
    ``hand_no`` as in the events (0-based), the last finished hand when None."""
    hands: list[list[Event]] = []
    current: list[Event] | None = None
    for ev in events:
        if isinstance(ev, HandStarted):
            current = [ev]
            hands.append(current)
        elif current is not None:
            current.append(ev)
            if isinstance(ev, HandEnded):
                current = None
    finished = [h for h in hands if isinstance(h[-1], HandEnded)]
    if not finished:
        raise RenderError("the log holds no finished hand to replay")
    if hand_no is None:
        return finished[-1]
    for h in finished:
        first = h[0]
        assert isinstance(first, HandStarted)
        if first.hand_no == hand_no:
            return h
    raise RenderError(f"hand {hand_no + 1} is not a finished hand of this log")


def _table(state: HandState, names: Sequence[str], viewer: int, last: int | None,
           *, open_hands: bool = False) -> TableView:
    """The table as everyone saw it; with ``open_hands``, every hand face up (the end)."""
    won = {w.seat: w.tile for w in real_wins(state)} if open_hands else {}
    seats = []
    for s, st in enumerate(state.seats):
        shown = None
        if open_hands:
            shown = st.concealed()
            tile = won.get(s)
            if tile is not None and tile in shown:
                shown.remove(tile)
        seats.append(
            SeatView(
                name=names[s],
                discards=list(st.river),
                # face-down discards (two-player Sichuan): the viewer knows only their own,
                # everyone's are shown at the end
                discards_face_down=state.rules.hidden_discards and not open_hands
                and s != viewer,
                melds=[MeldView.from_meld(m, s) for m in st.melds],
                concealed_count=min(17, sum(st.counts)),
                flowers=list(st.flowers),
                seat_wind=(s - state.dealer) % len(state.seats),
                is_dealer=s == state.dealer,
                # the last discard is marked instead: a moving turn marker would change the
                # whole picture from frame to frame (and the animation's size with it)
                is_turn=False,
                open_hand=shown,
                won_tile=won.get(s),
                winner=s in won,
            )
        )
    last_discard = None
    if last is not None and state.seats[last].river:
        last_discard = (last, len(state.seats[last].river) - 1)
    return TableView(
        seats=seats, wall_remaining=state.wall.remaining, round_wind=state.round_wind % 4,
        last_discard=last_discard, hand_number=state.hand_no + 1, viewer=viewer,
        wild_kinds=frozenset(state.wild_kinds), indicator=state.indicator,
        family=state.rules.family, marks=state.family.table_marks(state.rules, state),
        dead_jokers=state.rules.joker_calls,
    )  # fmt: skip


def _caption(ev: Event, names: Sequence[str], locale: object, hidden_from: int | None = None
             ) -> str | None:
    """The frame's caption; ``hidden_from``: the viewer, where discards lie face down (the
    others' discards are then not named)."""
    if isinstance(ev, Discarded) and hidden_from is not None and ev.seat != hidden_from:
        return i18n.t("render.replay.discard_down", locale, name=names[ev.seat])
    if isinstance(ev, Discarded):
        return i18n.t("render.replay.discard", locale, name=names[ev.seat],
                      tile=tile_words(ev.tile, locale))  # fmt: skip
    if isinstance(ev, Called):
        return i18n.t(f"render.replay.{ev.kind}", locale, name=names[ev.seat],
                      tile=tile_words(ev.tile, locale))  # fmt: skip
    if isinstance(ev, Konged):
        return i18n.t("render.replay.kong", locale, name=names[ev.seat],
                      tile=tile_words(ev.tile, locale))  # fmt: skip
    if isinstance(ev, Won):  # a 诈胡 is named as such, never as a win
        key = "render.false_win" if "false_win" in ev.patterns else "render.wins"
        return i18n.t(key, locale, name=names[ev.seat])
    return None


def _with_caption(img: Image.Image, caption: str, step: str) -> Image.Image:
    out = canvas(img.width, img.height + CAPTION_H)
    out.paste(img, (0, CAPTION_H))
    d = ImageDraw.Draw(out)
    text(d, (14, CAPTION_H // 2), caption, 28, CREAM, "bold", anchor="lm",
         max_width=img.width - 140)  # fmt: skip
    text(d, (img.width - 14, CAPTION_H // 2), step, 22, MUTED, anchor="rm")
    return out


def _check(events: Sequence[Event]) -> None:
    if not events or not isinstance(events[0], HandStarted):
        raise RenderError("a replay starts with the hand's hand_started event")
    if not isinstance(events[-1], HandEnded):
        raise RenderError("only a finished hand can be replayed (it shows every hand at the end)")


def shots(
    events: Sequence[Event], names: Sequence[str], viewer: int, locale: object
) -> tuple[list[tuple[str, TableView]], HandState, int | None]:
    """(caption, public view) of every frame before the two that end the replay (the deal,
    then each discard, call, kong and win), and the state at the end with the seat whose
    discard is the last on the table."""
    _check(events)
    state = HandState.from_events(events[:1])
    out: list[tuple[str, TableView]] = []
    last: int | None = None
    for ev in events[1:]:
        if ev.decision and not out:  # the table as the first player is to act
            out.append((i18n.t("render.replay.deal", locale), _table(state, names, viewer, None)))
        state.apply(ev)
        if isinstance(ev, Discarded):
            last = ev.seat
        elif isinstance(ev, Called):
            last = None
        caption = _caption(ev, names, locale,
                           viewer if state.rules.hidden_discards else None)
        if caption is not None:
            out.append((caption, _table(state, names, viewer, last)))
    return out, state, last


FINAL_FRAMES = 2  # every hand open, then the result


def final_frame(
    which: int, events: Sequence[Event], state: HandState, last: int | None,
    names: Sequence[str], viewer: int, locale: object, step: int, steps: int,
) -> Frame:
    """One of the two frames that end a replay: 0, the table with every hand open (captioned
    with who won on which tile); 1, the hand's result (the settlement picture)."""
    end = events[-1]
    assert isinstance(end, HandEnded)
    if which == 0:
        view = _table(state, names, viewer, last, open_hands=True)
        return Frame(result_caption(state, end, names, locale), table_image(view, locale),
                     step, steps)
    return Frame(i18n.t("render.replay.result", locale), result_image(state, end, names, locale),
                 step, steps, final=True)


def default_names(locale: object, seats: int = 4) -> list[str]:
    return [i18n.t("render.replay.seat", locale, n=s + 1) for s in range(seats)]


def replay_frames(
    events: Sequence[Event],
    names: Sequence[str] | None = None,
    *,
    viewer: int = 0,
    locale: object = "en",
) -> list[Frame]:
    """A frame after the deal and after every discard, call, kong and win of one finished
    hand (its events, from HandStarted to HandEnded), then the table with every hand open
    and the hand's result. Every frame is the same size (the table's square)."""
    if names is None:
        names = default_names(locale, seat_count(events))
    taken, state, last = shots(events, names, viewer, locale)
    total = len(taken) + FINAL_FRAMES
    heading = _heading(state, locale)
    frames = [
        Frame(caption, table_image(view, locale), i + 1, total, heading=heading)
        for i, (caption, view) in enumerate(taken)
    ]
    for k in range(FINAL_FRAMES):
        frames.append(final_frame(k, events, state, last, names, viewer, locale,
                                  len(taken) + k + 1, total))
    return frames


def seat_count(events: Sequence[Event]) -> int:
    """The hand's seat count (its rules' ``players``), from its first event."""
    _check(events)
    return len(HandState.from_events(events[:1]).seats)


def _heading(state: HandState, locale: object) -> str:
    from i18n.presets import preset_name

    return " · ".join((preset_name(state.rules.id, locale),
                       i18n.t("render.hand_number", locale, n=state.hand_no + 1)))


def frame_png(frame: Frame, width: int | None = None) -> bytes:
    """One frame as PNG bytes (the step-by-step buttons show these), scaled to ``width``."""
    from render.draw import to_png

    img = frame.captioned()
    if width is not None and img.width > width:
        img = img.resize((width, round(img.height * width / img.width)), Image.Resampling.LANCZOS)
    return to_png(img)


def animate(
    frames: Sequence[Frame], fmt: str = "apng", width: int = 720, ms: int = 900
) -> bytes:
    """The frames as one animated picture (``apng``, ``gif`` or ``webp``), ``width`` px wide:
    the hand's heading above the table while it is played, then the open hands and the result
    with their captions, staying longer. Frames differ only where the table changed (the encoders store each frame as the
    box of its changes), so a hand of ~100 moves stays well under Discord's attachment
    limit."""
    if not frames:
        raise RenderError("no frames to animate")
    if fmt not in FORMATS:
        raise RenderError(f"format {fmt!r}: use {', '.join(FORMATS)}")
    from render.palette import shared_palette

    # while the hand is played, the hand's heading (each frame then changes only where the
    # tiles moved); the open hands and the result with their captions
    pages = [f.captioned() if f.final or i >= len(frames) - FINAL_FRAMES
             else _with_caption(f.image, f.heading, "") for i, f in enumerate(frames)]
    # one size for all: every frame is the table's square already; a smaller one (never
    # expected) is drawn on a page of the largest size rather than stretched
    full = (max(p.width for p in pages), max(p.height for p in pages))
    size = (width, round(full[1] * width / full[0]))
    pal = shared_palette()
    images = []
    for p in pages:
        if p.size != full:
            page = canvas(*full)
            page.paste(p, (0, 0))
            p = page
        small = p.resize(size, Image.Resampling.BILINEAR) if size != full else p
        images.append(small if fmt == "webp" else
                      small.quantize(palette=pal, dither=Image.Dither.NONE))
    durations = [ms] * len(images)
    for k in range(1, min(FINAL_FRAMES, len(images)) + 1):
        durations[-k] = ms * 4  # time to read the open hands and the result
    buf = io.BytesIO()
    if fmt == "apng":
        images[0].save(buf, "PNG", save_all=True, append_images=images[1:], duration=durations,
                       loop=0, default_image=False, compress_level=6)  # fmt: skip
    elif fmt == "gif":
        images[0].save(buf, "GIF", save_all=True, append_images=images[1:], duration=durations,
                       loop=0, optimize=False, disposal=1)  # fmt: skip
    else:
        images[0].save(buf, "WEBP", save_all=True, append_images=images[1:], duration=durations,
                       loop=0, lossless=True, quality=80, method=4)  # fmt: skip
    return buf.getvalue()


# the animated formats, by the file extensions that name them
FORMATS = ("apng", "gif", "webp")
EXTENSIONS = {".png": "apng", ".apng": "apng", ".gif": "gif", ".webp": "webp"}
