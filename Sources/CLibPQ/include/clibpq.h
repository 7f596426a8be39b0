// The C boundary to libpq, PostgreSQL's client library (Debian: libpq-dev;
// Homebrew: libpq), loaded when a connection is first made rather than when
// the program starts: only the database commands need it, and linking it
// would load it and the thirty libraries it depends on (Kerberos, LDAP, TLS)
// at every start of the command line (docs/performance.md, "Starting").
//
// libpq's header gives the types; the functions are reached through
// cpq_load() and the cpq_ wrappers below, one per libpq function used.
#ifndef CLIBPQ_H
#define CLIBPQ_H

#include <stddef.h>

#if __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#else
#include <postgresql/libpq-fe.h>
#endif

// Loads libpq once per process (later calls return the first answer).
// Returns 1 when every function below is available; otherwise 0, with the
// reason written into `reason` (at most `size` bytes, NUL-terminated).
// PLANNER_LIBPQ names the library file to load instead of the usual places.
int cpq_load(char *reason, size_t size);

// libpq's functions, callable only after cpq_load() returned 1.
PGconn *cpq_connectdb(const char *conninfo);
ConnStatusType cpq_status(const PGconn *conn);
char *cpq_error_message(const PGconn *conn);
void cpq_finish(PGconn *conn);
void cpq_set_quiet_notices(PGconn *conn);
PGresult *cpq_exec(PGconn *conn, const char *query);
PGresult *cpq_exec_params(PGconn *conn, const char *command, int count, const char *const *values);
PGresult *cpq_get_result(PGconn *conn);
int cpq_put_copy_data(PGconn *conn, const char *buffer, int count);
int cpq_put_copy_end(PGconn *conn);
ExecStatusType cpq_result_status(const PGresult *result);
char *cpq_result_error_message(const PGresult *result);
char *cpq_result_error_field(const PGresult *result, int field);
void cpq_clear(PGresult *result);
int cpq_nfields(const PGresult *result);
int cpq_ntuples(const PGresult *result);
char *cpq_fname(const PGresult *result, int column);
int cpq_getisnull(const PGresult *result, int row, int column);
char *cpq_getvalue(const PGresult *result, int row, int column);
// LISTEN/NOTIFY: the connection's socket, reading what the server sent, and the
// notifications received so far (each freed with cpq_freemem).
int cpq_socket(const PGconn *conn);
int cpq_consume_input(PGconn *conn);
PGnotify *cpq_notifies(PGconn *conn);
void cpq_freemem(void *pointer);

#endif
