import GRDB

/// The database schema, as a list of migrations. Never edit a shipped migration: add one.
enum Schema {
    /// Written in the header of every database ListOMat made (`PRAGMA application_id`): "LiMt".
    static let applicationID: Int32 = 0x4C69_4D74
    /// The number of migrations, written in the header (`PRAGMA user_version`) once they have
    /// all run. Opening a store compares two header fields instead of reading the migrations
    /// table. Add one with every migration (a test checks).
    static let version = 6

    enum Stamp: Equatable {
        /// ListOMat's, with every migration this version knows.
        case current
        /// Not stamped (made before stamps, or not ours), or stamped by an older version:
        /// check it the long way.
        case unknown
    }

    /// What the header says of the database. Throws when a newer ListOMat stamped it.
    static func stamp(_ db: Database, path: String) throws -> Stamp {
        let row = try Row.fetchOne(db, sql: "SELECT * FROM pragma_application_id, pragma_user_version")
        let (application, version): (Int32, Int) = (row?[0] ?? 0, row?[1] ?? 0)
        guard application == applicationID else { return .unknown }
        if version > Self.version {
            throw StoreError.storage(.newer(path))
        }
        return version == Self.version ? .current : .unknown
    }

    /// Stamps a database whose migrations have all run.
    static func writeStamp(_ db: Database) throws {
        try db.execute(sql: "PRAGMA application_id = \(applicationID)")
        try db.execute(sql: "PRAGMA user_version = \(version)")
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE lists (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    name_key TEXT NOT NULL UNIQUE,
                    position REAL NOT NULL,
                    created INTEGER NOT NULL,
                    modified INTEGER NOT NULL
                );
                CREATE TABLE items (
                    id TEXT PRIMARY KEY NOT NULL,
                    list_id TEXT NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    name_key TEXT NOT NULL,
                    done INTEGER NOT NULL DEFAULT 0,
                    position REAL NOT NULL,
                    created INTEGER NOT NULL,
                    modified INTEGER NOT NULL
                );
                CREATE INDEX items_by_position ON items(list_id, position);
                CREATE INDEX items_by_name ON items(list_id, name_key);
                -- The undo log: one group per user command, one op per changed row,
                -- holding the row before and after as JSON (NULL: the row did not exist).
                CREATE TABLE undo_groups (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    summary TEXT NOT NULL,
                    created INTEGER NOT NULL,
                    undone INTEGER NOT NULL DEFAULT 0
                );
                CREATE TABLE undo_ops (
                    group_id INTEGER NOT NULL REFERENCES undo_groups(id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL,
                    entity TEXT NOT NULL,
                    before TEXT,
                    after TEXT,
                    PRIMARY KEY (group_id, seq)
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v2") { db in
            try db.execute(sql: """
                -- Each list's item and checked-item counts, kept by the triggers below so that
                -- reading the lists never scans items. A table of its own, not columns of
                -- lists: the undo log restores list rows from their JSON, which must never
                -- carry (and so clobber) counts.
                CREATE TABLE list_counts (
                    list_id TEXT PRIMARY KEY NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
                    items INTEGER NOT NULL,
                    done INTEGER NOT NULL
                ) WITHOUT ROWID;
                INSERT INTO list_counts (list_id, items, done)
                    SELECT l.id, count(i.id), coalesce(sum(i.done), 0)
                    FROM lists l LEFT JOIN items i ON i.list_id = l.id GROUP BY l.id;
                -- Counted from items, not 0: exact even if a row is restored in another order.
                CREATE TRIGGER list_counts_on_list_insert AFTER INSERT ON lists BEGIN
                    INSERT OR REPLACE INTO list_counts (list_id, items, done)
                        SELECT new.id, count(*), coalesce(sum(done), 0) FROM items WHERE list_id = new.id;
                END;
                CREATE TRIGGER list_counts_on_item_insert AFTER INSERT ON items BEGIN
                    UPDATE list_counts SET items = items + 1, done = done + new.done WHERE list_id = new.list_id;
                END;
                -- Also fires for the items a list delete cascades to (and, as the store turns
                -- recursive_triggers on, for rows an INSERT OR REPLACE deletes).
                CREATE TRIGGER list_counts_on_item_delete AFTER DELETE ON items BEGIN
                    UPDATE list_counts SET items = items - 1, done = done - old.done WHERE list_id = old.list_id;
                END;
                -- The store's upsert sets every column, so these fire on any item update: the
                -- WHEN clauses keep a rename or a move to a single-row check.
                CREATE TRIGGER list_counts_on_item_done AFTER UPDATE OF done ON items
                WHEN old.list_id = new.list_id AND old.done IS NOT new.done BEGIN
                    UPDATE list_counts SET done = done - old.done + new.done WHERE list_id = new.list_id;
                END;
                CREATE TRIGGER list_counts_on_item_move AFTER UPDATE OF list_id ON items
                WHEN old.list_id IS NOT new.list_id BEGIN
                    UPDATE list_counts SET items = items - 1, done = done - old.done WHERE list_id = old.list_id;
                    UPDATE list_counts SET items = items + 1, done = done + new.done WHERE list_id = new.list_id;
                END;

                -- Donations: what a person asked for, for suggestions. Not in the undo log.
                -- Times are whole milliseconds, like every time in the store.
                CREATE TABLE donations (
                    id TEXT PRIMARY KEY NOT NULL,
                    intent TEXT NOT NULL,
                    parameters TEXT NOT NULL,
                    group_id TEXT,
                    source TEXT NOT NULL,
                    created INTEGER NOT NULL
                );
                CREATE INDEX donations_by_group ON donations(group_id);
                -- Newest first and pruning walk this (the index carries the rowid tie-break).
                CREATE INDEX donations_by_date ON donations(created);
                -- The lists and items a donation names; `position` keeps the order given.
                CREATE TABLE donation_refs (
                    donation_id TEXT NOT NULL REFERENCES donations(id) ON DELETE CASCADE,
                    ref TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    PRIMARY KEY (ref, donation_id)
                ) WITHOUT ROWID;
                -- For the cascade from donations (else each deleted donation scans every ref)
                -- and for reading a donation's refs in order.
                CREATE INDEX donation_refs_by_donation ON donation_refs(donation_id, position);
                -- Nothing about a deleted list or item may remain, whatever deleted it: a
                -- command, undo or redo, an import, the cascade from a list to its items.
                CREATE TRIGGER donations_forget_list AFTER DELETE ON lists BEGIN
                    DELETE FROM donations WHERE group_id = old.id;
                    DELETE FROM donations WHERE id IN (SELECT donation_id FROM donation_refs WHERE ref = old.id);
                END;
                CREATE TRIGGER donations_forget_item AFTER DELETE ON items BEGIN
                    DELETE FROM donations WHERE id IN (SELECT donation_id FROM donation_refs WHERE ref = old.id);
                END;

                -- Personal phrases: the person's own, so not in the undo log and not deleted
                -- with the lists they name (the assistant resolves them again when used).
                CREATE TABLE phrases (
                    id TEXT PRIMARY KEY NOT NULL,
                    phrase TEXT NOT NULL,
                    key TEXT NOT NULL UNIQUE,
                    intent TEXT NOT NULL,
                    parameters TEXT NOT NULL,
                    created INTEGER NOT NULL
                );
                """)
        }
        migrator.registerMigration("v3") { db in
            try db.execute(sql: """
                -- CalDAV sync (see CalDAVSync): what each side looked like at the last sync, so a
                -- change on either side is found by comparing with it and merged field by field.
                -- Not in the undo log. No foreign keys to lists and items: a row outlives its
                -- list or item, which is how a deletion made here reaches the server.
                CREATE TABLE sync_lists (
                    list_id TEXT PRIMARY KEY NOT NULL,
                    href TEXT NOT NULL UNIQUE,
                    base_name TEXT NOT NULL,
                    remote_name TEXT NOT NULL,
                    ctag TEXT,
                    sync_token TEXT,
                    synced INTEGER NOT NULL
                ) WITHOUT ROWID;
                -- base_name is the list's name here at the last sync, remote_name the collection's
                -- (they differ when a name had to be made unique or readable here).
                -- One row per synced item: its VTODO as last synced (kept whole, so properties
                -- ListOMat does not understand are written back untouched: the server's side of
                -- the last sync) and its name, done and position here then (this side's).
                CREATE TABLE sync_items (
                    list_id TEXT NOT NULL,
                    uid TEXT NOT NULL,
                    item_id TEXT NOT NULL,
                    href TEXT NOT NULL,
                    etag TEXT,
                    base_name TEXT NOT NULL,
                    base_done INTEGER NOT NULL,
                    base_position REAL NOT NULL,
                    ics TEXT NOT NULL,
                    PRIMARY KEY (list_id, uid)
                ) WITHOUT ROWID;
                CREATE INDEX sync_items_by_item ON sync_items(item_id);
                -- What a sync decided when both sides changed the same thing: the value kept
                -- and the one that lost, so nothing is lost silently.
                CREATE TABLE sync_conflicts (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    created INTEGER NOT NULL,
                    list TEXT NOT NULL,
                    item TEXT NOT NULL,
                    field TEXT NOT NULL,
                    kept TEXT NOT NULL,
                    lost TEXT NOT NULL,
                    lost_side TEXT NOT NULL
                );
                -- The account the state belongs to, the last sync's time and outcome.
                CREATE TABLE sync_meta (
                    key TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v4") { db in
            // The lists in order without sorting them at every read (a thousand lists took a
            // third of a millisecond to sort, at every `listomat ask`).
            try db.execute(sql: "CREATE INDEX lists_by_position ON lists(position)")
        }
        migrator.registerMigration("v5") { db in
            // An item's sync state by the to-do's address, with its UID as data: two to-dos
            // sharing a UID (buggy clients make them) are two objects, never one.
            try db.execute(sql: """
                CREATE TABLE sync_items_by_href (
                    list_id TEXT NOT NULL,
                    uid TEXT NOT NULL,
                    item_id TEXT NOT NULL,
                    href TEXT NOT NULL,
                    etag TEXT,
                    base_name TEXT NOT NULL,
                    base_done INTEGER NOT NULL,
                    base_position REAL NOT NULL,
                    ics TEXT NOT NULL,
                    PRIMARY KEY (list_id, href)
                ) WITHOUT ROWID;
                INSERT OR REPLACE INTO sync_items_by_href SELECT * FROM sync_items;
                DROP TABLE sync_items;
                ALTER TABLE sync_items_by_href RENAME TO sync_items;
                CREATE INDEX sync_items_by_item ON sync_items(item_id);
                """)
        }
        migrator.registerMigration("v6") { db in
            // Items by name alone: whether any list holds an item of a name (the assistant asks
            // it for several runs of words of a request) without a look into every list.
            try db.execute(sql: "CREATE INDEX items_by_name_key ON items(name_key)")
        }
        return migrator
    }
}
