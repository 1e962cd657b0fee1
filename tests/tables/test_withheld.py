"""Why a claim is missing: the lock the engine names (``LegalActions.withheld``) reaches the
private hand as the rule's code with what lifts it in this game, and the hand's text says it
in each language. Played on the rigged walls of the engine's revision tests."""

from __future__ import annotations

import dataclasses

import pytest

from engine.actions import Pass
from engine.rules import get_rules
from tables.game import withheld_reasons
from tables.model import Mode, PrivateView
from tables.text import hand_text
from tests.engine.hand.helpers import discard, pass_window, rigged
from tests.engine.hand.test_revision2 import _HANDS, _steps
from tests.engine.hand.test_revision3 import _pass_a_pong_then_pong_another
from tests.tables.conftest import ANN, make_service, seated_table


def _locked_before_a_call(preset: str):
    """South passes West's 5p win, then East throws 8p, which South waits on: the win is
    kept from South (a pong of it is still offered)."""
    rules = get_rules(preset)
    st = rigged(rules, _HANDS, draws="9p9m9p2p7m",
                indicator="1z" if rules.indicator_source != "none" else None)
    _steps(st)
    discard(st, 0, "3p")
    discard(st, 1, "9p")
    discard(st, 2, "5p")
    st.act(Pass(1))
    pass_window(st)
    discard(st, 3, "9p")
    discard(st, 0, "8p")
    return st


@pytest.mark.parametrize(("preset", "code"), [("changsha", "pass_win_locked.draw"),
                                               ("guangdong", "pass_win_locked.draw_or_call")])
def test_a_passed_win_says_what_lifts_it_in_this_game(preset: str, code: str) -> None:
    st = _locked_before_a_call(preset)
    legal = st.legal_actions(1)
    assert not legal.win and legal.pong
    assert withheld_reasons(st, 1) == (code,)
    assert all(withheld_reasons(st, s) == () for s in (0, 2, 3))


def test_quzhou_pass_pong_says_until_the_next_draw() -> None:
    assert withheld_reasons(_pass_a_pong_then_pong_another(revision=3), 1) == (
        "pass_pong_locked.draw",)
    assert withheld_reasons(_pass_a_pong_then_pong_another(revision=2), 1) == ()


async def test_the_hand_text_says_why_in_three_languages() -> None:
    svc = make_service()
    tid = await seated_table(svc, people=(ANN,), hands=1, preset="changsha")
    info = svc.get(tid)
    view = PrivateView(table_id=tid, hand_no=0, step=0, seat=0, mode=Mode.WAIT, concealed=(),
                       drawn=None, melds=(), flowers=(), actions=())
    assert "🔒" not in hand_text(view, info, "en")
    locked = dataclasses.replace(view, withheld=("pass_win_locked.draw",
                                                 "pass_pong_locked.discard"))
    en = hand_text(locked, info, "en").splitlines()
    assert en[-2:] == ["🔒 过胡 (passed win): no win on a discard until your next draw.",
                       "🔒 过碰 (passed pong): no pong of that kind until your next discard."]
    assert hand_text(locked, info, "zh-CN").splitlines()[-2] == \
        "🔒 过胡：你放过了一次和牌，下次摸牌前不能和别人打出的牌。"
    assert hand_text(locked, info, "zh-TW").splitlines()[-1] == \
        "🔒 過碰：你放過了碰這種牌，自己下次出牌前不能再碰它。"
    assert locked.shown_key() != view.shown_key()  # the message is redrawn to say it
