-- 0004: clicks waiting for the process that runs their table.
--
-- With the bot running as several processes (shards), Discord delivers every click made in a
-- direct message to shard 0's process. When the table is another process's, the receiving
-- process acknowledges the click and leaves it here; the owner (told by NOTIFY on
-- PostgreSQL) claims it by deleting the row and answers through the click's token. A row is
-- taken exactly once: by its owner, or back by the process that left it when nobody came.

CREATE TABLE forwarded_clicks (
    id          INTEGER PRIMARY KEY,
    table_id    TEXT NOT NULL,
    payload     TEXT NOT NULL,
    created_at  INTEGER NOT NULL
);
CREATE INDEX forwarded_clicks_by_table ON forwarded_clicks (table_id);
