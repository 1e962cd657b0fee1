-- 0003: skill ratings (openskill's Weng-Lin model, per guild and across guilds), their
-- history, and the hands in which a person asked for a hint.
--
-- scope is the guild id for a server's rating and 0 for the rating across servers.
-- mu and sigma are the model's; "ordinal" (mu - 3 sigma, the conservative estimate shown to
-- players and sorted on) is kept in step so leaderboards walk one index.

CREATE TABLE ratings (
    scope       INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL CHECK (sigma > 0),
    ordinal     DOUBLE PRECISION NOT NULL,
    games       INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0),
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (scope, user_id)
);
CREATE INDEX ratings_by_ordinal ON ratings (scope, ordinal DESC, user_id);

-- One row per person per ranked game: the rating after it.  game_id makes an update happen
-- once: a second update of the same game changes nothing.
CREATE TABLE rating_history (
    scope       INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    game_id     TEXT    NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    ordinal     DOUBLE PRECISION NOT NULL,
    place       INTEGER NOT NULL CHECK (place BETWEEN 1 AND 4),
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (scope, user_id, game_id)
);
CREATE INDEX rating_history_by_time ON rating_history (scope, user_id, created_at);

-- A person pressed the hint button in this hand (shown in their history and replays).
CREATE TABLE hint_uses (
    game_id     TEXT    NOT NULL,
    hand_no     INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (game_id, hand_no, user_id)
);

-- Leaderboards and statistics of a period (today, this week, this month): the first
-- transaction of the period by time, then a guild's hand results from it on.
CREATE INDEX ledger_txns_by_time ON ledger_txns (created_at);
CREATE INDEX hand_results_by_guild ON hand_results (guild_id, txn_id);
