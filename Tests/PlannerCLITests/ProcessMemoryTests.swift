#if os(Linux) && canImport(Glibc)
  import CProcessMemory
  import Foundation
  import Testing

  /// The command line's allocator settings (Sources/CProcessMemory): each test runs in
  /// a process of its own (an exit test), since the settings are the whole process's.
  @Suite("The allocator's heaps and the worker threads' arenas")
  struct ProcessMemoryTests {
    /// Whether the mapping that holds `address` is marked for huge pages (`hg` in
    /// /proc/self/smaps); `nil` when no mapping holds it.
    static func markedForHugePages(_ address: UInt) -> Bool? {
      // Read to the end: a file of /proc has no size to read up to.
      guard let file = FileHandle(forReadingAtPath: "/proc/self/smaps"), let data = try? file.readToEnd()
      else { return nil }
      let smaps = String(decoding: data, as: UTF8.self)
      var holds = false
      for line in smaps.split(separator: "\n") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
          let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
          holds = bounds.count == 2 && bounds[0] <= address && address < bounds[1]
        } else if holds, line.hasPrefix("VmFlags:") {
          return fields.dropFirst().contains("hg")
        }
      }
      return nil
    }

    /// Whether this system marks a mapping for huge pages and shows the mark
    /// in /proc/self/smaps: a fresh 4 MB mapping is marked with `madvise` and
    /// looked up. Where it does not (no transparent huge pages, a sandbox
    /// without /proc), the tests check only what the calls return.
    static func systemShowsMarks() -> Bool {
      let size = 4 << 20
      guard let mapping = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
        mapping != MAP_FAILED
      else { return false }
      defer { munmap(mapping, size) }
      guard madvise(mapping, size, MADV_HUGEPAGE) == 0 else { return false }
      return markedForHugePages(UInt(bitPattern: mapping)) == true
    }

    /// The address of a block that a new thread allocates (and leaves allocated).
    static func blockOfNewThread() -> UInt {
      final class Box: @unchecked Sendable { var address: UInt = 0 }
      let box = Box()
      let done = DispatchSemaphore(value: 0)
      let thread = Thread {
        box.address = UInt(bitPattern: malloc(64))
        done.signal()
      }
      thread.start()
      done.wait()
      return box.address
    }

    @Test("after planner_prepare_thread_arenas, a new thread's blocks lie in a heap marked for huge pages")
    func newThreadsGetMarkedArenas() async {
      await #expect(processExitsWith: .success) {
        unsetenv("GLIBC_TUNABLES")
        unsetenv("PLANNER_DEFAULT_MALLOC")
        _ = planner_configure_process_memory()
        let shows = ProcessMemoryTests.systemShowsMarks()
        let marked = planner_prepare_thread_arenas(2)
        guard shows ? marked == 2 : (0...2).contains(marked) else { exit(1) }
        // Once per process.
        guard planner_prepare_thread_arenas(2) == 0 else { exit(2) }
        for _ in 0..<2 {
          let block = ProcessMemoryTests.blockOfNewThread()
          guard !shows || ProcessMemoryTests.markedForHugePages(block) == true else { exit(3) }
        }
        exit(0)
      }
    }

    @Test("without it, a new thread's blocks lie in a heap that is not marked (what it mends)")
    func newThreadsOtherwiseGetUnmarkedArenas() async {
      await #expect(processExitsWith: .success) {
        _ = planner_configure_process_memory()
        guard ProcessMemoryTests.systemShowsMarks() else { exit(0) }
        guard ProcessMemoryTests.markedForHugePages(ProcessMemoryTests.blockOfNewThread()) == false else {
          exit(1)
        }
        exit(0)
      }
    }

    @Test("with GLIBC_TUNABLES set, the arenas are left as glibc makes them")
    func tunablesLeaveArenasAlone() async {
      await #expect(processExitsWith: .success) {
        setenv("GLIBC_TUNABLES", "glibc.malloc.hugetlb=1", 1)
        guard planner_prepare_thread_arenas(2) == 0 else { exit(1) }
        guard ProcessMemoryTests.systemShowsMarks() else { exit(0) }
        guard ProcessMemoryTests.markedForHugePages(ProcessMemoryTests.blockOfNewThread()) == false else {
          exit(2)
        }
        exit(0)
      }
    }

    @Test("with PLANNER_DEFAULT_MALLOC=1, likewise")
    func defaultMallocLeavesArenasAlone() async {
      await #expect(processExitsWith: .success) {
        unsetenv("GLIBC_TUNABLES")
        setenv("PLANNER_DEFAULT_MALLOC", "1", 1)
        exit(planner_prepare_thread_arenas(2) == 0 ? 0 : 1)
      }
    }
  }
#endif
