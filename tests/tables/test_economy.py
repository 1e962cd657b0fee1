"""以小博大: what a seat can win and lose, through the table service and a real store.

The freeroll: a player with 0 chips at the highest stake with unit 1,000,000 against three
computers used to go from 0 to 2,999,997,000,000 chips in 16 hands (the house paid the
computers' losses in full, the player's own losses were capped at what they held).
"""

from __future__ import annotations

import pytest

from store import AccountRef, Store, StoreSettings
from tables.clock import VirtualClock
from tables.errors import TableError
from tables.persist import StoreTables
from tables.service import MAX_STAKE, Person
from tables.text import settlement_text
from tests.tables.conftest import ANN, BOB, CHANNEL, GUILD, make_service
from tests.tables.fakes import Recording

UNIT = {"unit": 1_000_000}


async def play_out(svc, clock, tid: str, people: tuple[Person, ...]) -> None:
    """Every person plays as the greedy computer would, until the table is over."""
    for _ in range(20_000):
        if tid not in {t.id for t in svc.tables()}:
            return
        t = svc._tables[tid]
        moved = False
        for p in people:
            seat = t.seat_of(p.user_id)
            if seat is None or t.game is None or seat not in t.game.acting():
                continue
            choice = t.game.computer_choice(seat, "greedy")
            await svc.act(tid, p.user_id, t.game.hand_no, t.game.step, choice.code, choice.arg)
            moved = True
            break
        if not moved:
            assert await clock.run_next()
    raise AssertionError("the game did not end")


async def table_with(svc, people, stake, hands, options, computers, preset="heyuan-zheng"):
    info = await svc.create(GUILD, CHANNEL, people[0], preset, dict(options), stake, hands)
    for p in people[1:]:
        await svc.join(info.id, p)
    for _ in range(computers):
        await svc.add_computer(info.id, people[0].user_id, "greedy")  # as the people play
    await svc.start(info.id, people[0].user_id)
    return info.id


async def test_the_freeroll_is_refused_at_the_door_then_wins_nothing(tmp_path):
    store = await Store.open(tmp_path / "m.db", StoreSettings(starting_chips=0, synchronous="OFF"))
    clock, rec = VirtualClock(), Recording()
    svc = make_service(StoreTables(store), rec, clock)
    # the entry requirement (default 10 stakes × unit): 0 chips cannot sit at this stake
    with pytest.raises(TableError) as no:
        await svc.create(GUILD, CHANNEL, ANN, "heyuan-zheng", dict(UNIT), MAX_STAKE, 16)
    assert no.value.key == "err.entry" and no.value.args_["have"] == 0
    # a server that turns the requirement off: the cap alone keeps the game fair
    await store.set_guild_setting(GUILD, "entry_stakes", 0, actor_id=1)
    tid = await table_with(svc, (ANN,), MAX_STAKE, 16, UNIT, computers=3)
    await play_out(svc, clock, tid, (ANN,))
    ann = AccountRef.user(GUILD, ANN.user_id)
    final = await store.balance(ann)
    assert final == 0  # was 2,999,997,000,000
    assert len(rec.settlements) == 16
    won = [s for s in rec.settlements if any(w.seat == 0 for w in s.wins)]
    assert won, "the player never won a hand: the scenario does not test the cap"
    # each winning hand says the payments were cut, and by how much
    for s in won:
        assert s.chips[0] == 0 and s.cut and all(paid == 0 for *_, paid in s.cut)
        assert "Capped" in settlement_text(s, "en")
    assert sum((await store.guild_totals(GUILD)).values()) == 0
    await store.verify_books()
    await store.close()


async def test_a_seat_wins_from_each_payer_at_most_what_it_held(tmp_path):
    """A poor player against a rich friend and two computers: the poor one's wins are capped
    at their own balance per payer; the rich one never pays more than that to them; a
    computer never takes more than a person holds."""
    store = await Store.open(tmp_path / "m.db", StoreSettings(starting_chips=0, synchronous="OFF"))
    await store.grant(AccountRef.user(GUILD, ANN.user_id), 25, actor_id=1, reason="poor")
    await store.grant(AccountRef.user(GUILD, BOB.user_id), 10**9, actor_id=1, reason="rich")
    await store.set_guild_setting(GUILD, "entry_stakes", 1, actor_id=1)
    clock, rec = VirtualClock(), Recording()
    svc = make_service(StoreTables(store), rec, clock)
    tid = await table_with(svc, (ANN, BOB), 20, 8, {}, computers=2)
    before = {0: 25, 1: 10**9}

    async def balances() -> dict[int, int]:
        got = await store.balances([AccountRef.user(GUILD, ANN.user_id),
                                    AccountRef.user(GUILD, BOB.user_id)])
        return {0: got[0], 1: got[1]}

    await play_out(svc, clock, tid, (ANN, BOB))
    for s in rec.settlements:
        # per payer, the poor seat's gain is at most its balance when the hand began
        nets = {}
        for payer, payee, amount, _ in s.payments:
            if payee == 0:
                nets[payer] = nets.get(payer, 0) + amount * s.stake
        for payer, owed in nets.items():
            cut = next((c for c in s.cut if c[0] == payer and c[1] == 0), None)
            paid = cut[3] if cut is not None else owed
            assert paid <= before[0], (s.hand_no, payer, paid, before[0])
        before[0] += s.chips[0]
        before[1] += s.chips[1]
        assert before[0] >= 0
    assert await balances() == before
    await store.verify_books()
    await store.close()


async def test_joining_and_starting_need_the_entry_chips(tmp_path):
    store = await Store.open(tmp_path / "m.db", StoreSettings(starting_chips=100, synchronous="OFF"))
    svc = make_service(StoreTables(store), Recording(), VirtualClock())
    info = await svc.create(GUILD, CHANNEL, ANN, "heyuan-zheng", {}, 10, 1)  # needs 100
    await svc.join(info.id, BOB)
    await store.remove(AccountRef.user(GUILD, BOB.user_id), 1, actor_id=1, reason="spent")
    await svc.add_computer(info.id, ANN.user_id)
    await svc.add_computer(info.id, ANN.user_id)
    with pytest.raises(TableError) as no:
        await svc.start(info.id, ANN.user_id)
    assert no.value.key == "err.entry_other" and no.value.args_["name"] == "Bob"
    cat = Person(103, "Cat")
    await store.grant(AccountRef.user(GUILD, cat.user_id), 10, actor_id=1, reason="host")
    other = await svc.create(GUILD, CHANNEL + 1, cat, "heyuan-zheng", {}, 11, 1)
    with pytest.raises(TableError):
        await svc.join(other.id, Person(104, "Dan"))  # 100 chips < 110
    await store.close()
