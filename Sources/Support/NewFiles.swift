import Foundation

/// Writes files that must not replace anything: what `bookgen init` and `bookgen theme copy`
/// add to a site the owner may already have written.
///
/// Each file is written to a temporary name beside it and then hard-linked into place, which
/// fails when the name exists (whatever it is: a file, a folder, a dangling symlink). So a file
/// the owner wrote is never replaced, even one created between a check and the write, and a
/// crash never leaves half a file under the final name.
package enum NewFiles {
  /// What a write did, by path relative to the folder written into, in the order given.
  package struct Outcome: Sendable, Equatable {
    package var written: [String] = []
    /// Paths that existed already and were left as they are.
    package var kept: [String] = []

    package init(written: [String] = [], kept: [String] = []) {
      self.written = written
      self.kept = kept
    }
  }

  /// Why a file could not be written.
  package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    package var path: String
    package var reason: String

    package var description: String { "cannot write '\(path)': \(reason)" }
  }

  /// Writes each of `files` (relative paths) below `directory`, creating folders as needed,
  /// and keeps every path that exists already.
  package static func write(
    _ files: [(path: String, bytes: [UInt8])], into directory: String
  ) throws(Failure) -> Outcome {
    var outcome = Outcome()
    for (path, bytes) in files {
      let target = (directory as NSString).appendingPathComponent(path)
      if exists(target) {
        outcome.kept.append(path)
        continue
      }
      try makeFolders((target as NSString).deletingLastPathComponent)
      if try create(target, bytes) { outcome.written.append(path) } else { outcome.kept.append(path) }
    }
    return outcome
  }

  /// Adds `lines` missing from the text file at `path` to its end (creating it when absent),
  /// without rewriting what is there; returns the lines added.
  package static func appendMissingLines(_ lines: [String], to path: String) throws(Failure) -> [String] {
    let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    let present = Set(
      (existing ?? "").split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
    let missing = lines.filter { !present.contains($0) && !present.contains("/" + $0) }
    guard let existing else {
      guard try create(path, Array(missing.map { $0 + "\n" }.joined().utf8)) else {
        return try appendMissingLines(lines, to: path)
      }
      return missing
    }
    guard !missing.isEmpty else { return [] }
    let separator = existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n"
    let text = separator + missing.map { $0 + "\n" }.joined()
    let descriptor = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW)
    guard descriptor >= 0 else { throw Failure(path: path, reason: reason()) }
    defer { close(descriptor) }
    if let failure = writeAll(descriptor, Array(text.utf8)) {
      throw Failure(path: path, reason: reason(failure))
    }
    return missing
  }

  /// Whether anything, even a dangling symlink, has this name.
  private static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  private static func makeFolders(_ path: String) throws(Failure) {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw Failure(path: path, reason: (error as NSError).localizedDescription)
    }
  }

  /// Creates `path` with `bytes`; false when something took the name first.
  private static func create(_ path: String, _ bytes: [UInt8]) throws(Failure) -> Bool {
    let temporary = (path as NSString).deletingLastPathComponent + "/.bookgen-new-\(UUID().uuidString)"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else { throw Failure(path: path, reason: reason()) }
    let failure = (writeAll(descriptor, bytes) ?? (fsync(descriptor) == 0 ? nil : errno)).map(reason)
    close(descriptor)
    defer { unlink(temporary) }
    if let failure { throw Failure(path: path, reason: failure) }
    guard link(temporary, path) == 0 else {
      if errno == EEXIST { return false }
      guard [EPERM, EXDEV, EMLINK, ENOTSUP, EOPNOTSUPP].contains(errno) else {
        throw Failure(path: path, reason: reason())
      }
      return try createWithoutLink(path, bytes)
    }
    return true
  }

  /// For file systems without hard links: create-only, written in place.
  private static func createWithoutLink(_ path: String, _ bytes: [UInt8]) throws(Failure) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644)
    guard descriptor >= 0 else {
      if errno == EEXIST { return false }
      throw Failure(path: path, reason: reason())
    }
    defer { close(descriptor) }
    if let failure = writeAll(descriptor, bytes) { throw Failure(path: path, reason: reason(failure)) }
    return true
  }

  private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32? {
    bytes.withUnsafeBytes { FileDescriptors.writeAll(descriptor, $0) }
  }

  private static func reason(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
}
