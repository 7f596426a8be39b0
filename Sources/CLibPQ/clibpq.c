// See include/clibpq.h: libpq loaded on first use, through dlopen.
#include "clibpq.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Every libpq function planner calls, looked up once.
static struct {
  PGconn *(*connectdb)(const char *);
  ConnStatusType (*status)(const PGconn *);
  char *(*error_message)(const PGconn *);
  void (*finish)(PGconn *);
  PQnoticeProcessor (*set_notice_processor)(PGconn *, PQnoticeProcessor, void *);
  PGresult *(*exec)(PGconn *, const char *);
  PGresult *(*exec_params)(PGconn *, const char *, int, const Oid *, const char *const *, const int *,
                           const int *, int);
  PGresult *(*get_result)(PGconn *);
  int (*put_copy_data)(PGconn *, const char *, int);
  int (*put_copy_end)(PGconn *, const char *);
  ExecStatusType (*result_status)(const PGresult *);
  char *(*result_error_message)(const PGresult *);
  char *(*result_error_field)(const PGresult *, int);
  void (*clear)(PGresult *);
  int (*nfields)(const PGresult *);
  int (*ntuples)(const PGresult *);
  char *(*fname)(const PGresult *, int);
  int (*getisnull)(const PGresult *, int, int);
  char *(*getvalue)(const PGresult *, int, int);
  int (*socket)(const PGconn *);
  int (*consume_input)(PGconn *);
  PGnotify *(*notifies)(PGconn *);
  void (*freemem)(void *);
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char failure[512];

// Where libpq is looked for, in order: the loader's own search (LD_LIBRARY_PATH,
// the system's directories), then Homebrew's keg-only prefixes on macOS.
static const char *const candidates[] = {
#if defined(__APPLE__)
    "libpq.5.dylib",
    "/opt/homebrew/opt/libpq/lib/libpq.5.dylib",
    "/usr/local/opt/libpq/lib/libpq.5.dylib",
    "libpq.dylib",
#else
    "libpq.so.5",
    "libpq.so",
#endif
};

static void *symbol(void *library, const char *name, int *missing) {
  void *address = dlsym(library, name);
  if (address == NULL && *missing == 0) {
    *missing = 1;
    snprintf(failure, sizeof failure, "libpq has no function %s", name);
  }
  return address;
}

static void load(void) {
  void *library = NULL;
  const char *chosen = getenv("PLANNER_LIBPQ");
  if (chosen != NULL && chosen[0] != '\0') {
    library = dlopen(chosen, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
      const char *why = dlerror();
      snprintf(failure, sizeof failure, "PLANNER_LIBPQ=%s could not be loaded: %s", chosen,
               why ? why : "unknown reason");
      return;
    }
  } else {
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0] && library == NULL; i++) {
      library = dlopen(candidates[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
      const char *why = dlerror();
      snprintf(failure, sizeof failure,
               "libpq, PostgreSQL's client library, could not be loaded (%s); install it "
               "(Debian: libpq5; Homebrew: libpq) or name the file in PLANNER_LIBPQ",
               why ? why : "not found");
      return;
    }
  }
  int missing = 0;
  api.connectdb = symbol(library, "PQconnectdb", &missing);
  api.status = symbol(library, "PQstatus", &missing);
  api.error_message = symbol(library, "PQerrorMessage", &missing);
  api.finish = symbol(library, "PQfinish", &missing);
  api.set_notice_processor = symbol(library, "PQsetNoticeProcessor", &missing);
  api.exec = symbol(library, "PQexec", &missing);
  api.exec_params = symbol(library, "PQexecParams", &missing);
  api.get_result = symbol(library, "PQgetResult", &missing);
  api.put_copy_data = symbol(library, "PQputCopyData", &missing);
  api.put_copy_end = symbol(library, "PQputCopyEnd", &missing);
  api.result_status = symbol(library, "PQresultStatus", &missing);
  api.result_error_message = symbol(library, "PQresultErrorMessage", &missing);
  api.result_error_field = symbol(library, "PQresultErrorField", &missing);
  api.clear = symbol(library, "PQclear", &missing);
  api.nfields = symbol(library, "PQnfields", &missing);
  api.ntuples = symbol(library, "PQntuples", &missing);
  api.fname = symbol(library, "PQfname", &missing);
  api.getisnull = symbol(library, "PQgetisnull", &missing);
  api.getvalue = symbol(library, "PQgetvalue", &missing);
  api.socket = symbol(library, "PQsocket", &missing);
  api.consume_input = symbol(library, "PQconsumeInput", &missing);
  api.notifies = symbol(library, "PQnotifies", &missing);
  api.freemem = symbol(library, "PQfreemem", &missing);
  if (missing) {
    dlclose(library);
    return;
  }
  // The library stays loaded until the process ends: connections may outlive any caller.
  loaded = 1;
}

int cpq_load(char *reason, size_t size) {
  pthread_once(&once, load);
  if (!loaded && reason != NULL && size > 0) {
    snprintf(reason, size, "%s", failure);
  }
  return loaded;
}

static void ignore_notice(void *argument, const char *message) {
  (void)argument;
  (void)message;
}

PGconn *cpq_connectdb(const char *conninfo) { return api.connectdb(conninfo); }
ConnStatusType cpq_status(const PGconn *conn) { return api.status(conn); }
char *cpq_error_message(const PGconn *conn) { return api.error_message(conn); }
void cpq_finish(PGconn *conn) { api.finish(conn); }
void cpq_set_quiet_notices(PGconn *conn) { api.set_notice_processor(conn, ignore_notice, NULL); }
PGresult *cpq_exec(PGconn *conn, const char *query) { return api.exec(conn, query); }
PGresult *cpq_exec_params(PGconn *conn, const char *command, int count, const char *const *values) {
  return api.exec_params(conn, command, count, NULL, values, NULL, NULL, 0);
}
PGresult *cpq_get_result(PGconn *conn) { return api.get_result(conn); }
int cpq_put_copy_data(PGconn *conn, const char *buffer, int count) {
  return api.put_copy_data(conn, buffer, count);
}
int cpq_put_copy_end(PGconn *conn) { return api.put_copy_end(conn, NULL); }
ExecStatusType cpq_result_status(const PGresult *result) { return api.result_status(result); }
char *cpq_result_error_message(const PGresult *result) { return api.result_error_message(result); }
char *cpq_result_error_field(const PGresult *result, int field) {
  return api.result_error_field(result, field);
}
void cpq_clear(PGresult *result) { api.clear(result); }
int cpq_nfields(const PGresult *result) { return api.nfields(result); }
int cpq_ntuples(const PGresult *result) { return api.ntuples(result); }
char *cpq_fname(const PGresult *result, int column) { return api.fname(result, column); }
int cpq_getisnull(const PGresult *result, int row, int column) {
  return api.getisnull(result, row, column);
}
char *cpq_getvalue(const PGresult *result, int row, int column) {
  return api.getvalue(result, row, column);
}
int cpq_socket(const PGconn *conn) { return api.socket(conn); }
int cpq_consume_input(PGconn *conn) { return api.consume_input(conn); }
PGnotify *cpq_notifies(PGconn *conn) { return api.notifies(conn); }
void cpq_freemem(void *pointer) { api.freemem(pointer); }
