// What ListStore needs of SQLite below GRDB: settings Swift cannot reach (sqlite3_db_config
// is a variadic C function, which Swift does not import; a VFS system call), and the import's
// bulk insert. Only ListStore uses this module.
#ifndef CSQLITESHIM_H
#define CSQLITESHIM_H

/// Tells the connection (a `sqlite3 *`) not to checkpoint the write-ahead log when it closes,
/// so a command's exit does not copy pages into the database and sync both files: ListStore
/// decides when the log is checkpointed (see ListStore+Log.swift). Returns an SQLite result code.
int listomat_sqlite_no_checkpoint_on_close(void *connection);

/// Stops SQLite (the default VFS, for the whole process) from syncing the folder of a file it
/// syncs for the first time (it does so for every process's write-ahead log, as if it had
/// just made it: one fsync more per command). For a process that syncs the folder itself when
/// it matters (see `ListStore.settleEachChange`). Returns an SQLite result code.
int listomat_sqlite_skip_folder_syncs(void);

/// Runs a prepared `INSERT INTO items (id, list_id, name, done, position, created, modified,
/// name_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?)` (a `sqlite3_stmt *`) for one item: resets it,
/// binds the values, steps, then resets it and clears its bindings. The texts are UTF-8 with
/// their lengths in bytes (NULL for an empty one), used only during the call. Returns an SQLite
/// result code: SQLITE_DONE when the row went in. One call per row instead of GRDB's argument
/// arrays: an import of 100,000 items notices.
int listomat_insert_item(void *statement, const char *id, int idLength, const char *list, int listLength,
                         const char *name, int nameLength, int done, double position, long long created,
                         long long modified, const char *key, int keyLength);

#endif
