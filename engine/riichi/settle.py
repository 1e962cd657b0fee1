"""Paying a riichi hand (rule page ``riichi.md``, "Payments", "Draws", honba and sticks).

A win's ``points`` (what the winner receives before honba and sticks) is split as the table
says: ron — the discarder pays it all; the dealer's tsumo — a third from each; a non-dealer's
tsumo — the dealer pays ``2 × base`` rounded, each other ``base`` rounded, which the total
alone fixes (``points`` = 4a or 4a − 100 with ``a`` each non-dealer's share). Honba adds 300
to a win (100 from each payer on a tsumo). Pao (the seat liable for daisangen or dai
suushii): the whole tsumo with honba; half of a ron by another discarder, with the honba.

Riichi sticks are not payments between seats: each stick put this hand takes 1,000 from its
seat, and the winner (on a double ron the one nearest the discarder) takes every stick on
the table; after a draw they stay there (the match carries them). So a hand's deltas sum to
minus the sticks put plus the sticks taken, and the game's points always sum to 100,000
with the sticks on the table.

Draws: at an exhaustive draw the noten seats pay 3,000 to the tenpai seats (nobody or
everybody tenpai: nothing); nagashi mangan instead is paid as a mangan tsumo, no honba.
Abortive draws pay nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.riichi.table import RIICHI_STICK

if TYPE_CHECKING:
    from engine.rules import Rules
    from engine.settlement import HandOutcome, Payment, Settlement

HONBA: Final = 300
TENPAI_POOL: Final = 3000


def tsumo_shares(points: int, dealer_won: bool) -> tuple[int, int]:
    """(the dealer's share, each non-dealer's share) of a self-drawn ``points``; for the
    dealer's own tsumo both are what each of the three pays."""
    if dealer_won:
        return points // 3, points // 3
    a = points // 4 if points % 400 == 0 else (points + 100) // 4
    return points - 2 * a, a


def settle_riichi(rules: Rules, outcome: HandOutcome) -> Settlement:
    from engine.settlement import Payment, Settlement

    f = outcome.facts
    n, dealer = outcome.players, outcome.dealer
    honba = int(f.get("honba", 0))
    put: tuple[int, ...] = tuple(f.get("sticks", ()))
    pot = int(f.get("pot", 0)) + len(put)
    payments: list[Payment] = []
    deltas = [0] * n
    for s in put:
        deltas[s] -= RIICHI_STICK
    if outcome.wins:
        for w in outcome.wins:
            pao = None
            if w.liable is not None:
                pao = pao_part(w.score.points, w.score.fan, tuple(w.score.patterns))
            payments.extend(_win(w.seat, w.score.points, w.self_drawn, w.discarder, w.liable,
                                 dealer, n, honba, pao))  # fmt: skip
        deltas[outcome.wins[0].seat] += pot * RIICHI_STICK
    elif f.get("nagashi"):
        for s in f["nagashi"]:
            for p in range(n):
                if p != s:
                    amount = 4000 if dealer in (s, p) else 2000
                    payments.append(Payment(p, s, amount, "nagashi_mangan"))
    elif f.get("exhaustive"):
        ready = tuple(f.get("tenpai", ()))
        if 0 < len(ready) < n:
            noten = [s for s in range(n) if s not in ready]
            total = TENPAI_POOL
            for p in noten:
                for r in ready:
                    payments.append(Payment(p, r, total // len(noten) // len(ready), "tenpai"))
    kept = tuple(pay for pay in payments if pay.amount)
    for pay in kept:
        deltas[pay.payer] -= pay.amount
        deltas[pay.payee] += pay.amount
    return Settlement(kept, tuple(deltas))


PAO_HAN: Final = {"daisangen": 13, "dai_suushii": 26}


def pao_part(points: int, han: int | None, patterns: tuple[str, ...]) -> int:
    """The part of a yakuman win the liable seat answers for: the pao yakuman's share of
    the points (a further yakuman in the hand is paid normally)."""
    liable_han = sum(PAO_HAN.get(p, 0) for p in patterns)
    if not han or not liable_han or liable_han >= han:
        return points
    return points * liable_han // han


def _win(
    seat: int,
    points: int,
    self_drawn: bool,
    discarder: int | None,
    liable: int | None,
    dealer: int,
    n: int,
    honba: int,
    pao: int | None = None,
) -> list[Payment]:
    """The payments of one win; ``pao``: the part of ``points`` the ``liable`` seat answers
    for (None: all of it)."""
    from engine.settlement import Payment

    out: list[Payment] = []
    if liable is not None and liable != seat and (discarder != liable or self_drawn):
        part = points if pao is None else pao
        rest = points - part
        if self_drawn or discarder is None:
            out.append(Payment(liable, seat, part + honba * HONBA, "liable"))
            if rest:
                out.extend(_win(seat, rest, True, None, None, dealer, n, 0))
            return out
        half = part // 2
        out.append(Payment(liable, seat, half + honba * HONBA, "liable"))
        out.append(Payment(discarder, seat, part - half + rest, "win"))
        return out
    if not self_drawn and discarder is not None:
        return [Payment(discarder, seat, points + honba * HONBA, "win")]
    main, other = tsumo_shares(points, seat == dealer)
    for p in range(n):
        if p != seat:
            share = main if p == dealer else other
            out.append(Payment(p, seat, share + honba * (HONBA // 3), "win"))
    return out
