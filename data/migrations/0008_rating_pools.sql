-- 0008: a rating pool per seat count.
--
-- Ratings compare players of tables of one size only (a third place of three is not a third
-- place of four), so a rating is kept per (scope, seats, person): ``seats`` is the table's
-- seat count, 2 to 7 (Sichuan plays 2, 3, 5, 6 and 7 seats besides 4). Every rating kept
-- before this migration came from a four-seat table: it stays, unchanged, in the four-seat
-- pool. A place in a game of seven seats can be 7.
--
-- The tables are rebuilt (SQLite can change neither a primary key nor a CHECK in place); the
-- same statements run on PostgreSQL.

CREATE TABLE ratings_by_seats (
    scope       INTEGER NOT NULL,
    seats       INTEGER NOT NULL DEFAULT 4 CHECK (seats BETWEEN 2 AND 7),
    user_id     INTEGER NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL CHECK (sigma > 0),
    ordinal     DOUBLE PRECISION NOT NULL,
    games       INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0),
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (scope, seats, user_id)
);
INSERT INTO ratings_by_seats (scope, seats, user_id, mu, sigma, ordinal, games, updated_at)
    SELECT scope, 4, user_id, mu, sigma, ordinal, games, updated_at FROM ratings;
DROP TABLE ratings;
ALTER TABLE ratings_by_seats RENAME TO ratings;
CREATE INDEX ratings_by_ordinal ON ratings (scope, seats, ordinal DESC, user_id);

CREATE TABLE rating_history_by_seats (
    scope       INTEGER NOT NULL,
    seats       INTEGER NOT NULL DEFAULT 4 CHECK (seats BETWEEN 2 AND 7),
    user_id     INTEGER NOT NULL,
    game_id     TEXT    NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    ordinal     DOUBLE PRECISION NOT NULL,
    place       INTEGER NOT NULL,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (scope, user_id, game_id),
    CHECK (place BETWEEN 1 AND seats)
);
INSERT INTO rating_history_by_seats (scope, seats, user_id, game_id, mu, sigma, ordinal,
                                     place, created_at)
    SELECT scope, 4, user_id, game_id, mu, sigma, ordinal, place, created_at
    FROM rating_history;
DROP TABLE rating_history;
ALTER TABLE rating_history_by_seats RENAME TO rating_history;
CREATE INDEX rating_history_by_time ON rating_history (scope, seats, user_id, created_at);
CREATE INDEX rating_history_by_game ON rating_history (game_id);
