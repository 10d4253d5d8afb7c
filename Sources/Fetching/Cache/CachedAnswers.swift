import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The cache entries read so far, decoded, by path: `bookgen serve` keeps one between rebuilds,
/// so an entry whose file is the very same (device, inode, size, modification and change
/// times) is not read and decoded again, and a rebuild after one entry changed decodes that
/// one alone. Held in memory only.
package final class CachedAnswers: @unchecked Sendable {
  /// What tells one version of a file from another without reading it.
  struct Stamp: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var changed: Int64

    /// The stamp of the file at `path`; nil when it is not there.
    init?(path: String) {
      var info = stat()
      guard stat(path, &info) == 0 else { return nil }
      #if canImport(Glibc)
        let (modified, changed) = (info.st_mtim, info.st_ctim)
      #else
        let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
      #endif
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
      size = Int64(info.st_size)
      self.modified = Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec)
      self.changed = Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec)
    }
  }

  /// A decoded entry: the answer (`CachedAnswer` of its source's type) and its header's fields.
  struct Answer {
    var stamp: Stamp
    var value: any Sendable
    var pinned: Bool
    var fetchedAt: Date
  }

  private let lock = NSLock()
  private var answers: [String: Answer] = [:]

  package init() {}

  /// How many entries it holds.
  package var count: Int { lock.withLock { answers.count } }

  /// The answer decoded from the file at `path` when it was as `stamp` says.
  func answer(at path: String, stamp: Stamp) -> Answer? {
    lock.withLock { answers[path].flatMap { $0.stamp == stamp ? $0 : nil } }
  }

  func store(_ answer: Answer, at path: String) {
    lock.withLock { answers[path] = answer }
  }
}
