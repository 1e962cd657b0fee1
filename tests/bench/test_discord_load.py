"""The load bench's own arithmetic: how long tables were open."""

from bench.discord_load import open_tables


def test_open_time_is_summed_over_tables_not_over_the_run() -> None:
    # table A open 0–10 s, table B 5–25 s (opened late, as the stagger does)
    live = [(0.0, 1), (10.0, -1), (5.0, 1), (25.0, -1)]
    peak, seconds = open_tables(live)
    assert peak == 2
    assert seconds == 30.0  # 10 + 20, not 2 tables × the run's 25 s


def test_no_table_opened() -> None:
    assert open_tables([]) == (0, 0.0)
