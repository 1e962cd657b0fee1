"""诈胡 through the table service: offered at every turn where the rules pay it, asked about
(ConfirmNeeded, nothing changed) and applied only when confirmed, paid as baoding.md says."""

from __future__ import annotations

import pytest

from tables.errors import ConfirmNeeded, TableError
from tables.persist import MemoryTables
from tables.records import HandSummary
from tables.service import Person
from tables.text import settlement_text
from tests.tables.conftest import ANN, BOB, CAT, CHANNEL, GUILD, make_service
from tests.tables.fakes import pending

DAN = Person(103, "Dan")
PEOPLE = (ANN, BOB, CAT, DAN)
STAKE = 2


class StatsTables(MemoryTables):
    """The memory store, keeping the statistics each settlement was given."""

    def __init__(self) -> None:
        super().__init__()
        self.stats: list[HandSummary] = []

    async def append(self, table_id, events, settle=None):
        if settle is not None:
            self.stats.append(settle.stats)
        return await super().append(table_id, events, settle)


async def table_of_four(svc, preset="baoding", options=None):
    info = await svc.create(GUILD, CHANNEL, ANN, preset, dict(options or {}), STAKE, 4)
    for p in PEOPLE[1:]:
        await svc.join(info.id, p)
    await svc.start(info.id, ANN.user_id)
    return info.id


def users(svc, tid):
    return {p.user_id: svc.get(tid).seat_of(p.user_id) for p in PEOPLE}


async def next_turn(svc, tid):
    """Claims passed until someone is at their turn: (user, view)."""
    for _ in range(20):
        todo = pending(svc, tid, users(svc, tid))
        turn = [(u, v) for u, v in todo if v.mode.value == "turn"]
        if turn:
            return turn[0]
        for u, v in todo:
            await svc.act(tid, u, v.hand_no, v.step, "x", "")
    raise AssertionError("nobody's turn")


async def declare(svc, tid, user, view):
    """The declaration as the button sends it: asked about first, then confirmed."""
    with pytest.raises(ConfirmNeeded) as ask:
        await svc.act(tid, user, view.hand_no, view.step, "w", "")
    await svc.act(tid, user, view.hand_no, view.step, "w", "", confirm=ask.value.code)
    return ask.value


async def test_false_wins_by_the_dealer_and_a_non_dealer_are_paid_as_the_page_says(rec, clock):
    store = StatsTables()
    svc = make_service(store, rec, clock)
    tid = await table_of_four(svc)
    before = sum(store.chips.values())
    # hand 1: the dealer (14 tiles, first to play) declares a hand that is no win
    user, view = await next_turn(svc, tid)
    dealer = view.seat
    assert view.dealer == dealer
    assert [c.kind for c in view.actions][:2] == ["false_win", "discard"]
    assert view.actions[0].code == "w"
    log = list(store.logs[tid])
    with pytest.raises(ConfirmNeeded) as ask:
        await svc.act(tid, user, view.hand_no, view.step, "w", "")
    # the question names the price: 2 to each of the three others, at stake 2
    assert ask.value.key == "confirm.false_win"
    assert ask.value.args_["chips"] == 3 * 2 * STAKE
    assert ask.value.args_["payees"].count(f" {2 * STAKE}") == 3
    assert store.logs[tid] == log and svc.private_view(tid, user) == view  # nothing changed
    await svc.act(tid, user, view.hand_no, view.step, "w", "", confirm=ask.value.code)
    s = rec.settlements[-1]
    assert [w.patterns for w in s.wins] == [("false_win",)]
    assert s.chips == tuple(-6 * STAKE if i == dealer else 2 * STAKE for i in range(4))
    assert {p[3] for p in s.payments} == {"false_win"}
    text = settlement_text(s, "zh-CN", dealer)
    name = PEOPLE[[p.user_id for p in PEOPLE].index(user)].name
    assert f"{name} 诈胡：报胡却不是胡牌。" in text and "胡（自摸）" not in text
    assert "诈胡赔付：" in text and f"{name} -{6 * STAKE}," in text.split("诈胡赔付：")[1]
    assert "call.false_win" in rec.notice_keys()
    assert store.stats[-1].winners == ()  # a loss, never a win in the statistics
    # hand 2: the deal passed; the next seat to play is no dealer and declares
    dealer2 = svc.public_view(tid).dealer
    assert dealer2 == (dealer + 1) % 4
    user, view = await next_turn(svc, tid)
    assert view.seat == dealer2
    await svc.act(tid, user, view.hand_no, view.step, "d", view.actions[-1].arg)
    user, view = await next_turn(svc, tid)
    assert view.seat != dealer2
    ask = await declare(svc, tid, user, view)
    assert ask.args_["chips"] == 3 * STAKE
    s = rec.settlements[-1]
    assert s.chips == tuple(-3 * STAKE if i == view.seat else STAKE for i in range(4))
    assert svc.public_view(tid).dealer == dealer2  # the dealer stays
    # chips conserved: what one paid the others took
    assert sum(store.chips.values()) == before
    assert sum(svc.public_view(tid).scores) == 0


async def test_the_confirmation_is_refused_like_any_click(rec, clock):
    svc = make_service(None, rec, clock)
    tid = await table_of_four(svc)
    user, view = await next_turn(svc, tid)
    other = next(u for u in users(svc, tid) if u != user)
    cases = [
        (other, view.step, "err.not_your_turn"),  # someone else's turn
        (user, view.step - 1, "err.stale"),  # an old question
        (999, view.step, "err.not_seated"),  # not at the table
    ]
    with pytest.raises(ConfirmNeeded) as ask:
        await svc.act(tid, user, view.hand_no, view.step, "w", "")
    for who, step, key in cases:
        with pytest.raises(TableError) as err:
            await svc.act(tid, who, view.hand_no, step, "w", "", confirm=ask.value.code)
        assert err.value.key == key
    assert svc.private_view(tid, user) == view
    assert not rec.settlements


async def test_a_confirmation_without_its_question_is_refused_and_a_code_works_once(rec, clock):
    """A "Declare anyway" forged without the question (any code, or none) declares nothing;
    the code a question issued works once, for that seat, hand and step only."""
    svc = make_service(None, rec, clock)
    tid = await table_of_four(svc)
    user, view = await next_turn(svc, tid)
    for forged in ("-", "00000000", "deadbeef"):
        for _ in range(2):
            with pytest.raises(TableError) as err:
                await svc.act(tid, user, view.hand_no, view.step, "w", "", confirm=forged)
            assert err.value.key == "err.stale"
    assert svc.private_view(tid, user) == view and not rec.settlements
    with pytest.raises(ConfirmNeeded) as first:
        await svc.act(tid, user, view.hand_no, view.step, "w", "")
    with pytest.raises(ConfirmNeeded) as second:  # asked again: the first code is void
        await svc.act(tid, user, view.hand_no, view.step, "w", "")
    assert first.value.code != second.value.code
    with pytest.raises(TableError) as err:
        await svc.act(tid, user, view.hand_no, view.step, "w", "", confirm=first.value.code)
    assert err.value.key == "err.stale"
    await svc.act(tid, user, view.hand_no, view.step, "w", "", confirm=second.value.code)
    assert len(rec.settlements) == 1


async def test_with_false_win_off_no_declaration_is_offered_or_taken(rec, clock):
    svc = make_service(None, rec, clock)
    tid = await table_of_four(svc, options={"false_win": False})
    user, view = await next_turn(svc, tid)
    assert "false_win" not in [c.kind for c in view.actions]
    for confirm in ("", "deadbeef"):
        with pytest.raises(TableError) as err:
            await svc.act(tid, user, view.hand_no, view.step, "w", "", confirm=confirm)
        assert err.value.key == "err.stale"
    assert svc.private_view(tid, user) == view


def test_the_driver_offers_a_declaration_exactly_where_the_hand_is_no_win():
    """Over whole computer-played hands: at every turn, the self-draw when the hand wins,
    else the 诈胡 declaration priced as the page says (1 to each, the dealer 2)."""
    from tables.game import GameDriver

    game, _ = GameDriver.start("baoding", {}, "fw-0", 1)  # a self-draw comes at turn 65
    turns = wins = 0
    while not game.match_over:
        if game.hand_over:
            game.next_hand()
            continue
        (seat, mode), = game.acting().items() if len(game.acting()) == 1 else ((None, None),)
        if mode is not None and mode.value == "turn":
            kinds = [c.kind for c in game.legal(seat)]
            turns += 1
            wins += "self_draw" in kinds
            assert ("false_win" in kinds) != ("self_draw" in kinds), kinds
            if "false_win" in kinds:
                each = 2 if seat == game.hand.dealer else 1
                assert sorted(game.false_win_cost(seat)) == [
                    (s, each) for s in range(4) if s != seat]
        for s in list(game.acting()):
            game.apply(s, game.computer_choice(s, "greedy"))
    assert turns > 50 and wins >= 1
