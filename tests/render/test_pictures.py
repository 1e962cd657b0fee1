"""Pictures have the expected size and regions; bad input raises a clear error."""

from __future__ import annotations

import io
import threading
from dataclasses import replace

import pytest
from PIL import Image, ImageChops

import render
from engine.melds import meld
from engine.rules import TABLE_PRESETS as PRESETS  # the presets tables offer (and picture)
from engine.tiles import parse, parse_one
from render import samples
from render.hand import BASE_WIDTH, MARGIN, TILE_W
from render.table import SIZE
from render.tileart import GOLD, tile_size
from render.views import HandView, MeldView, RenderError, SeatView, TableView
from tests.render.conftest import BAIDA


def _count(img, color, tol):
    """How many pixels are within ``tol`` of ``color`` on every channel."""
    diff = ImageChops.difference(img.convert("RGB"), Image.new("RGB", img.size, color))
    r, g, b = (band.point(lambda v: 255 if v <= tol else 0) for band in diff.split())
    return ImageChops.multiply(ImageChops.multiply(r, g), b).histogram()[255]


def _close(a, b, tol=40):
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=False))


def test_every_tile_draws_at_several_sizes():
    for width in (24, 38, 60):
        for tile in range(42):
            img = render.tile_image(tile, width, wild=tile >= 34)
            assert img.size == tile_size(width)
            assert img.mode == "RGBA"


def test_tiles_are_cached_per_size():
    assert render.tile_image(parse_one("5p"), 60) is render.tile_image(parse_one("5p"), 60)
    assert render.tile_image(parse_one("5p"), 60) is not render.tile_image(parse_one("5p"), 61)


def test_faces_differ_from_each_other():
    faces = {render.tile_image(t, 40).tobytes() for t in range(42)}
    assert len(faces) == 42


def test_wildcards_carry_a_gold_mark():
    plain = render.tile_image(parse_one("1f"), 60).convert("RGB")
    wild = render.tile_image(parse_one("1f"), 60, wild=True).convert("RGB")
    left_edge = wild.getpixel((2, 40))  # the gold frame
    assert _close(left_edge, GOLD, 50)
    assert not _close(plain.getpixel((2, 40)), GOLD, 50)
    assert _count(wild, GOLD, 40) > 300 > _count(plain, GOLD, 40)


def test_hand_picture_size_and_regions():
    view = HandView(parse("1122m345p678s55z"), drawn=parse_one("7z"))
    img = render.hand_image(view)
    tw, th = tile_size(TILE_W)
    assert img.size == (BASE_WIDTH, th + 2 * MARGIN)
    # the first tile's face is ivory, the gap before the drawn tile is felt
    assert _close(img.getpixel((MARGIN + tw // 2, MARGIN + 4)), (255, 253, 246))
    x_gap = MARGIN + 13 * (tw + 2) + 6
    felt = img.getpixel((x_gap, MARGIN + th // 2))
    assert isinstance(felt, tuple) and felt[1] < 130  # felt green, not a tile


def test_hand_picture_grows_rows_for_melds_and_waits():
    bare = render.hand_image(HandView(parse("1234m")))
    with_waits = render.hand_image(HandView(parse("1234m"), waits=parse("14m")))
    with_meld = render.hand_image(
        HandView(parse("1234m"), melds=[MeldView.from_meld(meld("pung", "555p", "5p", 1), 0)]))
    assert with_waits.height > bare.height
    assert with_meld.height > bare.height


def test_the_claimed_tile_turns_towards_its_giver():
    m = meld("pung", "555p", called="5p", from_seat=3)  # from the previous player: left
    assert MeldView.from_meld(m, 0).called_index == 0
    assert MeldView.from_meld(meld("pung", "555p", "5p", 1), 0).called_index == 2
    assert MeldView.from_meld(meld("kong", "5555p", "5p", 2), 0).called_index == 1
    assert MeldView.from_meld(meld("concealed_kong", "5555p"), 0).concealed


def test_table_picture_is_square_and_highlights_the_last_discard():
    img = render.table_image(samples.sample_table())
    assert img.size == (SIZE, SIZE)
    assert _count(img, (255, 170, 30), 30) > 200  # the last-discard frame, the turn bar and the turn plate


def test_settlement_leaderboard_and_rules_pictures():
    s = render.settlement_image(samples.sample_settlement(), "zh-CN")
    assert s.width == BASE_WIDTH and 400 < s.height < 1200
    lb = render.leaderboard_image(samples.sample_leaderboard())
    assert lb.height > 5 * 50
    for rules in PRESETS.values():
        img = render.rules_image(rules, "zh-TW")
        rows = len(rules.pattern_values) + len(rules.bonus_values)
        assert img.height > rows * 60


def test_png_bytes_are_small_pngs():
    for png in (
        render.render_hand(samples.sample_hand()),
        render.render_table(samples.sample_table()),
        render.render_settlement(samples.sample_settlement()),
        render.render_leaderboard(samples.sample_leaderboard()),
        render.render_rules(PRESETS["guangdong"]),
    ):
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert len(png) < 200_000
        assert Image.open(io.BytesIO(png)).size[0] >= 700


@pytest.mark.parametrize(
    ("view", "message"),
    [
        (HandView([42]), "not a tile"),
        (HandView(["5m"]), "not a tile"),  # type: ignore[list-item]
        (HandView(parse("111123456789999m123p")), "too many tiles"),  # 19: more than 17
        (HandView(parse("11111m")), "5 × 1m"),
        (HandView(parse("123m"), flowers=parse("1m")), "must be flowers"),
        (HandView(parse("1234567890m"[:9] + "m"), melds=[MeldView(tuple(parse("55m")))]),
         "3 or 4 tiles"),
        (HandView(parse("123m"), melds=[MeldView(tuple(parse("111f")))]), "natural tiles"),
    ],
)
def test_bad_hands_raise_clear_errors(view, message):
    with pytest.raises(RenderError, match=message):
        render.render_hand(view)


def test_bad_tables_raise_clear_errors():
    seats = [SeatView(f"p{i}") for i in range(4)]
    with pytest.raises(RenderError, match="2 to 7 seats"):
        render.render_table(TableView(seats[:1], 50))
    with pytest.raises(RenderError, match="last_discard"):
        render.render_table(TableView(seats, 50, last_discard=(0, 3)))
    with pytest.raises(RenderError, match="not a tile"):
        render.render_table(TableView([SeatView("x", discards=[99]), *seats[1:]], 50))
    with pytest.raises(RenderError, match="seat_wind"):
        render.render_table(TableView([SeatView("x", seat_wind=7), *seats[1:]], 50))


def test_rendering_from_threads_gives_the_same_pictures():
    view = HandView(parse("19m19p19s1234567z"), drawn=parse_one("1m"), wild_kinds=BAIDA)
    expected = render.render_hand(view, "en")
    results: list[bytes] = []

    def work() -> None:
        for _ in range(5):
            results.append(render.render_hand(view, "en"))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 20 and all(r == expected for r in results)


def test_settlement_explains_kong_and_horse_payments():
    """Totals that differ from the win's points (kongs, horses) get a line each."""
    import dataclasses

    from render.views import RenderError

    plain = samples.sample_settlement()
    with_extras = dataclasses.replace(
        plain, extras=[("kong", (3, -1, 1, -3)), ("horse", (0, 0, 0, 0))]
    )
    # one line for the kongs; an all-zero line is left out
    assert render.settlement_image(with_extras, "zh-TW").height == (
        render.settlement_image(plain, "zh-TW").height + 44
    )
    bad_extras: list[list[tuple[str, tuple[object, ...]]]] = [
        [("tip", (1, -1, 0, 0))], [("kong", (1, -1, 0))], [("kong", (1.5, 0, 0, 0))]
    ]
    for bad in bad_extras:
        with pytest.raises(RenderError):
            render.settlement_image(dataclasses.replace(plain, extras=bad))  # type: ignore[arg-type]


def test_the_indicator_games_pictures():
    # beside the hand: a row for the indicator and the joker kind
    plain = samples.sample_hand_shanghai()
    without = HandView(plain.concealed, plain.drawn, plain.melds, plain.flowers,
                       plain.wild_kinds)  # fmt: skip
    assert render.hand_image(plain).height > render.hand_image(without).height
    # the table: square, the same size with the indicator, 花 counts and marks
    for table in (samples.sample_table_shanghai(), samples.sample_table_beijing()):
        for locale in ("zh-Hans", "zh-Hant", "en"):
            assert render.table_image(table, locale).size == (SIZE, SIZE)
    # settlements in each family's own terms; a rules sheet per preset and language
    for settled in (samples.sample_settlement_shanghai(), samples.sample_settlement_beijing(),
                    samples.sample_settlement_quzhou()):  # fmt: skip
        for locale in ("zh-Hans", "zh-Hant", "en"):
            assert render.settlement_image(settled, locale).width >= BASE_WIDTH
    for preset in ("shanghai", "beijing", "quzhou"):
        for locale in ("zh-Hans", "zh-Hant", "en"):
            assert render.rules_image(PRESETS[preset], locale).width == 960


def test_dragons_set_aside_are_bonus_tiles_and_bad_marks_are_refused():
    HandView(parse("123m456p789s1z"), flowers=parse("5z6z1f")).check()
    with pytest.raises(RenderError, match="set aside"):
        HandView(parse("123m456p789s1z"), flowers=parse("1z")).check()
    table = samples.sample_table_beijing()
    bad = TableView(table.seats, table.wall_remaining, marks=(("burn", (1, 2)),))
    with pytest.raises(RenderError, match="burn"):
        bad.check()
    with pytest.raises(RenderError, match="unknown mark"):
        TableView(table.seats, table.wall_remaining, marks=(("luck", (1,)),)).check()


def test_a_hand_shows_its_own_void_suit_and_once_out_its_winning_tile():
    tiles = parse("123m456m789m1234p")
    bare = render.hand_image(HandView(tiles))
    void = render.hand_image(HandView(tiles, void_suit=2), "zh-CN")
    out = render.hand_image(HandView(tiles, void_suit=2, out=True, won_tile=parse_one("5p")))
    assert void.height > bare.height and out.height == void.height
    strip = (0, bare.height - MARGIN, out.width, out.height)
    assert ImageChops.difference(out.crop(strip).convert("RGB"),
                                 void.crop(strip).convert("RGB")).getbbox() is not None
    with pytest.raises(RenderError, match="void_suit"):
        render.hand_image(HandView(tiles, void_suit=3))
    with pytest.raises(RenderError):
        render.hand_image(HandView(tiles, out=True, won_tile=99))


def test_the_table_plates_show_each_seats_payments_so_far_in_the_hand():
    base = samples.sample_table()
    seats = [SeatView(**{**{f: getattr(s, f) for f in s.__dataclass_fields__}, "running": r})
             for s, r in zip(base.seats, (3, -1, -1, -1), strict=True)]
    shown = TableView(**{**{f: getattr(base, f) for f in base.__dataclass_fields__},
                         "seats": seats})
    a, b = render.table_image(base, "en"), render.table_image(shown, "en")
    assert a.size == b.size
    assert ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is not None


def test_changsha_has_its_own_earthly_description_in_three_languages(monkeypatch):
    import render.rules_sheet as sheet
    from i18n.patterns import pattern_description

    for locale in ("zh-CN", "zh-TW", "en"):
        own = pattern_description("earthly", locale, "changsha")
        assert own != pattern_description("earthly", locale, "guangdong")
        assert own != pattern_description("earthly", locale)
    assert "dealer's first discard" in pattern_description("earthly", "en", "changsha")
    assert "莊家打出" in pattern_description("earthly", "zh-TW", "changsha")
    drawn: list[str] = []

    def described(pid, locale="en", family=None):
        drawn.append(text := pattern_description(pid, locale, family))
        return text

    monkeypatch.setattr(sheet, "pattern_description", described)
    sheet.rules_image(PRESETS["changsha"], "zh-TW")
    assert pattern_description("earthly", "zh-TW", "changsha") in drawn
    assert pattern_description("earthly", "zh-TW") not in drawn  # Guangdong's meaning


def test_a_false_win_is_drawn_as_what_it_cost_not_as_a_win(monkeypatch):
    """诈胡: the panel is titled with the false win, shows the hand and what the declarer
    paid, and the penalty's line gives every seat's share; no 胡牌, no points total."""
    import render.settlement as settlement
    from render.views import SettlementView, WinView

    drawn: list[str] = []
    real = settlement.text

    def spy(d, xy, s, *args, **kwargs):
        drawn.append(s)
        return real(d, xy, s, *args, **kwargs)

    monkeypatch.setattr(settlement, "text", spy)
    hand = HandView(concealed=parse("123m456m345p678p9s"), drawn=parse_one("1z"))
    view = SettlementView(
        names=("Ann", "Bob", "Cat", "Dan"), payments=(1, -3, 1, 1),
        wins=[WinView(seat=1, hand=hand, patterns=[("false_win", 0)], points=0,
                      self_drawn=True)],
        family="baoding", extras=[("false_win", (1, -3, 1, 1))],
    )
    for locale, title, paid, name in (("zh-CN", "Bob 诈胡", "诈胡赔付", "诈胡"),
                                      ("zh-TW", "Bob 詐胡", "詐胡賠付", "詐胡"),
                                      ("en", "Bob: false win", "Paid for the false win",
                                       "False win (诈胡)")):
        drawn.clear()
        settlement.settlement_image(view, locale)
        assert title in drawn and paid in drawn and "-3" in drawn and name in drawn
        assert not any("胡牌" in s or s.endswith(" wins") or "self-drawn" in s for s in drawn)
    # declared on a turn begun by a pong: 14 concealed-and-melded tiles, none drawn
    after_call = HandView(concealed=parse("123m456m345p6p9s"),
                          melds=[MeldView(tiles=tuple(parse("555s")), called_index=0,
                                                    from_relative=3)])
    called = replace(view, wins=[replace(view.wins[0], hand=after_call)])
    drawn.clear()
    settlement.settlement_image(called, "en")
    assert "Bob: false win" in drawn
    ordinary = samples.sample_settlement()
    with pytest.raises(RenderError, match="winning tile"):  # a real win still needs its tile
        replace(ordinary, wins=[replace(ordinary.wins[0],
                                        hand=replace(ordinary.wins[0].hand, drawn=None))]).check()
    drawn.clear()
    settlement.settlement_image(ordinary, "en")
    assert any(s.endswith(" wins") for s in drawn)
