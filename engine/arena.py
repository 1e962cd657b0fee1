"""Duplicate play between computer players, and what it measures.

A *board* is one hand seed with a fixed dealer. Every board is played once per distinct
rotation of the seating (``hard,greedy,hard,greedy`` is played as ABAB and BABA), so every
level holds every seat's tiles as often as the others: the luck of the deal cancels and
what is left is play. Boards are independent, so confidence intervals are taken over boards
(each board's per-seat mean chips of a level, paired across levels).

Pure: no I/O. ``python -m engine simulate … --duplicate [--report FILE]`` is the command.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.events import HandEnded, Won
from engine.hand import HandState
from engine.players import get_player
from engine.players.base import Observation, Player, declaring, followers
from engine.rules import Rules
from engine.wall import hand_seed

Z95 = 1.959964


def seatings(kinds: Sequence[str]) -> list[tuple[str, ...]]:
    """The distinct rotations of a seating (ABAB -> ABAB, BABA; ABCD -> four)."""
    out: list[tuple[str, ...]] = []
    n = len(kinds)
    for r in range(n):
        s = tuple(kinds[(i + r) % n] for i in range(n))
        if s not in out:
            out.append(s)
    return out


@dataclass(slots=True)
class SeatOutcome:
    kind: str
    chips: int
    won: bool
    self_drawn: bool
    dealt_in: bool
    win_chips: int  # what its win(s) brought in (win, 包 and horse payments), 0 when no win


def play_board(
    rules: Rules,
    seed: str,
    dealer: int,
    players: Sequence[Player],
    kinds: Sequence[str],
    hand_no: int = 0,
) -> list[SeatOutcome]:
    """Play one hand of ``seed`` with ``players`` in seats 0..3; each seat's outcome."""
    st = HandState.start(rules, seed, dealer=dealer, hand_no=hand_no)
    scores = (0,) * rules.players
    following = followers(players)
    for s, f in following:
        f.hand_started(st.events, s)
    while not st.is_over:
        waiting = st.awaiting()
        if not waiting:
            raise RuntimeError(f"hand {seed} waits for nobody in phase {st.phase}")
        seat = waiting[0]
        obs = Observation.of(st, seat, scores)
        # a discard that may declare 立直 declares it (rules.lizhi; the table's own kinds)
        st.act(declaring(obs.table_action(players[seat].act(obs)), st.legal_actions(seat)))
    for _, f in following:
        f.hand_ended()
    ended = st.ended
    assert isinstance(ended, HandEnded)
    wins = [e for e in st.events if isinstance(e, Won)]
    out = []
    for seat, kind in enumerate(kinds):
        mine = [w for w in wins if w.seat == seat]
        win_chips = sum(
            amount
            for payer, payee, amount, reason in ended.payments
            if payee == seat and reason != "kong"
        )
        out.append(
            SeatOutcome(
                kind=kind,
                chips=ended.deltas[seat],
                won=bool(mine),
                self_drawn=any(w.self_drawn for w in mine),
                dealt_in=any(not w.self_drawn and w.from_seat == seat for w in wins),
                win_chips=win_chips if mine else 0,
            )
        )
    return out


@dataclass(slots=True)
class LevelStats:
    kind: str
    seat_hands: int = 0
    chips: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    win_chips: int = 0
    board_means: list[float] = field(default_factory=list)

    def mean(self) -> float:
        return self.chips / self.seat_hands if self.seat_hands else 0.0

    def ci(self) -> float:
        return half_width(self.board_means)

    def to_json(self) -> dict[str, object]:
        n = self.seat_hands or 1
        return {
            "kind": self.kind,
            "seat_hands": self.seat_hands,
            "chips_per_hand": round(self.mean(), 4),
            "ci95": round(self.ci(), 4),
            "win_rate": round(self.wins / n, 4),
            "self_draw_rate": round(self.self_draws / n, 4),
            "deal_in_rate": round(self.deal_ins / n, 4),
            "avg_win_value": round(self.win_chips / self.wins, 3) if self.wins else None,
        }


def half_width(samples: Sequence[float]) -> float:
    """Half the width of a normal 95% confidence interval of the mean of ``samples``."""
    if len(samples) < 2:
        return math.inf
    return Z95 * statistics.stdev(samples) / math.sqrt(len(samples))


@dataclass(slots=True)
class ArenaReport:
    rules: str
    seed: str
    seatings: list[tuple[str, ...]]
    boards: int = 0
    hands: int = 0
    drawn: int = 0
    seconds: float = 0.0
    levels: dict[str, LevelStats] = field(default_factory=dict)

    def pairs(self) -> list[dict[str, object]]:
        """Each pair of levels: the mean per-board difference of chips per hand, and its CI."""
        out = []
        kinds = list(self.levels)
        for i, a in enumerate(kinds):
            for b in kinds[i + 1 :]:
                d = [
                    x - y
                    for x, y in zip(
                        self.levels[a].board_means, self.levels[b].board_means, strict=True
                    )
                ]
                mean = statistics.fmean(d) if d else 0.0
                hw = half_width(d)
                out.append(
                    {
                        "a": a,
                        "b": b,
                        "diff": round(mean, 4),
                        "ci95": round(hw, 4),
                        "excludes_zero": abs(mean) > hw,
                    }
                )
        return out

    def to_json(self) -> dict[str, object]:
        return {
            "rules": self.rules,
            "seed": self.seed,
            "seatings": [",".join(s) for s in self.seatings],
            "boards": self.boards,
            "hands": self.hands,
            "drawn": self.drawn,
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands / self.seconds, 1) if self.seconds > 0 else None,
            "levels": [s.to_json() for s in self.levels.values()],
            "pairs": self.pairs(),
        }

    def to_markdown(self) -> str:
        lines = [
            f"Rules `{self.rules}`, seed `{self.seed}`: {self.boards} boards x "
            f"{len(self.seatings)} seatings ({', '.join(''.join(k[0].upper() for k in s) for s in self.seatings)})"
            f" = {self.hands} hands, {self.drawn} drawn.",
            "",
            "| level | chips/hand | 95% CI | win rate | self-draw rate | deal-in rate | avg win value |",
            "|---|---:|---:|---:|---:|---:|---:|",
        ]
        for s in self.levels.values():
            j = s.to_json()
            awv = "—" if j["avg_win_value"] is None else f"{j['avg_win_value']:.2f}"
            lines.append(
                f"| {s.kind} | {s.mean():+.3f} | ±{s.ci():.3f} | {j['win_rate']:.1%} | "
                f"{j['self_draw_rate']:.1%} | {j['deal_in_rate']:.1%} | {awv} |"
            )
        lines += [
            "",
            "| pair | difference (chips/hand) | 95% CI | excludes 0 |",
            "|---|---:|---:|---|",
        ]
        for p in self.pairs():
            lines.append(
                f"| {p['a']} − {p['b']} | {p['diff']:+.3f} | ±{p['ci95']:.3f} | "
                f"{'yes' if p['excludes_zero'] else 'no'} |"
            )
        return "\n".join(lines) + "\n"


def duplicate(
    rules: Rules,
    kinds: Sequence[str],
    boards: int,
    seed: str,
    make_player: Callable[[str, str], Player] = get_player,
    progress: Callable[[int], None] | None = None,
) -> ArenaReport:
    """Play ``boards`` boards, each in every distinct rotation of ``kinds``."""
    seats = seatings(kinds)
    report = ArenaReport(rules.id, seed, seats)
    for k in kinds:
        report.levels.setdefault(k, LevelStats(k))
    start = time.perf_counter()
    n = rules.players
    for b in range(boards):
        hseed = hand_seed(seed, b)
        dealer = b % n
        chips: dict[str, int] = dict.fromkeys(report.levels, 0)
        count: dict[str, int] = dict.fromkeys(report.levels, 0)
        for r, seating in enumerate(seats):
            players = [make_player(k, f"{seed}/{b}/{r}/{i}") for i, k in enumerate(seating)]
            outcome = play_board(rules, hseed, dealer, players, seating, hand_no=b)
            report.hands += 1
            if not any(o.won for o in outcome):
                report.drawn += 1
            for o in outcome:
                s = report.levels[o.kind]
                s.seat_hands += 1
                s.chips += o.chips
                s.wins += o.won
                s.self_draws += o.self_drawn
                s.deal_ins += o.dealt_in
                s.win_chips += o.win_chips
                chips[o.kind] += o.chips
                count[o.kind] += 1
        for k, s in report.levels.items():
            s.board_means.append(chips[k] / count[k])
        report.boards += 1
        if progress is not None:
            progress(b + 1)
    report.seconds = time.perf_counter() - start
    return report
