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
#include <pthread.h>
#include <unistd.h>

// How much the heap grows at a time: 64 MB.
static const int growth = 64 << 20;
// Blocks at least this large get a mapping of their own: 32 MB, glibc's
// largest threshold on 64-bit systems.
static const int own_mapping_threshold = 32 << 20;

// PLANNER_DEFAULT_MALLOC=1 keeps glibc's defaults (to measure the difference).
static int keeps_default_malloc(void) {
  const char *keep = getenv("PLANNER_DEFAULT_MALLOC");
  return keep != NULL && keep[0] == '1';
}

int planner_configure_process_memory(void) {
  if (keeps_default_malloc()) return 0;
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

// glibc's heaps other than the main one are mappings of this size aligned to
// it (HEAP_MAX_SIZE: twice the largest mmap threshold, 64 MB on 64-bit
// systems), so the heap a block lies in starts at the block's address rounded
// down to it: glibc's own `heap_for_ptr`.
static const uintptr_t arena_heap_size = 2 * 4 * 1024 * 1024 * sizeof(long);
// The flags in the low bits of the size word before each block: the block
// has a mapping of its own, or lies in an arena other than the main one.
static const size_t chunk_is_mapped = 0x2, chunk_in_other_arena = 0x4;

static pthread_mutex_t arenas_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t arenas_changed = PTHREAD_COND_INITIALIZER;
static int arenas_held, arenas_marked, arenas_released;

static void *hold_marked_arena(void *unused) {
  (void)unused;
  // The thread's first block attaches it to an arena: a free one, else a new one.
  void *volatile block = malloc(64);
  int marked = 0;
  size_t size_word = block != NULL ? ((size_t *)block)[-1] : 0;
  if ((size_word & chunk_in_other_arena) && !(size_word & chunk_is_mapped)) {
#if defined(MADV_HUGEPAGE)
    uintptr_t heap = (uintptr_t)block & ~(arena_heap_size - 1);
    marked = madvise((void *)heap, arena_heap_size, MADV_HUGEPAGE) == 0;
#endif
  }
  // Keep the arena until every other thread holds one, so that none shares it.
  pthread_mutex_lock(&arenas_lock);
  arenas_held += 1;
  arenas_marked += marked;
  pthread_cond_broadcast(&arenas_changed);
  while (!arenas_released) pthread_cond_wait(&arenas_changed, &arenas_lock);
  pthread_mutex_unlock(&arenas_lock);
  free(block);
  // On return the arena goes on glibc's list of free arenas.
  return NULL;
}

// Called from one thread (the command line's main thread).
int planner_prepare_thread_arenas(int count) {
  static int prepared;
  if (prepared || count <= 0) return 0;
  prepared = 1;
  if (keeps_default_malloc()) return 0;
  // glibc.malloc tunables change how arenas are laid out (hugetlb=2): left alone then.
  const char *tunables = getenv("GLIBC_TUNABLES");
  if (tunables != NULL && tunables[0] != '\0') return 0;
  if (count > 8) count = 8;
  pthread_t threads[8];
  int started = 0;
  for (int i = 0; i < count; i++) {
    if (pthread_create(&threads[started], NULL, hold_marked_arena, NULL) == 0) started += 1;
  }
  pthread_mutex_lock(&arenas_lock);
  while (arenas_held < started) pthread_cond_wait(&arenas_changed, &arenas_lock);
  arenas_released = 1;
  pthread_cond_broadcast(&arenas_changed);
  int marked = arenas_marked;
  pthread_mutex_unlock(&arenas_lock);
  for (int i = 0; i < started; i++) pthread_join(threads[i], NULL);
  return marked;
}

#else

int planner_configure_process_memory(void) { return 0; }
int planner_prepare_thread_arenas(int count) {
  (void)count;
  return 0;
}

#endif
