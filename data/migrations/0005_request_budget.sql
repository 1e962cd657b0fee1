-- 0005: the bot token's request budget, shared by the processes of a sharded bot.
--
-- Discord limits a bot token to about 50 REST requests per second in all, whichever process
-- makes them. Processes that each run some of the shards take their requests from one row
-- per token here: time is cut into short slices, and a process may start a request only with
-- a start granted from the current slice, so all of them together stay within the rate (see
-- discord_io/pacing.py). One process alone (SQLite) never reads this table.

CREATE TABLE request_budget (
    bucket   TEXT PRIMARY KEY,
    slice    INTEGER NOT NULL,
    used     INTEGER NOT NULL,
    granted  INTEGER NOT NULL
);
