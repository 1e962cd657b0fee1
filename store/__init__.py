"""The store: the chip ledger, the game event store and guild settings, on SQLite (aiosqlite,
the default) or PostgreSQL (asyncpg, when ``MAHJONG_DATABASE_URL`` is set).

Public API (see docs/store.md):

    from store import Store, StoreSettings, AccountRef, PaymentIn, HandStats, HandSettlement
    store = await Store.open(settings=StoreSettings.from_env())
"""

from store.errors import (
    AlreadyClaimed,
    BalanceLimit,
    BooksOutOfBalance,
    ConstraintViolation,
    CorruptRow,
    DatabaseBusy,
    DuplicateEvent,
    InsufficientChips,
    InvalidInput,
    MigrationError,
    SequenceGap,
    SettingError,
    StorageFailure,
    StorageFull,
    StoreError,
    UnknownTable,
)
from store.models import (
    AccountRef,
    ClaimResult,
    HandSettlement,
    HandStats,
    HistoryItem,
    LeaderRow,
    PaymentIn,
    PaymentOut,
    SettleResult,
    TableRecord,
    UserStats,
)
from store.settings import GUILD_SETTING_NAMES, GuildSettings, StoreSettings
from store.store import Store

__all__ = [
    "GUILD_SETTING_NAMES",
    "AccountRef",
    "AlreadyClaimed",
    "BalanceLimit",
    "BooksOutOfBalance",
    "ClaimResult",
    "ConstraintViolation",
    "CorruptRow",
    "DatabaseBusy",
    "DuplicateEvent",
    "GuildSettings",
    "HandSettlement",
    "HandStats",
    "HistoryItem",
    "InsufficientChips",
    "InvalidInput",
    "LeaderRow",
    "MigrationError",
    "PaymentIn",
    "PaymentOut",
    "SequenceGap",
    "SettingError",
    "SettleResult",
    "StorageFailure",
    "StorageFull",
    "Store",
    "StoreError",
    "StoreSettings",
    "TableRecord",
    "UnknownTable",
    "UserStats",
]
