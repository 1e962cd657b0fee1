"""A finished hand as an animation: the table after every discard, call, kong and win, and a
last frame with every hand open.

Frames are built from the hand's event log alone (folded by the engine), so a replay shows
exactly what was played. Until the last frame nobody's concealed tiles are shown: each frame
is what anyone at the table could see at that moment (the table's public view); the last
frame adds the four hands, face up, under the table.

    frames = replay_frames(events)                # [(caption, image), ...]
    data = animate(frames, fmt="apng")            # bytes of an animated PNG (or "gif")
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

import i18n
from engine.events import Called, Discarded, Event, HandEnded, HandStarted, Konged, Won
from engine.hand import HandState
from render.draw import CREAM, GOLD_TEXT, MUTED, canvas, text
from render.hand import draw_hand, hand_size
from render.table import SIZE as TABLE_SIZE
from render.table import table_image
from render.views import HandView, MeldView, RenderError, SeatView, TableView

CAPTION_H = 56
HAND_TILE_W = 40


@dataclass(frozen=True, slots=True)
class Frame:
    """One picture of the replay (the table, and the open hands in the last frame), the line
    that says what just happened, and its place (``step`` of ``steps``)."""

    caption: str
    image: Image.Image
    step: int
    steps: int
    final: bool = False

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


def _table(state: HandState, names: Sequence[str], viewer: int, last: int | None) -> TableView:
    seats = []
    for s, st in enumerate(state.seats):
        seats.append(
            SeatView(
                name=names[s],
                discards=list(st.river),
                melds=[MeldView.from_meld(m, s) for m in st.melds],
                concealed_count=min(14, sum(st.counts)),
                flowers=list(st.flowers),
                seat_wind=(s - state.dealer) % 4,
                is_dealer=s == state.dealer,
                # the last discard is marked instead: a moving turn marker would change the
                # whole picture from frame to frame (and the animation's size with it)
                is_turn=False,
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


def _caption(ev: Event, names: Sequence[str], locale: object) -> str | None:
    from engine.tiles import tile_name

    if isinstance(ev, Discarded):
        return i18n.t("render.replay.discard", locale, name=names[ev.seat], tile=tile_name(ev.tile))
    if isinstance(ev, Called):
        return i18n.t(f"render.replay.{ev.kind}", locale, name=names[ev.seat],
                      tile=tile_name(ev.tile))  # fmt: skip
    if isinstance(ev, Konged):
        return i18n.t("render.replay.kong", locale, name=names[ev.seat], tile=tile_name(ev.tile))
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


def _open_hands(state: HandState, names: Sequence[str], locale: object) -> Image.Image:
    """The four hands face up, one row each, with the seat's name."""
    rows = []
    for s, st in enumerate(state.seats):
        hv = HandView(
            concealed=st.concealed(), melds=[MeldView.from_meld(m, s) for m in st.melds],
            flowers=list(st.flowers), wild_kinds=frozenset(state.wild_kinds),
        )  # fmt: skip
        hv.check()
        rows.append(hv)
    row_h = max(hand_size(hv, HAND_TILE_W)[1] for hv in rows) + 40
    img = canvas(TABLE_SIZE, row_h * 4 + 12)
    d = ImageDraw.Draw(img)
    for s, hv in enumerate(rows):
        y = 6 + s * row_h
        text(d, (14, y), names[s], 24, GOLD_TEXT, "bold", max_width=TABLE_SIZE - 28)
        draw_hand(img, hv, 14, y + 32, locale, tile_w=HAND_TILE_W)
    return img


def replay_frames(
    events: Sequence[Event],
    names: Sequence[str] | None = None,
    *,
    viewer: int = 0,
    locale: object = "en",
) -> list[Frame]:
    """A frame after the deal and after every discard, call, kong and win of one finished
    hand (its events, from HandStarted to HandEnded); the last frame opens every hand."""
    if not events or not isinstance(events[0], HandStarted):
        raise RenderError("a replay starts with the hand's hand_started event")
    if not isinstance(events[-1], HandEnded):
        raise RenderError("only a finished hand can be replayed (it shows every hand at the end)")
    if names is None:
        names = [i18n.t("render.replay.seat", locale, n=s + 1) for s in range(4)]
    state = HandState.from_events(events[:1])
    shots: list[tuple[str, TableView]] = []
    last: int | None = None
    for ev in events[1:]:
        if ev.decision and not shots:  # the table as the first player is to act
            shots.append((i18n.t("render.replay.deal", locale), _table(state, names, viewer, None)))
        state.apply(ev)
        if isinstance(ev, Discarded):
            last = ev.seat
        elif isinstance(ev, Called):
            last = None
        caption = _caption(ev, names, locale)
        if caption is not None:
            shots.append((caption, _table(state, names, viewer, last)))
    total = len(shots) + 1
    frames = [
        Frame(caption, table_image(view, locale), i + 1, total)
        for i, (caption, view) in enumerate(shots)
    ]
    end = events[-1]
    assert isinstance(end, HandEnded)
    caption = i18n.t("render.drawn_hand", locale) if end.drawn else i18n.t(
        "render.replay.end", locale)  # fmt: skip
    table = table_image(_table(state, names, viewer, last), locale)
    hands = _open_hands(state, names, locale)
    both = canvas(table.width, table.height + hands.height)
    both.paste(table, (0, 0))
    both.paste(hands, (0, table.height))
    frames.append(Frame(caption, both, total, total, final=True))
    return frames


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
    """The frames as one animated picture (``apng`` or ``gif``), every frame the size of the
    last (the table plus the open hands), ``width`` px wide; the last frame stays longer and
    carries its caption. Frames differ only where the table changed (the encoders store each
    frame as the box of its changes), so a hand of ~100 moves stays well under Discord's
    attachment limit."""
    if not frames:
        raise RenderError("no frames to animate")
    if fmt not in ("apng", "gif"):
        raise RenderError(f"format {fmt!r}: use apng or gif")
    from render.palette import shared_palette

    last = frames[-1].captioned() if frames[-1].final else frames[-1].image
    full = last.size
    size = (width, round(full[1] * width / full[0]))
    pal = shared_palette()
    images = []
    for f in frames:
        page = canvas(*full)
        page.paste(last if f is frames[-1] else f.image, (0, 0))
        small = page.resize(size, Image.Resampling.BILINEAR) if size != full else page
        images.append(small.quantize(palette=pal, dither=Image.Dither.NONE))
    durations = [ms] * (len(images) - 1) + [ms * 5]
    buf = io.BytesIO()
    if fmt == "apng":
        images[0].save(buf, "PNG", save_all=True, append_images=images[1:], duration=durations,
                       loop=0, default_image=False, compress_level=6)  # fmt: skip
    else:
        images[0].save(buf, "GIF", save_all=True, append_images=images[1:], duration=durations,
                       loop=0, optimize=False, disposal=1)  # fmt: skip
    return buf.getvalue()
