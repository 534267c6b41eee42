// The one SQLite setting ListStore needs that Swift cannot reach: sqlite3_db_config is a
// variadic C function, which Swift does not import. Only ListStore uses this module.
#ifndef CSQLITESHIM_H
#define CSQLITESHIM_H

/// Tells the connection (a `sqlite3 *`) not to checkpoint the write-ahead log when it closes,
/// so a command's exit does not copy pages into the database and sync both files. The log
/// is checkpointed when it grows past its limit, by whichever commit gets there. Returns an
/// SQLite result code.
int listomat_sqlite_no_checkpoint_on_close(void *connection);

#endif
