"""The global pacer and the request meter: at most ``rate`` bot REST requests start per ``per``
seconds, the most urgent first; every request counted by budget and send path."""

from __future__ import annotations

import asyncio
import time

import pytest

from discord_io.pacing import (
    GLOBAL,
    INTERACTION,
    LOW,
    NORMAL,
    UNLABELLED,
    URGENT,
    GlobalPacer,
    PacedSession,
    RequestMeter,
    priority_of,
    sending,
)


class FakeResponse:
    def __init__(self, url: str) -> None:
        self.url = url


class FakeRequest:
    def __init__(self, log: list[str], url: str) -> None:
        self.log, self.url = log, url

    async def __aenter__(self) -> FakeResponse:
        self.log.append(self.url)
        return FakeResponse(self.url)

    async def __aexit__(self, *exc: object) -> None:
        return None


class FakeSession:
    """What discord.py's HTTP client and webhook adapter use of an aiohttp session."""

    closed = False

    def __init__(self) -> None:
        self.log: list[str] = []

    def request(self, method: str, url: str, **kwargs: object) -> FakeRequest:
        return FakeRequest(self.log, url)


API = "https://discord.com/api/v10"


async def _get(session: PacedSession, url: str) -> str:
    async with session.request("POST", url) as response:
        return str(response.url)


async def test_requests_past_the_rate_wait_their_turn_in_order():
    raw = FakeSession()
    pacer = GlobalPacer(rate=3, per=0.05)
    session = PacedSession(raw, RequestMeter(pacer))
    urls = [f"{API}/channels/{i}/messages" for i in range(7)]
    results = await asyncio.gather(*(_get(session, u) for u in urls))
    assert results == urls
    assert raw.log == urls  # first come, first served
    assert pacer.waited >= 1  # past the first three, someone had to wait
    assert session.closed is False  # everything else is the session's own


async def test_a_waiting_hand_update_goes_before_waiting_table_pictures():
    raw = FakeSession()
    pacer = GlobalPacer(rate=8, per=0.2)  # 7 for anything, the 8th kept for turns
    session = PacedSession(raw, RequestMeter(pacer))

    async def labelled(path: str, n: int) -> None:
        with sending(GLOBAL, path):
            await _get(session, f"{API}/channels/{n}/messages")

    # seven go at once; then three table edits queue, then one person's turn
    first = [asyncio.create_task(labelled("table.edit", n)) for n in range(10)]
    await asyncio.sleep(0)
    turn = asyncio.create_task(labelled("private.dm_edit", 99))
    await asyncio.gather(*first, turn)
    assert raw.log.index(f"{API}/channels/99/messages") == 7  # the first to leave after them
    assert pacer.waited_by_priority[LOW] == 3


async def test_interaction_requests_are_counted_but_never_wait():
    raw = FakeSession()
    pacer = GlobalPacer(rate=1, per=10.0)  # one bot request per ten seconds
    meter = RequestMeter(pacer)
    session = PacedSession(raw, meter)
    with sending(GLOBAL, "table.send"):
        await _get(session, f"{API}/channels/1/messages")
    with sending(INTERACTION, "private.token"):
        await asyncio.wait_for(asyncio.gather(*(
            _get(session, f"{API}/webhooks/5/tok{n}/messages/@original") for n in range(5))), 1.0)
    await asyncio.wait_for(_get(session, f"{API}/interactions/7/tok/callback"), 1.0)
    assert meter.sent == {(GLOBAL, "table.send"): 1, (INTERACTION, "private.token"): 5,
                          (INTERACTION, "interaction.reply"): 1}
    assert pacer.requests == 1 and not meter.mislabelled


async def test_a_path_claiming_the_wrong_budget_or_none_is_caught():
    meter = RequestMeter(GlobalPacer())
    session = PacedSession(FakeSession(), meter)
    with sending(INTERACTION, "private.token"):  # claims exempt, but is a bot REST edit
        await _get(session, f"{API}/channels/1/messages/2")
    await _get(session, f"{API}/channels/1/messages")  # no path at all
    assert meter.mislabelled == {(INTERACTION, "private.token"): 1}
    assert meter.sent[(GLOBAL, UNLABELLED)] == 1


def test_urgency_by_send_path():
    assert priority_of("private.dm_edit") == URGENT
    assert priority_of("settlement") == NORMAL
    assert priority_of("table.edit") == priority_of("watch.dm_edit") == LOW


def test_a_pacer_needs_a_positive_rate():
    with pytest.raises(ValueError):
        GlobalPacer(rate=0)


async def test_after_a_global_429_the_pacer_goes_slower_for_a_while():
    pacer = GlobalPacer(rate=8, per=0.2)
    assert pacer.limit(0.0) == 8
    pacer.hit_global_limit()
    now = time.monotonic()
    assert pacer.limit(now) == 6 and pacer.global_429s == 1
    assert pacer.limit(now + 11.0) == 8  # and back to the full rate later
    # the slower rate is what requests get meanwhile: the seventh waits a whole period
    t0 = time.monotonic()
    await asyncio.gather(*(pacer.wait() for _ in range(7)))
    assert time.monotonic() - t0 >= 0.19


def test_a_share_of_the_rate_is_kept_for_turns():
    pacer = GlobalPacer(rate=10, per=1.0)
    now = time.monotonic()
    pacer._starts.extend(now - 0.1 * k for k in range(9, 1, -1))  # 8 in the last second
    assert pacer._room(now, NORMAL) > 0 and pacer._room(now, LOW) > 0  # 8 of 10: full
    assert pacer._room(now, URGENT) == 0.0  # the other 2 are for turns and claims


async def test_a_turn_arriving_while_others_wait_for_the_window_goes_at_once():
    pacer = GlobalPacer(rate=10, per=1.0)
    now = time.monotonic()
    pacer._starts.extend(now - 0.1 * k for k in range(9, 1, -1))  # 8 in the last second
    waiting = asyncio.create_task(pacer.wait(LOW))  # waits for the window to free
    await asyncio.sleep(0.01)
    t0 = time.monotonic()
    await pacer.wait(URGENT)
    assert time.monotonic() - t0 < 0.05 and not waiting.done()
    await waiting


# -- a budget shared by the processes of one token ------------------------------------------


class SliceBudget:
    """The shared budget as the ledger keeps it (store/request_budget.py), in memory: slices
    of ``slice_s`` seconds, at most ``cap`` starts in each, whoever asks."""

    def __init__(self, slice_s: float) -> None:
        self.slice_s = slice_s
        self.used: dict[int, int] = {}
        self.asks = 0
        self.starts: list[tuple[int, str]] = []  # (slice, who) of every start, in order

    async def take(self, want: int, cap: int) -> tuple[int, float]:
        self.asks += 1
        now = time.monotonic()
        n = int(now / self.slice_s)
        granted = min(want, max(0, cap - self.used.get(n, 0)))
        self.used[n] = self.used.get(n, 0) + granted
        return granted, (n + 1) * self.slice_s - now


class Failing:
    def __init__(self, hang: bool = False) -> None:
        self.hang = hang
        self.asks = 0

    async def take(self, want: int, cap: int) -> tuple[int, float]:
        self.asks += 1
        if self.hang:
            await asyncio.sleep(10)
        raise ConnectionError("the ledger is away")


def shared_pacer(budget: object, fixed: int = 20) -> GlobalPacer:
    pacer = GlobalPacer(rate=fixed)  # this process's fixed share of the token's 80
    pacer.share(budget, token_rate=80, slice_seconds=0.05)  # type: ignore[arg-type]
    return pacer


async def test_processes_sharing_the_budget_never_start_more_than_a_slice_allows():
    budget = SliceBudget(0.05)
    a, b = shared_pacer(budget), shared_pacer(budget)
    assert a.slice_caps(time.monotonic()) == (4, 3)  # 80 per second → 4 per 0.05 s slice

    async def start(pacer: GlobalPacer, who: str, priority: int) -> None:
        await pacer.wait(priority)
        budget.starts.append((int(time.monotonic() / budget.slice_s), who))

    await asyncio.gather(*(start(p, who, URGENT) for p, who in ((a, "a"), (b, "b"))
                           for _ in range(12)))
    per_slice: dict[int, int] = {}
    for n, _who in budget.starts:
        per_slice[n] = per_slice.get(n, 0) + 1
    assert len(budget.starts) == 24
    assert max(per_slice.values()) <= 4  # the two processes together, in every slice
    assert sum(budget.used.values()) == 24  # every start came from a grant


async def test_requests_that_are_not_urgent_leave_a_slice_room_for_turns():
    budget = SliceBudget(0.05)
    other = shared_pacer(budget)
    pacer = shared_pacer(budget)
    tables = [asyncio.create_task(other.wait(LOW)) for _ in range(30)]  # a burst elsewhere
    await asyncio.sleep(0.06)
    assert max(budget.used.values()) == 3  # 3 of each slice's 4 for them
    t0 = time.monotonic()
    await pacer.wait(URGENT)  # a turn in this process: the kept start of the slice
    assert time.monotonic() - t0 < 0.04
    await asyncio.gather(*tables)


async def test_one_busy_process_may_use_the_whole_rate_of_the_token():
    budget = SliceBudget(0.05)
    pacer = shared_pacer(budget, fixed=20)  # its fixed share would be 20 per second
    t0 = time.monotonic()
    await asyncio.gather(*(pacer.wait(URGENT) for _ in range(40)))
    # 40 starts: half a second at the whole 80 per second (two seconds at its share of 20)
    assert time.monotonic() - t0 < 1.0
    assert pacer.shared_granted == 40 and pacer.shared_failures == 0


@pytest.mark.parametrize("hang", [False, True])
async def test_a_budget_that_does_not_answer_leaves_the_fixed_share(hang: bool):
    budget = Failing(hang=hang)
    pacer = shared_pacer(budget, fixed=20)
    t0 = time.monotonic()
    await asyncio.wait_for(asyncio.gather(*(pacer.wait(URGENT) for _ in range(5))), 2.0)
    assert time.monotonic() - t0 < 0.5  # 5 of the fixed 20 per second, after one failed ask
    assert budget.asks == 1 and pacer.shared_failures == 1
    assert pacer.limit(time.monotonic()) == 20  # paced at the fixed share meanwhile
    assert "1 failed" in pacer.summary()
    pacer._shared_down_until = 0.0  # the retry time passed
    assert pacer.limit(time.monotonic()) == 80


def test_a_shared_slice_must_allow_a_start():
    with pytest.raises(ValueError):
        GlobalPacer().share(SliceBudget(0.01), token_rate=40, slice_seconds=0.01)


class SlowSession(FakeSession):
    """Discord answering ``status`` after ``answer`` is set."""

    def __init__(self, status: int) -> None:
        super().__init__()
        self.status = status
        self.answer = asyncio.Event()

    def request(self, method: str, url: str, **kwargs: object) -> FakeRequest:
        session = self

        class Slow(FakeRequest):
            async def __aenter__(self) -> FakeResponse:
                await session.answer.wait()
                response = FakeResponse(url)
                response.status = session.status  # type: ignore[attr-defined]
                response.headers = {}  # type: ignore[attr-defined]
                return response

        return Slow(self.log, url)


async def test_the_meter_tells_a_request_held_at_discord_from_one_held_here():
    # the Show my hand notice is for a hand Discord does not take, not for one that waits
    # for the token's budget in this process
    pacer = GlobalPacer(rate=1, per=0.3)
    meter = RequestMeter(pacer)
    raw = SlowSession(200)
    session = PacedSession(raw, meter)
    await pacer.wait(URGENT)  # the period's one start is taken: the next request waits here
    with sending(GLOBAL, "private.dm_edit"):
        queued = asyncio.create_task(_get(session, f"{API}/channels/1/messages/2"))
    await asyncio.sleep(0.1)
    assert not meter.at_discord(queued, 0.05)  # in the pacer's queue
    await asyncio.sleep(0.3)  # sent now, and Discord does not answer
    assert meter.at_discord(queued, 0.05)
    assert not meter.at_discord(queued, 10.0)  # not for that long
    raw.answer.set()
    await queued
    assert not meter.at_discord(queued, 0.05)  # answered

    retry = SlowSession(503)
    retry.answer.set()
    session = PacedSession(retry, meter)
    with sending(INTERACTION, "private.token"):
        told = asyncio.create_task(_get(session, f"{API}/webhooks/1/tok/messages/@original"))
    await told
    assert meter.at_discord(told, 10.0)  # Discord said "try again": discord.py retries
