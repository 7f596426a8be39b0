import Foundation
import Testing

@testable import HealthRules

/// Issue 43: the history row of a replaced reading is written only after the journal's new
/// version is durable, and the journal's files follow ``AtomicFile``'s policy.
@Suite("Journal saves in the right order")
struct JournalSaveOrderTests {
  static let day = Day(year: 2026, month: 11, day: 30)!

  /// A journal with weight 181 on ``day``, and the entry that replaces it with 182.
  static func replacing() throws -> (JournalEntry, URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "planner-save-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent("journal.csv")
    try Journal.log(try JournalEntry.parse("weight 181 lb"), on: day, into: url)
    return (try JournalEntry.parse("weight 182 lb"), url)
  }

  @Test("a journal write that fails writes no history row")
  func failedJournalWriteKeepsHistory() throws {
    let (entry, url) = try Self.replacing()
    struct Full: Error, CustomStringConvertible { var description: String { "the disk is full" } }
    #expect {
      try Journal.log(entry, on: Self.day, replacing: true, into: url, beforeRename: { _ in throw Full() })
    } throws: { error in
      guard case JournalError.writeFailed(let failure) = error else { return false }
      return failure == AtomicFileError(.failed, path: url.path, code: 0, reason: "the disk is full")
    }
    #expect(!FileManager.default.fileExists(atPath: url.path + ".history"))
    #expect(
      try String(contentsOf: url, encoding: .utf8)
        == "date,weight,systolic,diastolic,sugar,symptoms\n2026-11-30,181,,,,\n")
  }

  @Test("a history that cannot be written is reported after the journal is saved")
  func failedHistoryAfterJournal() throws {
    let (entry, url) = try Self.replacing()
    // A directory where the history file goes: the journal is written, the history is not.
    try FileManager.default.createDirectory(atPath: url.path + ".history", withIntermediateDirectories: false)
    do {
      try Journal.log(entry, on: Self.day, replacing: true, into: url)
      Issue.record("the history was written into a directory")
    } catch {
      #expect(
        error.description
          == "the journal was saved, but the earlier row could not be kept: '\(url.path).history' is a directory; planner writes only to a regular file or a new path"
      )
    }
    #expect(try String(contentsOf: url, encoding: .utf8).hasSuffix("2026-11-30,182,,,,\n"))
  }

  /// The message of the error that taking the journal's lock throws, or `nil`.
  static func lockError(_ url: URL) -> String? {
    do {
      try Journal.withExclusiveAccess(to: url) { () throws(JournalError) in () }
      return nil
    } catch {
      guard case .lockFailed = error else { return "another error: \(error)" }
      return error.description
    }
  }

  @Test("a lock file that is a FIFO or a symbolic link is refused before the journal is read")
  func lockFiles() throws {
    let (_, url) = try Self.replacing()
    #expect(mkfifo(url.path + ".lock", 0o600) == 0)
    #expect(
      Self.lockError(url) == "cannot lock the journal with '\(url.path).lock': it is not a regular file")
    #expect(unlink(url.path + ".lock") == 0)
    #expect(symlink(url.path, url.path + ".lock") == 0)
    #expect(Self.lockError(url) == "cannot lock the journal with '\(url.path).lock': it is a symbolic link")
  }

  @Test("a lock held by another open of the lock file is a busy journal once the timeout passes")
  func busy() throws {
    let (_, url) = try Self.replacing()
    let holder = open(url.path + ".lock", O_RDWR | O_CREAT, 0o600)
    #expect(holder >= 0 && flock(holder, LOCK_EX | LOCK_NB) == 0)
    defer { close(holder) }
    do {
      try Journal.withExclusiveAccess(to: url, timeout: 0.1) { () throws(JournalError) in () }
      Issue.record("the lock was taken twice")
    } catch {
      // The holder is this test's process, named from /proc as Linux names it.
      let name = try String(contentsOfFile: "/proc/self/comm", encoding: .utf8).split(separator: "\n")[0]
      #expect(
        error.description
          == "'\(url.path)' is locked by process \(getpid()) (\(name)) logging into it; try again when it is done"
      )
    }
  }
}
