import Foundation
import Support

/// The volumes one fetch run decoded, by the digest of the JSON each was decoded from: a book
/// that several searches find comes back in each of their pages, byte for byte the same, and
/// is decoded (and its text held) once. Shared by the run's concurrent decodes. It may start
/// from an earlier run's kept file (`init(keptFile:stamp:)`), whose entries are decoded only when asked for.
package final class VolumeMemo: @unchecked Sendable {
  /// A decoded item and the notes its decoding made (values cut short or left out).
  struct Entry {
    var volume: Volume
    var notes: [String]
    /// Bytes of JSON it was decoded from: with the digest, what tells two items apart.
    var length: Int
    /// Whether it was taken from the earlier run's file: its encoding there is copied to the
    /// next file (the encoding of a volume is one layout, so it is the bytes encoding it again
    /// would give), not encoded again.
    var kept = false
  }

  private let lock = NSLock()
  private var entries: [UInt64: Entry] = [:]
  /// The ids of the entries' volumes: an item whose id none has is decoded without first
  /// skipping over it for its digest.
  private var ids: Set<String> = []
  /// An earlier run's entries, encoded (`VolumeMemo+State`), read from its file when asked for.
  private var previous: StateFileIndex
  private var keptServed = 0
  /// This run's pages of search results, by their body's key (`ResponseOutline.key`), with
  /// the earlier run's bytes of those taken from there.
  private var outlines: [StateKey: (outline: ResponseOutline, kept: ArraySlice<UInt8>?)] = [:]
  private var outlinesServed = 0

  /// How many items this run took from the earlier run's entries instead of decoding them.
  package var servedFromEarlierRun: Int { lock.withLock { keptServed } }

  /// How many bodies this run took from outlines (its own or the earlier run's) instead of
  /// reading their JSON.
  package var bodiesServedFromOutlines: Int { lock.withLock { outlinesServed } }

  package init() {
    previous = StateFileIndex()
  }

  init(previous: StateFileIndex) {
    self.previous = previous
  }

  /// The entry decoded from bytes with `digest` and `length`, when it is the same volume.
  func entry(digest: UInt64, length: Int) -> Entry? {
    let (found, earlier) = lock.withLock { (entries[digest], self.previous) }
    if let found { return found.length == length ? found : nil }
    guard let kept = earlier.entry(StateKey(low: digest, high: UInt64(length))),
      var entry = Self.decode(kept[...], digest: digest, length: length)
    else { return nil }
    entry.kept = true
    store(entry, digest: digest)
    lock.withLock { keptServed += 1 }
    return entry
  }

  /// The outline kept under `key` (this run's, or the earlier run's).
  func outline(_ key: StateKey) -> ResponseOutline? {
    let (found, earlier) = lock.withLock { (outlines[key], self.previous) }
    if let found { return found.outline }
    guard let kept = earlier.entry(key), let outline = ResponseOutline(decoding: kept[...]) else {
      return nil
    }
    lock.withLock { outlines[key] = (outline, kept[...]) }
    return outline
  }

  func store(_ outline: ResponseOutline, key: StateKey) {
    lock.withLock { outlines[key] = (outline, nil) }
  }

  /// Counts a body served from its outline.
  func servedOutline() {
    lock.withLock { outlinesServed += 1 }
  }

  /// Whether an entry may be a volume with `id` (false: none is). An earlier run's entries are
  /// found by their digest alone, so while there are any, every item may be one of them.
  func mayHold(id: String) -> Bool {
    lock.withLock { !previous.isEmpty || ids.contains(id) }
  }

  func store(_ entry: Entry, digest: UInt64) {
    lock.withLock {
      entries[digest] = entry
      ids.insert(entry.volume.id)
    }
  }

  /// This run's entries, by digest, handed over with the earlier run's file (which the kept
  /// ones are copied from): the memo is emptied, so the run's volumes are not held past the
  /// fetch stage by it.
  func takeEntries() -> (
    entries: [UInt64: Entry], outlines: [StateKey: (outline: ResponseOutline, kept: ArraySlice<UInt8>?)],
    previous: StateFileIndex
  ) {
    lock.withLock {
      defer {
        entries = [:]
        outlines = [:]
        previous = StateFileIndex()
      }
      return (entries, outlines, previous)
    }
  }
}
