-- 0002: the per-account entry index also carries amount and owed, so balance checks
-- (verify_books) and history pages read the index alone instead of 1,000,000 table rows.
DROP INDEX ledger_entries_by_account;
CREATE INDEX ledger_entries_by_account ON ledger_entries (account_id, txn_id, amount, owed);
