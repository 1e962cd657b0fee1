-- 0006: where each person's hand lives, per table: their living DM message.
--
-- The bot shows a seated person their hand in one DM message per table and edits it from
-- then on. A process that is restarted (a kill -9, an upgrade) has lost its handles on those
-- messages; with this row it edits the DM it sent before, instead of opening the person's DM
-- channel again (POST /users/@me/channels) and sending a new one: two requests on the bot
-- token's global budget per person and table. One row per person and table, written when a
-- new DM is sent (not per edit), read when the table is resumed, deleted when it ends.

CREATE TABLE hand_messages (
    table_id    TEXT    NOT NULL REFERENCES game_tables (id),
    user_id     INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
