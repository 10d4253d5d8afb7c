import Foundation
import Support

/// The cache entries read so far, decoded, by path: `bookgen serve` keeps one between rebuilds,
/// so an entry whose file is the very same (device, inode, size, modification and change
/// times) is not read and decoded again, and a rebuild after one entry changed decodes that
/// one alone. Held in memory only.
package final class CachedAnswers: Sendable {
  /// A decoded entry: the answer (`CachedAnswer` of its source's type) and its header's fields.
  struct Answer {
    var stamp: FileStamp
    var value: any Sendable
    var pinned: Bool
    var fetchedAt: Date
  }

  private let answers = Locked<[String: Answer]>([:])

  package init() {}

  /// How many entries it holds.
  package var count: Int { answers.withLock { $0.count } }

  /// The answer decoded from the file at `path` when it was as `stamp` says.
  func answer(at path: String, stamp: FileStamp) -> Answer? {
    answers.withLock { $0[path].flatMap { $0.stamp == stamp ? $0 : nil } }
  }

  func store(_ answer: Answer, at path: String) {
    answers.withLock { $0[path] = answer }
  }
}

extension CachedAnswers {
  /// A good answer as a source that keeps its answers between runs sees it (the covers' memo):
  /// what was decoded from the entry, the entry file's stamp then, and its header's fields.
  package struct Remembered<Decoded: Sendable & Equatable>: Sendable, Equatable {
    package var value: Decoded
    package var stamp: FileStamp
    package var pinned: Bool
    package var fetchedAt: Date

    package init(value: Decoded, stamp: FileStamp, pinned: Bool, fetchedAt: Date) {
      self.value = value
      self.stamp = stamp
      self.pinned = pinned
      self.fetchedAt = fetchedAt
    }
  }

  /// The good answers of type `Decoded` it holds, by path (answers that a thing is not there
  /// are left out: they are few, and read again).
  package func remembered<Decoded>(_ type: Decoded.Type) -> [String: Remembered<Decoded>] {
    answers.withLock {
      $0.compactMapValues { answer in
        guard case .decoded(let value) = answer.value as? CachedAnswer<Decoded> else {
          return nil
        }
        return Remembered(
          value: value, stamp: answer.stamp, pinned: answer.pinned, fetchedAt: answer.fetchedAt)
      }
    }
  }
}
