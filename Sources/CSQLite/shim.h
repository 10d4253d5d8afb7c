#include <sqlite3.h>

/// sqlite3_db_config is variadic, which Swift cannot call: a connection that may not write
/// (defensive) nor run functions or virtual tables from the database's own schema.
static inline void bookgen_sqlite3_distrust(sqlite3 *db) {
  sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
  sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)0);
}
