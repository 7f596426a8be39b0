#ifndef PLANNER_PROCESS_MEMORY_H
#define PLANNER_PROCESS_MEMORY_H

/// Sets up the C allocator of a short-lived process that builds many small
/// objects: on glibc, the heap grows in large steps, keeps large blocks,
/// is never trimmed, and is backed by transparent huge pages where the
/// kernel gives them on request. Elsewhere it does nothing. Returns 1 when
/// the heap was marked for huge pages, 0 otherwise.
int planner_configure_process_memory(void);

/// Gives the next `count` threads that allocate (at most 8) glibc arenas
/// whose heaps are marked for transparent huge pages, as glibc's tunable
/// `glibc.malloc.hugetlb=1` would (a process cannot set a tunable for
/// itself). `count` short-lived threads each take an arena of their own
/// (each allocates while the others hold theirs), mark the heap it lies in,
/// and end; glibc then hands those arenas to the next new threads
/// (libdispatch's workers). Does nothing after the first call, with
/// PLANNER_DEFAULT_MALLOC=1 or GLIBC_TUNABLES set, and off glibc. Returns the
/// number of heaps marked (0 where the kernel has no transparent huge pages).
int planner_prepare_thread_arenas(int count);

#endif
