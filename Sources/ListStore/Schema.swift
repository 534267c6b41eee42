import GRDB

/// The database schema, as a list of migrations. Never edit a shipped migration: add one.
enum Schema {
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
        return migrator
    }
}
