"""The 💡 button: off unless the host turns it on, ephemeral advice, the hand marked hinted."""

from __future__ import annotations

import discord
import pytest

from cogs.game.cog import Mahjong
from engine.tiles import NUM_KINDS
from i18n.bot_text import bt
from store import Store
from store.recent import recent_hands
from tables.hints import hint_for, visible_counts
from tables.model import Mode
from tests.cogs.fakes import CHANNEL, GUILD, interaction, run_command, sent_texts
from tests.cogs.social import play_out, store_bot
from tests.cogs.test_game import buttons_of, click
from tests.tables.fakes import pending

ANN = 100
SEED = "b"  # a table whose one hand moves Ann's chips (so /history lists it)


@pytest.fixture
async def bot(tmp_path):
    store = await Store.open(tmp_path / "h.db")
    b = store_bot(store)
    b.cogs["Mahjong"] = Mahjong(b)
    b.add_user(ANN, "Ann")
    yield b
    await store.close()


async def start(bot, hints):
    cog = bot.cogs["Mahjong"]
    it = interaction(bot, bot.users[ANN])
    await run_command(cog.new, cog, it, preset="guangdong", stake=1, hands=1, house_rules=None,
                      hints=hints)
    (tid,) = [t.id for t in bot.tables.tables()]
    lobby = bot.channels[CHANNEL].send.await_args.kwargs["content"]
    assert bt("lobby.hints_on" if hints else "lobby.hints_off", "en") in lobby
    assert bt("lobby.ranked", "en") not in lobby  # one person and empty seats: not ranked
    for _ in range(3):
        await click(bot, ANN, f"mj:{tid}:0:cpu::0")
    await click(bot, ANN, f"mj:{tid}:0:start::0")
    await bot.transport.drain()
    await until_my_discard(bot, tid)
    return tid


async def until_my_discard(bot, tid):
    """Ann passes every claim until it is her turn to discard (the first dealer follows from
    the seed, so she may not deal)."""
    for _ in range(200):
        moves = pending(bot.tables, tid, {ANN: 0})
        if moves and moves[0][1].mode is Mode.TURN:
            await bot.transport.drain()
            return
        if moves:
            user, view = moves[0]
            await bot.tables.act(tid, user, view.hand_no, view.step, "x", "")
        else:
            await bot.tables.run_computers(tid)
    raise AssertionError("never Ann's turn")


async def test_hint_button_answers_ephemerally_and_marks_the_hand(bot):
    bot.tables.hub.new_seed = lambda: SEED
    tid = await start(bot, hints=True)
    dm = bot.users[ANN].send.await_args.kwargs
    hint_id = f"mj:{tid}:0:hint::0"
    assert hint_id in buttons_of(dm["view"])
    it = await click(bot, ANN, hint_id, discord.Locale.chinese)
    kw = it.followup.send.await_args.kwargs
    assert kw["ephemeral"] is True
    text = sent_texts(it.followup.send)[0]
    assert "建议打" in text and ("向听" in text or "听牌" in text)
    assert bt("hint.marked", "zh-CN") in text
    it = await click(bot, ANN, hint_id)  # a second press: advice again, marked once
    text = sent_texts(it.followup.send)[0]
    assert "Suggested discard" in text and bt("hint.marked", "en") not in text
    await play_out(bot, tid, {ANN: 0})
    (hand,) = await recent_hands(bot.store, GUILD, ANN)
    assert hand.hinted and hand.game_id == tid
    # and /history marks it
    from cogs.ledger import Ledger

    cog = Ledger(bot)
    it = interaction(bot, bot.users[ANN])
    await run_command(cog.history, cog, it)
    rows = [ln for ln in sent_texts(it.response.send_message)[0].splitlines() if tid in ln]
    assert rows and all(ln.endswith("💡") for ln in rows)


async def test_no_hint_button_and_a_forged_press_is_refused_when_hints_are_off(bot):
    tid = await start(bot, hints=False)
    dm = bot.users[ANN].send.await_args.kwargs
    assert not any(":hint:" in c for c in buttons_of(dm["view"]))
    it = await click(bot, ANN, f"mj:{tid}:0:hint::0")
    assert sent_texts(it.followup.send) == [bt("hint.off", "en")]
    assert (await recent_hands(bot.store, GUILD, ANN)) == []


async def test_unseen_counts_leave_out_only_what_the_seat_can_see(bot):
    tid = await start(bot, hints=True)
    t = bot.tables._tables[tid]
    game = t.game
    h = game.hand
    seen = visible_counts(game, 0)
    assert len(seen) == NUM_KINDS and all(n <= 4 for n in seen)
    # nothing of another seat's concealed hand is counted: at the deal only rivers (empty)
    # and an indicator can be seen
    assert sum(seen) == sum(len(st.river) for st in h.seats) + (h.indicator is not None)
    hint = hint_for(game, 0)
    assert hint.discard is not None and hint.discard in h.concealed(0)
