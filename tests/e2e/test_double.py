"""The double refuses what Discord refuses, with Discord's status codes, error codes and headers.

These talk HTTP and WebSocket to the double directly (no bot), so each check is exact.
"""

from __future__ import annotations

import asyncio
import base64
import json
from typing import Any

import aiohttp
import pytest

from tests.discord_double import DiscordDouble, Limits

pytestmark = pytest.mark.e2e


def row(*buttons: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(buttons)}


def button(cid: str, label: str = "ok") -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": cid, "label": label}


class Client:
    def __init__(self, d: DiscordDouble, session: aiohttp.ClientSession) -> None:
        self.d, self.s = d, session

    async def call(self, method: str, path: str, body: Any = None, auth: bool = True,
                   query: str = "") -> tuple[int, Any, Any]:
        headers = {"Authorization": f"Bot {self.d.token}"} if auth else {}
        async with self.s.request(method, self.d.api_base + path + query, json=body,
                                  headers=headers) as r:
            text = await r.text()
            return r.status, (json.loads(text) if text else None), r.headers


@pytest.fixture
async def world():
    d = DiscordDouble(limits=Limits(ack_seconds=0.3, token_seconds=0.6))
    await d.start()
    owner = d.add_user("owner")
    closed = d.add_user("shy", dms_open=False)
    g = d.add_guild("g", owner, channels=2)
    d.add_member(g, closed)
    async with aiohttp.ClientSession() as s:
        yield Client(d, s), g, owner, closed
    await d.stop()


async def test_messages_over_discord_limits_are_refused(world):
    c, g, _, _ = world
    ch = f"/channels/{g.channels[0]}/messages"
    too_many_rows = [row(button(f"r{i}")) for i in range(6)]
    too_wide = [row(*(button(f"b{i}") for i in range(6)))]
    select = {"type": 3, "custom_id": "s", "options": [{"label": str(i), "value": str(i)}
                                                       for i in range(26)]}
    cases = [
        {"content": "x" * 2001},
        {"content": "a", "components": too_many_rows},
        {"content": "a", "components": too_wide},
        {"content": "a", "components": [row(select)]},
        {"content": "a", "components": [row(button("x" * 101))]},
        {"content": "a", "components": [row(button("same"), button("same"))]},
        {},
    ]
    for n, body in enumerate(cases):
        # a fresh channel each: refused requests count against the 5-per-5-s bucket too
        fresh = c.d.add_channel(g, f"case-{n}").id
        status, data, _ = await c.call("POST", f"/channels/{fresh}/messages", body)
        assert status == 400, body
        assert data["code"] in (50035, 50006)
    status, _, _ = await c.call("POST", ch, {"content": "x" * 2000,
                                             "components": [row(*(button(f"b{i}") for i in range(5)))] * 1})
    assert status == 200
    status, _, _ = await c.call("GET", "/users/@me", auth=False)
    assert status == 401


async def test_a_dm_to_someone_who_closed_dms_is_forbidden_with_50007(world):
    c, _, owner, closed = world
    status, dm, _ = await c.call("POST", "/users/@me/channels", {"recipient_id": str(closed.id)})
    assert status == 200 and dm["type"] == 1
    status, data, _ = await c.call("POST", f"/channels/{dm['id']}/messages", {"content": "hi"})
    assert (status, data["code"]) == (403, 50007)
    _, dm2, _ = await c.call("POST", "/users/@me/channels", {"recipient_id": str(owner.id)})
    status, _, _ = await c.call("POST", f"/channels/{dm2['id']}/messages", {"content": "hi"})
    assert status == 200


async def test_interactions_are_answered_once_within_3_s_and_followups_within_15_min(world):
    c, g, owner, _ = world
    d = c.d
    m = d._new_message(g.channels[0], {"content": "lobby", "components": [row(button("go"))]}, [])
    # answered in time, then a second time
    i = await d.click(owner, m, "go")
    cb = f"/interactions/{i.id}/{i.token}/callback"
    status, data, _ = await c.call("POST", cb, {"type": 6}, auth=False, query="?with_response=1")
    assert status == 200 and data["interaction"]["id"] == str(i.id)
    status, data, _ = await c.call("POST", cb, {"type": 6}, auth=False)
    assert (status, data["code"]) == (400, 40060)
    # a followup works until the token expires (0.6 s here, 15 min on Discord)
    hook = f"/webhooks/{d.application_id}/{i.token}"
    status, _, _ = await c.call("POST", hook, {"content": "done", "flags": 64}, auth=False)
    assert status == 200
    await asyncio.sleep(0.7)
    status, data, _ = await c.call("POST", hook, {"content": "late"}, auth=False)
    assert (status, data["code"]) == (401, 50027)
    status, data, _ = await c.call("PATCH", hook + "/messages/@original", {"content": "late"},
                                   auth=False)
    assert (status, data["code"]) == (401, 50027)
    # answered too late (0.3 s here, 3 s on Discord)
    j = await d.click(owner, m, "go")
    await asyncio.sleep(0.4)
    status, data, _ = await c.call("POST", f"/interactions/{j.id}/{j.token}/callback",
                                   {"type": 6}, auth=False)
    assert (status, data["code"]) == (404, 10062)
    assert j.failed


async def test_a_click_on_an_ephemeral_message_edits_it_through_the_clicks_own_token(world):
    """A component interaction's original message is the message its button sits on, an
    ephemeral one too: the click's token edits that message (not a new one), for 15 minutes
    from the click (0.6 s here), whichever interaction made the message."""
    c, g, owner, _ = world
    d = c.d
    copy = d._new_message(g.channels[0], {"content": "hand", "flags": 64,
                                          "components": [row(button("d"))]}, [],
                          visible_to=owner.id)
    assert copy.ephemeral and d.message_payload(copy)["flags"] & 64
    first = await d.click(owner, copy, "d")
    status, _, _ = await c.call("POST", f"/interactions/{first.id}/{first.token}/callback",
                                {"type": 6}, auth=False)
    assert status == 204
    hook = f"/webhooks/{d.application_id}/{{}}/messages/@original"
    status, data, _ = await c.call("PATCH", hook.format(first.token), {"content": "moved"},
                                   auth=False)
    assert status == 200 and data["id"] == str(copy.id) and data["flags"] & 64
    assert copy.content == "moved" and copy.ephemeral
    # a later click on it (answered by updating it) carries a token of its own: when the first
    # one has expired, the later one still edits the same message
    await asyncio.sleep(0.35)
    later = await d.click(owner, copy, "d")
    status, _, _ = await c.call("POST", f"/interactions/{later.id}/{later.token}/callback",
                                {"type": 7, "data": {"content": "answered"}}, auth=False)
    assert status == 204 and copy.content == "answered"
    await asyncio.sleep(0.35)
    status, data, _ = await c.call("PATCH", hook.format(first.token), {"content": "x"},
                                   auth=False)
    assert (status, data["code"]) == (401, 50027)
    status, data, _ = await c.call("PATCH", hook.format(later.token), {"content": "again"},
                                   auth=False)
    assert status == 200 and data["id"] == str(copy.id) and copy.content == "again"


async def test_a_deferred_update_tells_no_listener_of_a_change(world):
    """A deferral (type 6) changes no message: message listeners (the load benches' "your
    turn" clock among them) hear of the update that follows, not of the deferral, which
    would show them the clicked message as it was."""
    c, g, owner, _ = world
    d = c.d
    m = d._new_message(g.channels[0], {"content": "your turn", "components": [row(button("d"))]},
                       [])
    heard: list[str] = []
    d.on_message(lambda msg: heard.append(msg.content))
    i = await d.click(owner, m, "d")
    status, _, _ = await c.call("POST", f"/interactions/{i.id}/{i.token}/callback",
                                {"type": 6}, auth=False)
    assert status == 204 and heard == []
    hook = f"/webhooks/{d.application_id}/{i.token}/messages/@original"
    status, _, _ = await c.call("PATCH", hook, {"content": "discarded"}, auth=False)
    assert status == 200 and heard == ["discarded"]
    j = await d.click(owner, m, "d")
    status, _, _ = await c.call("POST", f"/interactions/{j.id}/{j.token}/callback",
                                {"type": 7, "data": {"content": "answered"}}, auth=False)
    assert status == 204 and heard == ["discarded", "answered"]


async def test_rate_limits_answer_429_with_retry_after_and_bucket_headers(world):
    c, g, _, _ = world
    ch = f"/channels/{g.channels[0]}/messages"
    statuses = []
    for _ in range(6):
        status, data, headers = await c.call("POST", ch, {"content": "spam"})
        statuses.append(status)
    assert statuses == [200] * 5 + [429]
    assert data["global"] is False and 0 < data["retry_after"] <= 5
    assert headers["Retry-After"] and headers["X-RateLimit-Remaining"] == "0"
    assert {"X-RateLimit-Limit", "X-RateLimit-Reset", "X-RateLimit-Reset-After",
            "X-RateLimit-Bucket", "Via"} <= set(headers)
    # another channel has its own bucket
    status, _, _ = await c.call("POST", f"/channels/{g.channels[1]}/messages", {"content": "a"})
    assert status == 200
    # 50 requests per second overall
    results = await asyncio.gather(*(c.call("GET", "/users/@me") for _ in range(60)))
    globals_ = [r for r in results if r[0] == 429]
    assert globals_ and all(r[1]["global"] for r in globals_)
    assert globals_[0][2]["X-RateLimit-Global"] == "true"


async def test_gateway_refuses_a_bad_token_and_resumes_a_session(world):
    c, _, _, _ = world
    d = c.d
    async with c.s.ws_connect(d.gateway_url) as ws:
        hello = await ws.receive_json()
        assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] > 0
        await ws.send_json({"op": 2, "d": {"token": "wrong", "intents": 0, "properties": {}}})
        msg = await ws.receive()
        assert msg.type is aiohttp.WSMsgType.CLOSE and ws.close_code == 4004
    async with c.s.ws_connect(d.gateway_url) as ws:
        await ws.receive_json()
        await ws.send_json({"op": 2, "d": {"token": d.token, "intents": 513, "properties": {}}})
        ready = await ws.receive_json()
        assert ready["t"] == "READY" and ready["d"]["resume_gateway_url"] == d.gateway_url
        guild = await ws.receive_json()
        assert guild["t"] == "GUILD_CREATE"
        session, seq = ready["d"]["session_id"], guild["s"]
        await ws.send_json({"op": 1, "d": seq})
        assert (await ws.receive_json())["op"] == 11
    # while disconnected, an event happens; RESUME replays it, then RESUMED
    await d.dispatch("MESSAGE_CREATE", {"id": "1"}, intent=1 << 9)
    async with c.s.ws_connect(d.gateway_url) as ws:
        await ws.receive_json()
        await ws.send_json({"op": 6, "d": {"token": d.token, "session_id": session, "seq": seq}})
        missed = await ws.receive_json()
        assert missed["t"] == "MESSAGE_CREATE" and missed["s"] == seq + 1
        assert (await ws.receive_json())["t"] == "RESUMED"


async def test_application_emoji_follow_discords_limits_and_buttons_need_one_that_exists(world):
    c, g, _, _ = world
    c.d.limits.app_emoji = 3
    base = f"/applications/{c.d.application_id}/emojis"
    png = "data:image/png;base64," + base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"0" * 64).decode()
    big = "data:image/png;base64," + base64.b64encode(b"0" * (256 * 1024 + 1)).decode()
    for body in ({"name": "x", "image": png}, {"name": "a" * 33, "image": png},
                 {"name": "bad-name", "image": png}, {"name": "ok_name", "image": "not data"}):
        status, data, _ = await c.call("POST", base, body)
        assert (status, data["code"]) == (400, 50035), body
    status, data, _ = await c.call("POST", base, {"name": "big", "image": big})
    assert (status, data["code"]) == (400, 50138)
    ids = []
    for n in range(3):
        status, data, _ = await c.call("POST", base, {"name": f"tile_{n}", "image": png})
        assert status == 201 and data["name"] == f"tile_{n}"
        ids.append(data["id"])
    status, data, _ = await c.call("POST", base, {"name": "tile_0", "image": png})
    assert status == 400  # full (and a name already taken)
    status, data, _ = await c.call("GET", base)
    assert status == 200 and [e["id"] for e in data["items"]] == ids
    status, _, _ = await c.call("GET", f"/applications/{c.d.application_id + 1}/emojis")
    assert status == 403
    # a button may show an emoji that exists, not one that does not
    ch = c.d.add_channel(g, "emoji").id
    good = button("g") | {"emoji": {"id": ids[0], "name": "tile_0"}}
    status, _, _ = await c.call("POST", f"/channels/{ch}/messages",
                                {"content": "a", "components": [row(good)]})
    assert status == 200
    status, _, _ = await c.call("DELETE", f"{base}/{ids[0]}")
    assert status == 204
    status, data, _ = await c.call("POST", f"/channels/{ch}/messages",
                                   {"content": "a", "components": [row(good)]})
    assert status == 400 and "Invalid emoji" in json.dumps(data)
    status, _, _ = await c.call("DELETE", f"{base}/{ids[0]}")
    assert status == 404


class _Sink:
    """Collects what an aiohttp payload writes (its bytes on the wire)."""

    def __init__(self) -> None:
        self.data = bytearray()

    async def write(self, chunk: bytes) -> None:
        self.data += chunk


async def test_multipart_forms_are_read_as_aiohttp_writes_them():
    from discord_double.server import DiscordError, disposition_params, multipart_parts

    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps({"content": "a\r\n--b"}),
                   content_type="application/json")
    picture = b"\x89PNG\r\n\r\n--not-the-boundary\r\n" * 50
    form.add_field("files[0]", picture, filename='名 "q".png', content_type="image/png")
    payload = form()
    sink = _Sink()
    await payload.write(sink)  # type: ignore[arg-type]
    parts = multipart_parts(bytes(sink.data), payload.content_type)
    assert [disposition_params(h["content-disposition"]) for h, _ in parts] == [
        {"name": "payload_json"}, {"name": "files[0]", "filename": '名 "q".png'}]
    assert json.loads(parts[0][1]) == {"content": "a\r\n--b"}
    assert parts[1] == ({"content-type": "image/png",
                         "content-disposition": parts[1][0]["content-disposition"]}, picture)
    # a body cut short (no closing boundary) is refused, not read in part
    with pytest.raises(DiscordError):
        multipart_parts(bytes(sink.data)[:-40], payload.content_type)
