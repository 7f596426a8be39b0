// The C boundary to libpq, PostgreSQL's client library (Debian: libpq-dev; Homebrew: libpq).
// Debian installs the header under postgresql/; other systems put it on the include path.
#if __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#else
#include <postgresql/libpq-fe.h>
#endif
