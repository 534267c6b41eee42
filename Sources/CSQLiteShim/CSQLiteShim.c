#include "CSQLiteShim.h"
#include <sqlite3.h>

int listomat_sqlite_no_checkpoint_on_close(void *connection) {
    return sqlite3_db_config((sqlite3 *)connection, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

/* In place of SQLite's own: opens no folder, so `unixSync` syncs none (it takes SQLITE_CANTOPEN
   as "cannot sync folders here" and goes on). */
static int listomat_no_folder(const char *path, int *fd) {
    (void)path;
    *fd = -1;
    return SQLITE_CANTOPEN;
}

int listomat_sqlite_skip_folder_syncs(void) {
    sqlite3_vfs *vfs = sqlite3_vfs_find(0);
    if (!vfs || vfs->iVersion < 3 || !vfs->xSetSystemCall) return SQLITE_ERROR;
    return vfs->xSetSystemCall(vfs, "openDirectory", (sqlite3_syscall_ptr)listomat_no_folder);
}

int listomat_insert_item(void *statement, const char *id, int idLength, const char *list, int listLength,
                         const char *name, int nameLength, int done, double position, long long created,
                         long long modified, const char *key, int keyLength) {
    sqlite3_stmt *s = (sqlite3_stmt *)statement;
    // An empty text may come without an address: still a text, not NULL.
    if (!id) id = "";
    if (!list) list = "";
    if (!name) name = "";
    if (!key) key = "";
    // GRDB leaves a statement it ran as it was: reset it before binding.
    sqlite3_reset(s);
    int rc = SQLITE_OK;
    if (rc == SQLITE_OK) rc = sqlite3_bind_text(s, 1, id, idLength, SQLITE_STATIC);
    if (rc == SQLITE_OK) rc = sqlite3_bind_text(s, 2, list, listLength, SQLITE_STATIC);
    if (rc == SQLITE_OK) rc = sqlite3_bind_text(s, 3, name, nameLength, SQLITE_STATIC);
    if (rc == SQLITE_OK) rc = sqlite3_bind_int(s, 4, done);
    if (rc == SQLITE_OK) rc = sqlite3_bind_double(s, 5, position);
    if (rc == SQLITE_OK) rc = sqlite3_bind_int64(s, 6, created);
    if (rc == SQLITE_OK) rc = sqlite3_bind_int64(s, 7, modified);
    if (rc == SQLITE_OK) rc = sqlite3_bind_text(s, 8, key, keyLength, SQLITE_STATIC);
    if (rc == SQLITE_OK) rc = sqlite3_step(s);
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    return rc;
}
