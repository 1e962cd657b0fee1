-- 0005 on PostgreSQL: the shared request budget (see the portable file).
--
-- UNLOGGED: a grant is worth a fraction of a second, so the row needs no write-ahead log (no
-- disk flush per grant); after a server crash the table comes back empty, which is right.

CREATE UNLOGGED TABLE request_budget (
    bucket   TEXT PRIMARY KEY,
    slice    BIGINT NOT NULL,
    used     INTEGER NOT NULL,
    granted  INTEGER NOT NULL
);
