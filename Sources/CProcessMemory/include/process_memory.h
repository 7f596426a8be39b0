#ifndef PLANNER_PROCESS_MEMORY_H
#define PLANNER_PROCESS_MEMORY_H

/// Sets up the C allocator of a short-lived process that builds many small
/// objects: on glibc, the heap grows in large steps, keeps large blocks,
/// is never trimmed, and is backed by transparent huge pages where the
/// kernel gives them on request. Elsewhere it does nothing. Returns 1 when
/// the heap was marked for huge pages, 0 otherwise.
int planner_configure_process_memory(void);

#endif
