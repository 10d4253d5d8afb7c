import Foundation
import Support

/// The volumes decoded so far, by the digest of the JSON each was decoded from: a book that
/// several searches find comes back in each of their pages, byte for byte the same, and is
/// decoded (and its text held) once. Shared by a build's concurrent decodes; `serve` keeps one
/// between rebuilds, so an unchanged item is not decoded again. Held in memory only.
package final class VolumeMemo: @unchecked Sendable {
  /// A decoded item and the notes its decoding made (values cut short or left out).
  struct Entry {
    var volume: Volume
    var notes: [String]
    /// Bytes of JSON it was decoded from: with the digest, what tells two items apart.
    var length: Int
  }

  private let lock = NSLock()
  private var entries: [UInt64: Entry] = [:]
  /// The ids of the entries' volumes: an item whose id none has is decoded without first
  /// skipping over it for its digest.
  private var ids: Set<String> = []

  package init() {}

  /// How many volumes it holds.
  package var count: Int { lock.withLock { entries.count } }

  /// The entry decoded from bytes with `digest` and `length`, when it is the same volume.
  func entry(digest: UInt64, length: Int) -> Entry? {
    lock.withLock { entries[digest].flatMap { $0.length == length ? $0 : nil } }
  }

  /// Whether an entry may be a volume with `id` (false: none is).
  func mayHold(id: String) -> Bool {
    lock.withLock { ids.contains(id) }
  }

  func store(_ entry: Entry, digest: UInt64) {
    lock.withLock {
      entries[digest] = entry
      ids.insert(entry.volume.id)
    }
  }
}
