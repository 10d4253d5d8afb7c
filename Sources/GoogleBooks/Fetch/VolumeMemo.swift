import Foundation
import Support

/// The volumes one fetch run decoded, by the digest of the JSON each was decoded from: a book
/// that several searches find comes back in each of their pages, byte for byte the same, and
/// is decoded (and its text held) once. Shared by the run's concurrent decodes. It may start
/// from an earlier run's (`init(kept:stamp:)`), whose entries are decoded only when asked for.
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
  /// An earlier run's entries, encoded (`VolumeMemo+State`), and where each one is.
  private var previous: [UInt8]
  private var previousEntries: [StateKey: Range<Int>]
  private var keptServed = 0

  /// How many items this run took from the earlier run's entries instead of decoding them.
  package var servedFromEarlierRun: Int { lock.withLock { keptServed } }

  package init() {
    previous = []
    previousEntries = [:]
  }

  init(previous: [UInt8], entries: [StateKey: Range<Int>]) {
    self.previous = previous
    previousEntries = entries
  }

  /// The entry decoded from bytes with `digest` and `length`, when it is the same volume.
  func entry(digest: UInt64, length: Int) -> Entry? {
    let (found, kept) = lock.withLock {
      (entries[digest], previousEntries[StateKey(low: digest, high: UInt64(length))].map { previous[$0] })
    }
    if let found { return found.length == length ? found : nil }
    guard let kept, let entry = Self.decode(kept, digest: digest, length: length) else { return nil }
    store(entry, digest: digest)
    lock.withLock { keptServed += 1 }
    return entry
  }

  /// Whether an entry may be a volume with `id` (false: none is). An earlier run's entries are
  /// found by their digest alone, so while there are any, every item may be one of them.
  func mayHold(id: String) -> Bool {
    lock.withLock { !previousEntries.isEmpty || ids.contains(id) }
  }

  func store(_ entry: Entry, digest: UInt64) {
    lock.withLock {
      entries[digest] = entry
      ids.insert(entry.volume.id)
    }
  }

  /// This run's entries, by digest, handed over: the memo is emptied (the earlier run's too),
  /// so the run's volumes are not held past the fetch stage by it.
  func takeEntries() -> [UInt64: Entry] {
    lock.withLock {
      defer {
        entries = [:]
        previous = []
        previousEntries = [:]
      }
      return entries
    }
  }
}
