-- 0007 on PostgreSQL: forwarded clicks without the write-ahead log (see the portable file).
--
-- After a server crash an UNLOGGED table comes back empty, which is right: the clicks it held
-- were answered "restarting" or timed out on Discord's side long before the server is back.

ALTER TABLE forwarded_clicks SET UNLOGGED;
