import Support

/// The volumes decoded so far, by the digest of the JSON each was decoded from: a book that
/// several searches find comes back in each of their pages, byte for byte the same, and is
/// decoded (and its text held) once. Shared by a build's concurrent decodes; `serve` keeps one
/// between rebuilds, so an unchanged item is not decoded again. Held in memory only.
package final class VolumeMemo: Sendable {
  /// A decoded item and the notes its decoding made (values cut short or left out).
  struct Entry {
    var volume: Volume
    var notes: [String]
    /// Bytes of JSON it was decoded from: with the digest, what tells two items apart.
    var length: Int
  }

  /// The entries by digest, and their volumes' ids: an item whose id none has is decoded
  /// without first skipping over it for its digest.
  private let table = Locked((entries: [UInt64: Entry](), ids: Set<String>()))

  package init() {}

  /// How many volumes it holds.
  package var count: Int { table.withLock { $0.entries.count } }

  /// The entry decoded from bytes with `digest` and `length`, when it is the same volume.
  func entry(digest: UInt64, length: Int) -> Entry? {
    table.withLock { $0.entries[digest].flatMap { $0.length == length ? $0 : nil } }
  }

  /// Whether an entry may be a volume with `id` (false: none is).
  func mayHold(id: String) -> Bool {
    table.withLock { $0.ids.contains(id) }
  }

  func store(_ entry: Entry, digest: UInt64) {
    table.withLock {
      $0.entries[digest] = entry
      $0.ids.insert(entry.volume.id)
    }
  }
}
