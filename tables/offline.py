"""``python bot.py --offline``: the same tables, pictures and SQLite ledger, in a terminal.

You play against computer players (three, or one fewer than ``--seats``; their levels from
``--computers``) and type your moves at a prompt: the number of an action, or any name the
game shows for it (``tables.offline_words``), or ``w`` to win; ``t`` prints the table, ``h`` the help, ``q``
(or Ctrl-C) quits. Where the rules pay a false win (诈胡),
``w`` at one's turn declares a win on any hand, after the same question Discord asks. Every public move is printed as one line (who drew,
who discarded what, calls, wins, the wall count), in the language of ``--lang`` (or the
terminal's ``LANG``), so the game can be followed without opening a picture; pictures of
the hand, the table and each settlement are still written to a folder named at start.

No timer runs offline (nobody is waiting for you), so none is shown. A table you quit
stays in the store: the next start asks whether to carry on with it (the default, unless
``--rules`` asks for another preset: then a new table of it is), and ``--new``
deals a new table while computers finish the old one. ``--autoplay`` puts a computer in
your seat too; ``--json`` then prints one JSON object when the game ends.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import signal
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from i18n.bot_text import bt
from tables import pictures
from tables.clock import VirtualClock
from tables.errors import ConfirmNeeded, TableError
from tables.game import FALSE_WIN_KIND
from tables.model import (
    Mode,
    Notice,
    PrivateView,
    PublicView,
    SettlementView,
    StandingsView,
    TableInfo,
)
from tables.offline_words import matching
from tables.persist import StoreTables
from tables.service import Person, TableService, TableSettings
from tables.text import (
    choice_label,
    hand_text,
    notice_text,
    plain,
    rules_name,
    seat_wind,
    settlement_text,
    standings_text,
    table_text,
)

OFFLINE_GUILD = 1  # the ledger of offline play lives in its own "server"
OFFLINE_CHANNEL = 1
YOU = 1


@dataclass(frozen=True)
class OfflineOptions:
    autoplay: bool = False
    hands: int | None = None
    json: bool = False
    seed: int | None = None
    rules: str = "heyuan-zheng"
    options: dict[str, Any] = field(default_factory=dict)  # house rules of the preset
    images_dir: Path = Path("data/offline-images")
    stake: int = 1
    computers: tuple[str, ...] = ("normal", "normal", "normal")  # levels, in seat order
    locale: str = "en"
    new: bool = False  # deal a new table even if one from last time is unfinished
    rules_given: bool = False  # --rules named: a new table of it is the default


class TerminalTransport:
    """Prints what a player at the table sees, one line per public move, and writes the
    pictures to a folder."""

    def __init__(self, images: Path, quiet: bool, pictures_on: bool, locale: str = "en",
                 viewer: int | None = 0) -> None:
        self.images = images
        self.quiet = quiet
        self.pictures_on = pictures_on
        self.locale = locale
        self.viewer = viewer  # the person's seat: lines about it read "You ..."
        self.dealer = 0
        self.seats = 4  # the table's seat count (seats are named by it: winds at four)
        self.last_public: PublicView | None = None
        self.standings_view: StandingsView | None = None
        self.written: list[Path] = []

    def say(self, text: str) -> None:
        if self.quiet:
            return
        try:
            print(plain(text), flush=True)
        except BrokenPipeError:  # the reader has gone (`| head`): nothing more is said
            self.quiet = True
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())

    def folder(self, table_id: str) -> Path:
        """Where a table's pictures go: a folder of their own per table, so a new table never
        sits beside (or overwrites) the pictures of an earlier one."""
        return self.images / table_id

    def _write(self, table_id: str, name: str, data: bytes | None) -> None:
        if data is None:
            return
        folder = self.folder(table_id)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / name
        path.write_bytes(data)
        self.written.append(path)

    def _line(self, notice: Notice) -> str:
        text = notice_text(notice, self.locale, self.viewer)
        if notice.seat is None:
            return text
        return f"[{seat_wind(notice.seat, self.dealer, self.locale, self.seats)}] {text}"

    async def lobby(self, table: TableInfo) -> None:
        self.seats = len(table.seats)

    async def private(self, table: TableInfo, view: PrivateView) -> None:
        return None  # the prompt loop shows the hand when it asks

    async def public(self, table: TableInfo, view: PublicView) -> None:
        self.last_public = view
        self.dealer = view.dealer
        self.seats = len(view.names)

    async def move(self, table: TableInfo, notice: Notice) -> None:
        if notice.key in ("move.hand", "move.hand.seats"):
            self.dealer = int(notice.args.get("dealer_seat", self.dealer))
            self.say("")
        self.say(self._line(notice))

    async def notice(self, table: TableInfo, notice: Notice) -> None:
        if notice.key == "call.draw" or notice.key.startswith("abort."):
            return  # the settlement that follows says so
        self.say(self._line(notice))

    async def settlement(self, table: TableInfo, view: SettlementView) -> None:
        self.say(settlement_text(view, self.locale, self.dealer, self.viewer))
        if self.pictures_on:
            self._write(view.table_id, f"settlement-{view.hand_no + 1}.png",
                        await asyncio.to_thread(pictures.settlement_png, view, self.locale))

    async def standings(self, table: TableInfo, view: StandingsView) -> None:
        self.standings_view = view
        self.say("")
        self.say(standings_text(view, self.locale))
        if self.pictures_on:
            self._write(view.table_id, "standings.png",
                        await asyncio.to_thread(pictures.standings_png, view, self.locale))


def _prompt_lines(view: PrivateView, info: TableInfo, locale: str) -> str:
    lines = [plain(hand_text(view, info, locale, timed=False))]
    for i, c in enumerate(view.actions, 1):
        lines.append(f"  {i:>2}. {choice_label(c, locale)}")
    if view.pick:
        lines.append(bt("offline.pick", locale, n=view.pick))
    return "\n".join(lines)


# the win command: whichever win is offered (on a discard, self-drawn, or declared on a hand
# that is none where the rules pay 诈胡 — the table service then asks first)
WIN_WORDS = frozenset({"w", "win", "hu", "胡", "和", "自摸"})
WIN_KINDS = ("win", "self_draw", FALSE_WIN_KIND)
YES_WORDS = frozenset({"y", "yes", "是", "好", "确定", "確定"})


def _pick(view: PrivateView, answer: str) -> tuple[str, str] | list[int] | None:
    """The move ``answer`` names (its code and argument), or the numbers of the moves it
    may mean when it fits several (the caller asks which), or None for no move."""
    word = answer.strip().lower()
    if word in WIN_WORDS:
        win = next((c for c in view.actions if c.kind in WIN_KINDS), None)
        return (win.code, win.arg) if win is not None else None
    found = matching(view, answer)
    if len(found) == 1:
        c = view.actions[found[0]]
        return c.code, c.arg
    if found:
        return found
    if view.pick and word and word[0].isdigit():
        # any tiles of one suit (换三张): the table service reads and checks them
        return "y", word.replace(" ", "")
    return None


class Interrupted(Exception):
    """Ctrl-C at a prompt: the person quits, as with ``q``."""


class Keyboard:
    """The person's answers, line by line. One daemon thread reads standard input's file
    descriptor (not ``input()``: a thread waiting there holds the stdin buffer's lock, and
    Ctrl-C would wait for Enter, then for that thread); Ctrl-C is caught by the event loop
    and ends the wait at once. The thread left waiting does not keep the process alive."""

    def __init__(self, catch_ctrl_c: bool = True) -> None:
        self.catch_ctrl_c = catch_ctrl_c  # off with --autoplay: nothing is asked, Ctrl-C stops
        self.interrupted = asyncio.Event()
        self._lines: asyncio.Queue[str | None] = asyncio.Queue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._signals = False
        self._reader: threading.Thread | None = None

    def __enter__(self) -> Keyboard:
        self._loop = asyncio.get_running_loop()
        if not self.catch_ctrl_c:
            return self
        try:
            self._loop.add_signal_handler(signal.SIGINT, self.interrupted.set)
            self._signals = True
        except (NotImplementedError, RuntimeError, ValueError):  # no signals here (Windows)
            pass
        return self

    def __exit__(self, *exc: object) -> None:
        if self._loop is not None and self._signals:
            self._loop.remove_signal_handler(signal.SIGINT)

    def _read_lines(self, fd: int, loop: asyncio.AbstractEventLoop) -> None:
        pending = b""
        while True:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                chunk = b""
            if not chunk:
                if pending:
                    loop.call_soon_threadsafe(self._lines.put_nowait, pending.decode("utf-8", "replace"))
                loop.call_soon_threadsafe(self._lines.put_nowait, None)
                return
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for raw in lines:
                text = raw.decode("utf-8", "replace").rstrip("\r")
                loop.call_soon_threadsafe(self._lines.put_nowait, text)

    async def ask(self, prompt: str) -> str | None:
        """The line typed (None at the end of input); Interrupted on Ctrl-C."""
        if self.interrupted.is_set():
            raise Interrupted
        print(prompt, end="", flush=True)
        if self._reader is None:
            try:
                fd = sys.stdin.fileno()
            except (AttributeError, OSError, ValueError):  # no real stdin: nobody will answer
                return None
            self._reader = threading.Thread(target=self._read_lines, name="offline-prompt",
                                            args=(fd, asyncio.get_running_loop()), daemon=True)
            self._reader.start()
        line = asyncio.ensure_future(self._lines.get())
        stop = asyncio.ensure_future(self.interrupted.wait())
        try:
            await asyncio.wait((line, stop), return_when=asyncio.FIRST_COMPLETED)
        finally:
            stop.cancel()
        if not line.done():
            line.cancel()
            print(flush=True)  # end the prompt's line
            raise Interrupted
        return line.result()


async def play_offline(settings: Any, opts: OfflineOptions) -> int:
    from store import Store, StoreSettings

    loc = opts.locale
    images = Path(opts.images_dir)
    images.mkdir(parents=True, exist_ok=True)
    db = Path(settings.db_path)
    db.parent.mkdir(parents=True, exist_ok=True)
    store = await Store.open(db, StoreSettings(starting_chips=settings.starting_chips,
                                               daily_amount=settings.daily_chips,
                                               synchronous=settings.db_sync,
                                               busy_timeout_ms=settings.db_busy_ms))
    before = await store.guild_totals(OFFLINE_GUILD)
    transport = TerminalTransport(images, quiet=True, pictures_on=True, locale=loc,
                                  viewer=None if opts.autoplay else 0)
    seed = str(opts.seed) if opts.seed is not None else secrets.token_hex(8)
    service = TableService(
        StoreTables(store), transport, VirtualClock(),
        TableSettings(turn_seconds=settings.turn_seconds, claim_seconds=settings.claim_seconds,
                      computer_delay=0.0, computer_level=settings.computer_level,
                      afk_level=settings.afk_level),
        seed_factory=lambda: seed,
    )
    keyboard = Keyboard(catch_ctrl_c=not opts.autoplay)
    current: TableInfo | None = None  # the table Ctrl-C leaves (kept, as with q)
    try:
        with keyboard:
            host = Person(YOU, bt("offline.you", loc), loc)
            # resumed quietly: what happens to a table left last time is asked (or said) below
            left_over = [service.get(tid) for tid in await service.resume_all()]
            left_over = [t for t in left_over
                         if t.guild_id == OFFLINE_GUILD and t.seat_of(YOU) is not None]
            transport.quiet = opts.json
            info = None
            for old in left_over:
                current = old
                if (info is None and not opts.autoplay and not opts.new
                        and await _ask_resume(service, old, opts, keyboard)):
                    info = old
                    print(bt("offline.resumed", loc, table=old.id), flush=True)
                    print(bt("offline.pictures", loc, path=transport.folder(old.id).resolve()),
                          flush=True)
                    transport.viewer = old.seat_of(YOU)
                    continue
                current = None
                if not opts.json:
                    print(bt("offline.abandon", loc, table=old.id), flush=True)
                transport.quiet = True  # an abandoned offline seat: computers finish it
                await service.leave(OFFLINE_GUILD, YOU)
                transport.quiet = opts.json
            if info is None:
                try:
                    info = await service.create(OFFLINE_GUILD, OFFLINE_CHANNEL, host, opts.rules,
                                                dict(opts.options), opts.stake, opts.hands or 4,
                                                seat_host=not opts.autoplay)
                except TableError as exc:  # a house rule the preset refuses
                    print(bt(exc.key, loc, **exc.args_), file=sys.stderr)
                    return 2
                current = info
                if not opts.autoplay:  # "You ..." and "on your discard" name the person's seat
                    transport.viewer = info.seat_of(YOU)
                for level in opts.computers:
                    await service.add_computer(info.id, YOU, level)
                info = service.get(info.id)
                if not opts.json:
                    print(bt("offline.pictures", loc,
                             path=transport.folder(info.id).resolve()), flush=True)
                transport.say(_start_text(info, loc))
                if not opts.autoplay:
                    transport.say(bt("offline.help", loc))
                await service.start(info.id, YOU)  # with --autoplay: computers only, to the end
            current = info
            if not opts.autoplay and await _prompt_loop(service, info.id, transport, keyboard):
                _say_quit(info, transport, loc)
                return 0
        return await _finish(store, before, info, transport, seed, opts)
    except Interrupted:  # Ctrl-C at a prompt: as q, one line, the table kept
        if current is not None:
            _say_quit(current, transport, loc)
        return 0
    finally:
        await service.close()
        await store.close()


def _say_quit(info: TableInfo, transport: TerminalTransport, loc: str) -> None:
    game = transport.last_public if transport.last_public is not None and \
        transport.last_public.table_id == info.id else None
    print(bt("offline.quit", loc, table=info.id, hand=(game.hand_no + 1) if game else 1,
             hands=game.hands_total if game else info.hands), flush=True)


async def _finish(store: Any, before: dict[str, int], info: TableInfo,
                  transport: TerminalTransport, seed: str, opts: OfflineOptions) -> int:
    """The end of the game: one JSON object (``--json``) or where the pictures are."""
    totals = transport.standings_view.totals if transport.standings_view else ()
    after = await store.guild_totals(OFFLINE_GUILD)
    change = sum(after.get(k, 0) - before.get(k, 0) for k in ("user", "house"))
    scores = await store.table_scores(info.id, len(info.seats))
    result = {
        "table": info.id, "rules": info.preset, "seed": seed,
        "hands": transport.standings_view.hands_played if transport.standings_view else 0,
        "chips": list(totals), "ledger_seats": list(scores),
        "ledger_total_change": change, "ledger_table_sum": sum(scores),
        "images": str(transport.folder(info.id).resolve()),
    }
    if opts.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        print(bt("offline.done", opts.locale, seed=seed,
                 files=", ".join(dict.fromkeys(p.name for p in transport.written)),
                 path=transport.folder(info.id).resolve()), flush=True)
    return 0


def _start_text(info: TableInfo, locale: str) -> str:
    """The rules, hand count and the players, before the first deal (the winds they sit in
    follow from each hand's dealer, named when the hand starts)."""
    from tables.text import player_name

    names = [player_name(s.name, s.level if s.user_id is None else "", locale)
             for s in info.seats if s is not None]
    return "\n".join([
        bt("offline.start", locale, rules=rules_name(info.preset, locale), hands=info.hands,
           stake=info.stake),
        bt("offline.players", locale, names=", ".join(names)),
    ])


async def _ask_resume(service: TableService, old: TableInfo, opts: OfflineOptions,
                      keyboard: Keyboard) -> bool:
    """Whether to carry on with a table left last time. When another preset was asked for
    (``--rules``), the default is a new table of it; otherwise carrying on."""
    locale = opts.locale
    try:
        hand = service.public_view(old.id).hand_no + 1
    except TableError:
        hand = 1
    other = opts.rules_given and old.preset != opts.rules
    key = "offline.resume_other" if other else "offline.resume_ask"
    answer = await keyboard.ask(bt(key, locale, table=old.id, rules=rules_name(old.preset, locale),
                                   hand=hand, hands=old.hands,
                                   asked=rules_name(opts.rules, locale)))
    word = (answer or "").strip().lower()
    if other:
        return word in YES_WORDS
    return answer is None or word in ("", *YES_WORDS)


async def _prompt_loop(service: TableService, table_id: str, transport: TerminalTransport,
                       keyboard: Keyboard) -> bool:
    """Ask the person for each move until the game ends; True if they quit."""
    loc = transport.locale
    shown: tuple[int, int] | None = None
    while table_id in {t.id for t in service.tables()}:
        try:
            view = service.private_view(table_id, YOU)
        except TableError:
            return False
        if view.mode not in (Mode.TURN, Mode.CLAIM):
            return False  # nothing asked of us and no timer runs offline: the game is over
        info = service.get(table_id)
        if shown != (view.hand_no, view.step):
            shown = (view.hand_no, view.step)
            if transport.last_public is not None:
                transport._write(table_id, "table.png", await asyncio.to_thread(
                    pictures.table_png, transport.last_public, loc, view.seat))
            transport._write(table_id, "hand.png",
                             await asyncio.to_thread(pictures.hand_png, view, loc))
            print(_prompt_lines(view, info, loc), flush=True)
        answer = await keyboard.ask("> ")
        word = (answer or "").strip().lower()
        if answer is None or word in ("q", "quit", "exit"):
            return True
        if word in ("t", "table"):
            if transport.last_public is not None:
                print(plain(table_text(transport.last_public, loc)), flush=True)
            shown = None  # then the hand and moves again
            continue
        if word in ("h", "help", "?"):
            print(bt("offline.help_long", loc), flush=True)
            continue
        picked = _pick(view, answer)
        if picked is None:
            print(bt("offline.bad", loc, help=bt("offline.help", loc)), flush=True)
            continue
        if isinstance(picked, list):  # a word several moves answer to: asked, never guessed
            options = "; ".join(f"{i + 1}. {choice_label(view.actions[i], loc)}" for i in picked)
            print(bt("offline.which", loc, said=answer.strip(), options=options), flush=True)
            continue
        try:
            await service.act(table_id, YOU, view.hand_no, view.step, *picked)
        except ConfirmNeeded as ask:  # 诈胡: asked first, as in Discord; only a yes declares
            await _confirm(service, table_id, view, picked, ask, loc, keyboard)
        except TableError as exc:
            print(bt(exc.key, loc, **exc.args_), flush=True)
    return False


async def _confirm(service: TableService, table_id: str, view: PrivateView,
                   picked: tuple[str, str], ask: ConfirmNeeded, loc: str,
                   keyboard: Keyboard) -> None:
    question = f"{plain(bt(ask.key, loc, **ask.args_))} {bt('offline.confirm', loc)}"
    answer = await keyboard.ask(question)
    if (answer or "").strip().lower() not in YES_WORDS:
        print(bt("confirm.false_win.cancelled", loc), flush=True)
        return
    try:
        await service.act(table_id, YOU, view.hand_no, view.step, *picked, confirm=ask.code)
    except TableError as exc:
        print(bt(exc.key, loc, **exc.args_), flush=True)


if __name__ == "__main__":  # pragma: no cover
    sys.exit("run: python bot.py --offline")
