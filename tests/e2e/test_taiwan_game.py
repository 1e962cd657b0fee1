"""A Taiwan game through ``python bot.py`` and the Discord double on chosen walls
(``MAHJONG_WALLS``, the hands of tests/tables/taiwan_walls.py): the dealer's self-draw and
連莊, 一炮多響 on the dealer of 連1 (each winner paid (底 + 台 + the dealer's 3) × unit),
七搶一 and 八仙過海 in the deal's 補花. Four people each throw their planned tiles, pass every call and
take every win; the posted settlements name every 台 and equal the ledger."""

from __future__ import annotations

import pytest

from discord_double.server import Message
from discord_double.users import Control, ScriptedUser, controls_of
from engine.tiles import NotationError, parse
from tables.walls import walls_json
from tests.discord_double.users import open_table
from tests.e2e.test_games import assert_clean
from tests.e2e.world import World
from tests.tables.taiwan_walls import DELTAS, HANDS, THROWS

pytestmark = pytest.mark.e2e


def _tile(arg: str) -> int | None:
    try:
        return parse(arg.split(".", 1)[0])[0]
    except (NotationError, ValueError, IndexError):
        return None


class PlannedUser(ScriptedUser):
    """Wins whenever offered, passes every other call, and throws ``throws`` in order."""

    def __init__(self, *args: object, throws: tuple[str, ...], **kw: object) -> None:
        super().__init__(*args, **kw)  # type: ignore[arg-type]
        self.throws = [parse(t)[0] for t in throws]
        self.off_plan: list[str] = []

    def choose(self, m: Message) -> tuple[Control, list[str] | None] | None:
        cs = controls_of(m)
        by = {c.code: [x for x in cs if x.code == c.code] for c in cs}
        for code in ("back", "w"):
            if code in by:
                return by[code][0], None
        discards = by.get("d", [])
        if not discards:
            return (by["x"][0], None) if "x" in by else None
        if not self.throws:
            self.off_plan.append(m.content[:200])
            return None
        want = self.throws[0]
        for c in discards:
            if c.kind == 3:
                value = next((v for v in c.options if _tile(v) == want), None)
                if value is not None:
                    self.throws.pop(0)
                    return c, [value]
            elif _tile(c.arg) == want:
                self.throws.pop(0)
                return c, None
        self.off_plan.append(m.content[:200])
        return None


async def test_a_taiwan_game_with_a_streak_two_winners_and_a_flower_win(tmp_path):
    walls = tmp_path / "walls.json"
    walls.write_text(walls_json("taiwan", HANDS), encoding="utf-8")
    hands = len(HANDS)
    names = ["ann", "bo", "cy", "di"]
    async with World(tmp_path, names) as w:
        w.users = [PlannedUser(u.double, u.user, u.channel_id, seed=i, delay=u.delay,
                               throws=THROWS[i]) for i, u in enumerate(w.users)]
        await w.start_bot(sync=True, extra={"MAHJONG_WALLS": str(walls)})
        table = await open_table(w.double, w.users[0], w.users[1:], hands=hands,
                                 preset="taiwan")
        await w.play(timeout=300)
        await w.bot.stop()
        assert_clean(w)
        assert all(not u.off_plan and not u.throws for u in w.users), \
            [(u.user.name, u.throws, u.off_plan) for u in w.users]  # type: ignore[attr-defined]
        posted = sorted(w.check_books(table, hands), key=lambda s: s.hand)
        assert [tuple(s.chips[n] for n in names) for s in posted] == list(DELTAS)
        assert all(not u.failed for u in w.users), [u.log for u in w.users if u.failed]
        texts = {s.hand: w.double.messages[s.message_id].content for s in posted}
        # the dealer's self-draw, 連莊 carried into hand 2 and counted in both payments there
        assert "(base 3 + 5 tai) × 1 = 8 from each" in texts[1]
        assert "East keeps the deal: streak 連1拉1" in texts[2]
        assert texts[2].count("Dealer 1 + streak 連1拉1 2") == 2  # 一炮多響: two winners
        assert "(base 3 + 4 tai) × 1 = 7" in texts[2] and "(base 3 + 14 tai) × 1 = 17" in texts[2]
        # 七搶一 in the deal's 補花
        assert "taking di's flower" in texts[3] and "Seven Rob One 8" in texts[3]
        assert "Eight Immortals 8 + Dealer 1; (base 3 + 9 tai) × 1 = 12 from each" in texts[4]
        # the table showed the streak while hand 2 was played
        tables = [c for m in w.double.bot_messages(w.channel) for c in [*m.history, m.content]
                  if f"hand 2/{hands}" in c]
        assert tables and any("連1拉1" in c for c in tables), tables[:2]
