import Foundation

#if canImport(CProcessMemory)
  import CProcessMemory
#endif

/// How the command line's process asks the C allocator for memory.
///
/// Loading a large plan builds a few million small objects (its syntax tree,
/// then its foods): the 8,000-food benchmark week touches about 55 MB of heap.
/// With glibc's defaults the heap grows 128 KB at a time and each 4 KB page is
/// faulted in on first touch, about 15,000 faults, a quarter of the front
/// end's time. On Linux the process therefore grows its heap 64 MB at a time,
/// keeps blocks under 32 MB on the heap instead of in mappings of their own,
/// does not hand memory back before it exits, and asks the kernel to back the
/// heap with transparent huge pages (2 MB) where the system gives them on
/// request (`/sys/kernel/mm/transparent_hugepage/enabled` set to `madvise`
/// or `always`). These are glibc's tunables
/// `glibc.malloc.hugetlb=1:glibc.malloc.top_pad=67108864:glibc.malloc.mmap_threshold=33554432`,
/// set from inside the process (Sources/CProcessMemory); docs/performance.md
/// measures them. Memory reserved but never touched costs nothing: a small
/// run's resident size grows by at most a huge page. Elsewhere (macOS) the
/// allocator is left as it is.
///
/// The libraries do none of this: an app owns its process's allocator. The
/// fuzz package builds these sources without the C target (AddressSanitizer
/// brings its own allocator there), and then this does nothing.
enum ProcessMemory {
  /// Applies the settings; called once, first thing in `main`.
  static func configure() {
    #if canImport(CProcessMemory)
      _ = planner_configure_process_memory()
    #endif
  }

  /// Before a file is loaded that is parsed in parts
  /// (``PlanDSL/PlanLoader/parsesInParts(byteCount:)``): the worker threads
  /// that parse and check it in parts allocate from glibc arenas of their
  /// own, which glibc does not mark for huge pages; about half of the syntax
  /// tree then comes in 4 KB pages, faulted in one at a time. This gives the
  /// next threads arenas marked like the heap (`planner_prepare_thread_arenas`):
  /// on the 8,000-food benchmark, page faults fall from about 4,700 to 2,000
  /// and the wall time of `planner solve` by about a tenth
  /// (docs/performance.md, "eleventh round"). Small files do not pay for the
  /// threads it starts.
  static func prepareWorkerArenas() {
    #if canImport(CProcessMemory)
      _ = planner_prepare_thread_arenas(Int32(min(ProcessInfo.processInfo.activeProcessorCount, 8)))
    #endif
  }
}
