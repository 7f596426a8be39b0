// The command line's allocator settings: see ProcessMemory.swift in the
// planner target, and docs/performance.md for what they change.
// madvise's MADV_HUGEPAGE is a GNU extension of <sys/mman.h>: asked for before any header.
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "process_memory.h"

// Any C library header says which C library this is (glibc defines __GLIBC__).
#include <stdint.h>
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

// How much the heap grows at a time: 64 MB.
static const int growth = 64 << 20;
// Blocks at least this large get a mapping of their own: 32 MB, glibc's
// largest threshold on 64-bit systems.
static const int own_mapping_threshold = 32 << 20;

int planner_configure_process_memory(void) {
  // PLANNER_DEFAULT_MALLOC=1 keeps glibc's defaults (to measure the difference).
  const char *keep = getenv("PLANNER_DEFAULT_MALLOC");
  if (keep != NULL && keep[0] == '1') return 0;
  if (mallopt(M_TOP_PAD, growth) != 1) return 0;
  if (mallopt(M_TRIM_THRESHOLD, 2 * growth) != 1) return 0;
  if (mallopt(M_MMAP_THRESHOLD, own_mapping_threshold) != 1) return 0;
  // Grow the heap now: a block freed at once leaves the heap grown by the
  // pad, which is then marked for huge pages.
  char *start = sbrk(0);
  if (start == (char *)-1) return 0;
  // (volatile: a compiler may otherwise drop a block that is freed unused.)
  void *volatile block = malloc(1 << 20);
  free(block);
  char *end = sbrk(0);
  if (end == (char *)-1 || end <= start) return 0;
  long page = sysconf(_SC_PAGESIZE);
  if (page <= 0) return 0;
  uintptr_t first = ((uintptr_t)start + (uintptr_t)page - 1) / (uintptr_t)page * (uintptr_t)page;
  if ((uintptr_t)end <= first) return 0;
#if defined(MADV_HUGEPAGE)
  // Refused by kernels without transparent huge pages: the heap then stays in small pages.
  return madvise((void *)first, (uintptr_t)end - first, MADV_HUGEPAGE) == 0;
#else
  return 0;
#endif
}

#else

int planner_configure_process_memory(void) { return 0; }

#endif
