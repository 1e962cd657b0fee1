"""Games of points inside the chip ledger (riichi): how a table settles them.

Riichi plays a game of points (25,000 each at the start) whose result becomes chips only at
its end (``engine.riichi.final``: the uma-adjusted result × the table's stake, zero-sum).
So such a table settles every hand in the ledger as the other games do — the hand's final
event and its settlement in one transaction, once per (table, hand) — but the hands before
the last move no chips, and the hand that ends the game moves the whole game's chips. A crash
anywhere finds either the last hand stored with its chips, or neither: nothing is lost or
paid twice.

Whose chips: everyone who sat down at the start plays the whole game on their own account
(a person who leaves keeps the seat's result; a computer plays the seat for them, 托管), so
leaving a losing game does not pass the loss to the house. The caps hold as for any
settlement: a seat wins from a payer at most its own balance when the last hand started
(以小博大), nobody pays more than they hold, and the entry minimum applies at the lobby.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.family import family_of
from engine.match import Match
from engine.riichi.final import START, ranking, table_chips, uma_of, whole_results
from engine.rules import Rules
from tables.model import Seat

# a payment's reason in the ledger for a game's final result
GAME_REASON: Final = "game_result"


def is_points_game(rules: Rules) -> bool:
    """The game's hands pay points of a game, turned into chips at its end (the family
    says: riichi)."""
    return family_of(rules).points_game


def current_points(match: Match) -> tuple[int, ...]:
    """Each seat's points now (after the last hand ended; before the first, the start)."""
    return tuple(START + d for d in match.totals)


def final_points(rules: Rules, match: Match) -> tuple[int, ...]:
    """Each seat's points at the game's end, the sticks left on the table given to the top."""
    return tuple(START + d for d in family_of(rules).final_totals(rules, match))


def game_chips(rules: Rules, match: Match, stake: int) -> tuple[int, ...]:
    """The chips each seat wins (or loses) for the finished game; sums to zero."""
    return tuple(table_chips(rules, final_points(rules, match), stake, match.first_dealer))


def payments_of(chips: Sequence[int]) -> tuple[tuple[int, int, int, str], ...]:
    """Zero-sum chips as payments (payer, payee, amount, reason): each loser, in seat order,
    pays the winners in seat order until its loss is paid."""
    if sum(chips) != 0:
        raise ValueError(f"a game's chips sum to zero, not {sum(chips)}")
    owed = {s: c for s, c in enumerate(chips) if c > 0}
    out: list[tuple[int, int, int, str]] = []
    for payer, c in enumerate(chips):
        left = -c
        for payee in sorted(owed):
            if left <= 0:
                break
            amount = min(left, owed[payee])
            if amount <= 0:
                continue
            out.append((payer, payee, amount, GAME_REASON))
            owed[payee] -= amount
            left -= amount
    return tuple(out)


def game_accounts(seats: Sequence[Seat | None]) -> tuple[int | None, ...]:
    """Per seat, the user whose chips the game is played for: the person who sat down, left
    or not (None: a computer seat, the house's)."""
    return tuple(None if s is None else s.user_id for s in seats)


def covers_of(balances: Sequence[int | None], accounts: Sequence[int | None]) -> tuple[int | None, ...]:
    """Per seat, the chips at stake (以小博大): a person's balance; a computer seat, the
    richest person's (None at a table of computers only)."""
    people = [b for a, b in zip(accounts, balances, strict=True) if a is not None and b is not None]
    house = max(people) if people else None
    return tuple(b if a is not None else house for a, b in zip(accounts, balances, strict=True))


def final_ranking(rules: Rules, match: Match, stake: int) -> tuple[tuple[int, int, int, int], ...]:
    """The finished game first to last: (seat, final points, result in whole points with uma
    and oka, chips)."""
    points = final_points(rules, match)
    results = whole_results(points, match.first_dealer, uma_of(rules.uma))
    return tuple((s, points[s], results[s], results[s] * stake)
                 for s in ranking(points, match.first_dealer))
