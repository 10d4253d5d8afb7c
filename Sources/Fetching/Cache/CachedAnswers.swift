import Foundation
import Support

/// The cache entries read so far, decoded, by path: `bookgen serve` keeps one between rebuilds,
/// so an entry whose file is the very same (device, inode, size, modification and change
/// times) is not read and decoded again, and a rebuild after one entry changed decodes that
/// one alone. Held in memory only.
package final class CachedAnswers: @unchecked Sendable {
  /// A decoded entry: the answer (`CachedAnswer` of its source's type) and its header's fields.
  struct Answer {
    var stamp: FileStamp
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
  func answer(at path: String, stamp: FileStamp) -> Answer? {
    lock.withLock { answers[path].flatMap { $0.stamp == stamp ? $0 : nil } }
  }

  func store(_ answer: Answer, at path: String) {
    lock.withLock { answers[path] = answer }
  }
}
