"""Riichi in the table's words: the riichi buttons (one per discard that declares it), the
locked hand after riichi, furiten told, each seat's points, dora, sticks and honba on the
table, a win's han, fu and yaku, the points paid."""

from __future__ import annotations

from engine.events import HandEnded
from tables.game import GameDriver
from tables.model import Mode, PrivateView
from tables.text import choice_label, settlement_text, table_text

NAMES = ("A", "B", "C", "D")


def _play(seed: str, stop):
    """Greedy computers that declare riichi whenever they may; ``stop(game, events, seat)``
    ends the game early when it returns a value."""
    g, _ = GameDriver.start("riichi", {"rounds": 1}, seed, 8)
    for _ in range(20_000):
        if g.match_over:
            return None
        if g.hand_over:
            g.next_hand()
            continue
        seat = next(iter(g.acting()))
        legal = g.legal(seat)
        c = g.computer_choice(seat, "greedy")
        riichi = [x for x in legal if x.kind == "riichi"]
        if riichi and c.kind == "discard":
            c = next((x for x in riichi if x.tile == c.tile), riichi[0])
        events = g.apply(seat, c)
        got = stop(g, events, seat)
        if got is not None:
            return got
    raise AssertionError("the game did not end")


def test_riichi_buttons_are_the_discards_that_declare_it_and_then_the_hand_is_locked():
    seen: dict[str, object] = {}

    def stop(g, events, seat):
        h = g.hand
        if h is None or h.is_over:
            return None
        for s in g.acting():
            legal = h.legal_actions(s)
            if legal.riichi and "offer" not in seen:
                choices = [c for c in g.legal(s) if c.kind == "riichi"]
                assert sorted(c.tile for c in choices) == sorted(legal.riichi)
                assert all(c.tile in legal.discards for c in choices)
                seen["offer"] = choices[0]
                # the offline prompt: "riichi <tile>" names that button, "discard <tile>" not
                from engine.tiles import tile_name
                from tables.offline_words import matching

                view = g.private_view("t", s)
                tile = tile_name(choices[0].tile)
                for said in (f"riichi {tile}", f"立直{tile}"):
                    picked = matching(view, said)
                    assert [view.actions[i] for i in picked] == [choices[0]], said
                picked = matching(view, f"discard {tile}")
                assert [view.actions[i].kind for i in picked] == ["discard"]
        pv: PrivateView = g.private_view("t", seat)
        if pv.riichi:
            seen["locked"] = (g, seat)
            return True
        return None

    assert _play("views-1", stop)
    choice = seen["offer"]
    assert choice_label(choice, "en").startswith("Riichi")
    assert choice_label(choice, "zh-Hans").startswith("立直")
    assert choice_label(choice, "zh-Hant").startswith("立直")
    g, seat = seen["locked"]
    # on its next turn the seat may only give up the tile it drew (or win / a kong)
    for _ in range(200):
        if g.hand_over:
            break
        s = next(iter(g.acting()))
        if s == seat and g.hand.phase.name == "TURN":
            discards = [c for c in g.legal(seat) if c.kind == "discard"]
            assert [c.tile for c in discards] == [g.hand.drawn_tile]
            assert not any(c.kind == "riichi" for c in g.legal(seat))
            view = g.private_view("t", seat)
            assert view.riichi and view.mode is Mode.TURN
            break
        g.apply(s, g.computer_choice(s, "greedy"))


def test_the_table_shows_points_dora_sticks_and_a_win_its_han_and_fu():
    def stop(g, events, seat):
        if not any(isinstance(e, HandEnded) for e in events):
            return None
        sv = g.settlement_view("t", events, (0, 0, 0, 0), NAMES)
        if any(w.yaku and "riichi" in dict(w.yaku) for w in sv.wins):
            pv = g.public_view("t", names=NAMES, computer=(True,) * 4, scores=(0,) * 4,
                               deadline=None, hands_total=8)
            return sv, pv
        return None

    sv, pv = _play("views-2", stop)
    w = next(w for w in sv.wins if "riichi" in dict(w.yaku))
    assert w.fu is not None and w.fu >= 20 and w.fan == sum(n for _y, n in w.yaku)
    en, zh = settlement_text(sv, "en"), settlement_text(sv, "zh-Hans")
    assert f"{w.fan} han {w.fu} fu" in en and f"{w.fan} 番 {w.fu} 符" in zh
    assert "Riichi 1" in en and "Dora indicators" in en and "Ura-dora indicators" in en
    assert "Chips move at the end of the game" in en
    points = next(v for n, v in sv.marks if n == "points")
    assert sum(points) == 100_000 and f"{points[w.seat]:,}" in en
    dora = next(v for n, v in pv.marks if n == "dora")
    table = table_text(pv, "en")
    assert all(f"({p:,})" in table for p in points)
    assert "Dora indicators" in table and "honba" in table
    assert dora and all(0 <= t < 34 for t in dora)
    # the pictures draw the same (points for chips, the dora, sticks; han and fu as a note)
    from tables.pictures import settlement_png, table_png

    for locale in ("zh-Hans", "zh-Hant", "en"):
        assert table_png(pv, locale) and settlement_png(sv, locale)


def test_furiten_has_words_in_three_languages():
    from i18n.bot_text import bt

    for code in ("furiten_discard", "furiten_temporary", "furiten_riichi"):
        texts = {bt(f"withheld.{code}", loc) for loc in ("zh-Hans", "zh-Hant", "en")}
        assert len(texts) == 3 and all("withheld" not in t for t in texts)


def test_an_abortive_draw_says_why_in_three_languages() -> None:
    from tables.model import SettlementView

    def view(abort: str, seat: int | None = None) -> SettlementView:
        return SettlementView(table_id="t", hand_no=0, rules_name="riichi", drawn=True, wins=(),
                              deltas=(0, 0, 0, 0), chips=(0, 0, 0, 0), payments=(),
                              names=("kana", "leo", "mia", "ned"), seed="s", commitment="c",
                              family="riichi", abort=abort, abort_seat=seat)

    nine = {loc: settlement_text(view("nine_kinds", 1), loc) for loc in ("zh-Hans", "zh-Hant", "en")}
    assert "leo 宣告九种九牌" in nine["zh-Hans"] and "leo 宣告九種九牌" in nine["zh-Hant"]
    assert "leo declared nine terminals" in nine["en"] and "wall is empty" not in nine["en"]
    assert "四風連打" in settlement_text(view("four_winds"), "en")
    assert "wall is empty" in settlement_text(view(""), "en")  # an exhaustive draw
