-- 0001: the chip ledger (double entry), statistics, guild settings and the game event store.
--
-- Portable DDL on purpose: plain types, no WITHOUT ROWID, no AUTOINCREMENT, no SQLite-only
-- functions, so the same shape can be written for PostgreSQL (INTEGER PRIMARY KEY -> BIGINT
-- GENERATED ALWAYS AS IDENTITY, INTEGER -> BIGINT).  Times are integer milliseconds since the
-- Unix epoch (UTC).  Discord ids (snowflakes) fit in a signed 64-bit integer.

-- Per-guild settings, one row per key; the value is JSON text (typed by store/settings.py).
CREATE TABLE guild_settings (
    guild_id    INTEGER NOT NULL,
    key         TEXT    NOT NULL,
    value       TEXT    NOT NULL,
    updated_at  INTEGER NOT NULL,
    updated_by  INTEGER,
    PRIMARY KEY (guild_id, key)
);

-- Seasons per guild.  No row means season 1 (started when the guild first appeared).
CREATE TABLE seasons (
    guild_id    INTEGER NOT NULL,
    season      INTEGER NOT NULL CHECK (season >= 1),
    started_at  INTEGER NOT NULL,
    started_by  INTEGER,
    PRIMARY KEY (guild_id, season)
);

-- One account per (guild, user); per guild one 'house' account (funds computer seats; the only
-- account allowed below zero) and one 'mint' account (the counterparty of every chip created or
-- destroyed: starting chips, daily claims, admin grants/removals, season resets).
CREATE TABLE accounts (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('user', 'house', 'mint')),
    user_id     INTEGER NOT NULL,
    balance     INTEGER NOT NULL DEFAULT 0,
    created_at  INTEGER NOT NULL,
    UNIQUE (guild_id, kind, user_id),
    CHECK (kind = 'user' OR user_id = 0),
    -- a player never goes below zero; house and mint may
    CHECK (kind <> 'user' OR balance >= 0)
);
CREATE INDEX accounts_by_balance ON accounts (guild_id, kind, balance DESC, user_id);

-- One ledger transaction per movement.  idem_key makes a movement happen at most once:
-- 'hand:<game>:<hand>', 'kong:<game>:<hand>:<n>', 'daily:<guild>:<user>:<YYYY-MM-DD>',
-- 'start:<guild>:<user>', 'season:<guild>:<n>', or a caller's key for admin commands.
CREATE TABLE ledger_txns (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN (
                    'hand_settlement', 'kong_payment', 'daily_claim', 'starting_chips',
                    'admin_grant', 'admin_removal', 'season_reset')),
    idem_key    TEXT    UNIQUE,
    game_id     TEXT,
    hand_no     INTEGER,
    actor_id    INTEGER,
    reason      TEXT,
    season      INTEGER NOT NULL,
    created_at  INTEGER NOT NULL,
    CHECK (kind NOT IN ('hand_settlement', 'kong_payment')
           OR (game_id IS NOT NULL AND hand_no IS NOT NULL)),
    CHECK (kind NOT IN ('admin_grant', 'admin_removal')
           OR (actor_id IS NOT NULL AND reason IS NOT NULL AND reason <> ''))
);
CREATE INDEX ledger_txns_by_game ON ledger_txns (game_id, hand_no);

-- The entries of a transaction sum to zero (checked on write by store/ledger.py and by
-- Store.verify_books()).  amount is what moved (+ received, - paid); owed is what was due.
-- A payer who cannot cover pays what they have: |amount| <= |owed|, same sign.
CREATE TABLE ledger_entries (
    txn_id      INTEGER NOT NULL REFERENCES ledger_txns (id),
    line        INTEGER NOT NULL CHECK (line >= 0),
    account_id  INTEGER NOT NULL REFERENCES accounts (id),
    amount      INTEGER NOT NULL,
    owed        INTEGER NOT NULL,
    memo        TEXT    NOT NULL DEFAULT '',
    seat        INTEGER,
    PRIMARY KEY (txn_id, line),
    CHECK ((owed >= 0 AND amount >= 0 AND amount <= owed)
        OR (owed <= 0 AND amount <= 0 AND amount >= owed))
);
CREATE INDEX ledger_entries_by_account ON ledger_entries (account_id, txn_id);

-- Closing balances of a finished season (written by the season reset).
CREATE TABLE season_standings (
    guild_id    INTEGER NOT NULL,
    season      INTEGER NOT NULL,
    account_id  INTEGER NOT NULL REFERENCES accounts (id),
    user_id     INTEGER NOT NULL,
    balance     INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season, account_id)
);
CREATE INDEX season_standings_by_balance ON season_standings (guild_id, season, balance DESC, user_id);

-- One row per seat per settled hand (user seats only); written with the hand's settlement.
CREATE TABLE hand_results (
    game_id     TEXT    NOT NULL,
    hand_no     INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    txn_id      INTEGER NOT NULL REFERENCES ledger_txns (id),
    account_id  INTEGER NOT NULL REFERENCES accounts (id),
    guild_id    INTEGER NOT NULL,
    season      INTEGER NOT NULL,
    won         INTEGER NOT NULL CHECK (won IN (0, 1)),
    self_draw   INTEGER NOT NULL CHECK (self_draw IN (0, 1)),
    dealt_in    INTEGER NOT NULL CHECK (dealt_in IN (0, 1)),
    points      INTEGER NOT NULL CHECK (points >= 0),
    pattern     TEXT,
    net         INTEGER NOT NULL,
    PRIMARY KEY (game_id, hand_no, seat)
);
CREATE INDEX hand_results_by_account ON hand_results (account_id, game_id, hand_no);

-- Which accounts played in which game (to count games per player).
CREATE TABLE game_players (
    game_id     TEXT    NOT NULL,
    account_id  INTEGER NOT NULL REFERENCES accounts (id),
    PRIMARY KEY (game_id, account_id)
);

-- Running statistics per player and season (season 0 = all time), kept in the settlement's
-- transaction so every leaderboard is a top-N walk of one index.
CREATE TABLE player_stats (
    account_id   INTEGER NOT NULL REFERENCES accounts (id),
    season       INTEGER NOT NULL CHECK (season >= 0),
    guild_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    games        INTEGER NOT NULL DEFAULT 0,
    hands        INTEGER NOT NULL DEFAULT 0,
    wins         INTEGER NOT NULL DEFAULT 0,
    self_draws   INTEGER NOT NULL DEFAULT 0,
    deal_ins     INTEGER NOT NULL DEFAULT 0,
    net          INTEGER NOT NULL DEFAULT 0,
    -- wins * 1000000 / hands, kept in step so it can be indexed
    win_rate     INTEGER NOT NULL DEFAULT 0,
    best_points  INTEGER NOT NULL DEFAULT 0,
    best_pattern TEXT,
    PRIMARY KEY (account_id, season),
    CHECK (wins <= hands AND self_draws <= wins AND deal_ins <= hands)
);
CREATE INDEX player_stats_by_net ON player_stats (guild_id, season, net DESC, user_id);
CREATE INDEX player_stats_by_win_rate ON player_stats (guild_id, season, win_rate DESC, user_id);
CREATE INDEX player_stats_by_best ON player_stats (guild_id, season, best_points DESC, user_id);

-- The game store: one row per table, every event appended with a per-table sequence number.
CREATE TABLE game_tables (
    id          TEXT    PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    preset      TEXT    NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',
    seats       TEXT    NOT NULL DEFAULT '[]',
    status      TEXT    NOT NULL CHECK (status IN ('waiting', 'playing', 'finished', 'abandoned')),
    result      TEXT,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    finished_at INTEGER
);
CREATE INDEX game_tables_by_status ON game_tables (status, created_at);

CREATE TABLE game_events (
    table_id    TEXT    NOT NULL REFERENCES game_tables (id),
    seq         INTEGER NOT NULL CHECK (seq >= 0),
    payload     TEXT    NOT NULL,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (table_id, seq)
);
