import Foundation
import Support

/// The cache entries a build read, each by its file's identity (`FileIdentity`: device, inode,
/// size, modification and status-change times) with what reading it found — status, fetch
/// time, `pinned`, the body's length and checked XXH64 — kept beside the output for the next
/// build, as git's index keeps its files' `stat` data.
///
/// The next build trusts an entry whose file has the very same identity without reading it:
/// a source that kept what it made of that body (Google Books' outlines of its pages) then
/// serves it from the digest alone (`FetchSource.decodeCached(digest:length:for:)`); any other
/// is read and checked as ever. The promise that a changed entry is always picked up holds
/// because any write to a file moves its change time, which nothing else can set (restoring
/// the modification time with `touch -d` still moves it), and the cache's own writes rename a
/// new file into place (another inode). Two rules close the gaps: the identity is taken before
/// the bytes are read, so a change made while reading shows as another identity next time; and
/// an entry is recorded only when both its times lie safely before the moment the build
/// started reading (`FileIdentity.settledCutoff`, two seconds of slack for coarse file-system
/// clocks), since a file changed again within the same clock tick as the recorded change would
/// keep its identity ("racily clean" in git's words) — such an entry is read again next time.
/// A damaged file rewritten in place changes its identity, so it is read and reported as it
/// always was; one damaged without its times moving (a disk fault under the file system) would
/// go unseen until it changes, which is the weaker promise this shortcut makes.
package final class CacheIndex: @unchecked Sendable {
  /// What reading an entry found, with the identity its file had then.
  package struct Record: Sendable, Equatable {
    package var identity: FileIdentity
    package var status: Int
    package var fetchedAt: Date
    package var pinned: Bool
    package var bodyLength: Int
    package var bodyDigest: UInt64

    package init(
      identity: FileIdentity, status: Int, fetchedAt: Date, pinned: Bool, bodyLength: Int, bodyDigest: UInt64
    ) {
      self.identity = identity
      self.status = status
      self.fetchedAt = fetchedAt
      self.pinned = pinned
      self.bodyLength = bodyLength
      self.bodyDigest = bodyDigest
    }
  }

  private let lock = NSLock()
  /// The earlier build's records, by entry key (the 64 hex digits that name its file).
  private let previous: [String: Record]
  /// This build's, for the next one.
  private var current: [String: Record] = [:]
  private var trusted = 0
  /// Nanoseconds since 1970 both times of a file must lie before for its record to be kept
  /// or trusted: the clock when this build started reading, less the slack.
  package let settledBefore: Int64

  package init(settledBefore: Int64 = FileIdentity.settledCutoff()) {
    self.settledBefore = settledBefore
    previous = [:]
  }

  /// The index of a file `serialize(stamp:to:)` wrote; empty when the bytes are not a whole one
  /// with `stamp` (another bookgen's, or damaged).
  package init(kept bytes: [UInt8], stamp: String, settledBefore: Int64 = FileIdentity.settledCutoff()) {
    self.settledBefore = settledBefore
    var records: [String: Record] = [:]
    for (_, range) in StateReader.entries(of: bytes, stamp: stamp) ?? [:] {
      guard let (key, record) = Self.decode(bytes[range]) else {
        records = [:]
        break
      }
      records[key] = record
    }
    previous = records
  }

  /// Whether the earlier build left records (a build without any need not look its files up).
  var hasEarlierRecords: Bool { !previous.isEmpty }

  /// How many entries this build took from the earlier build's records instead of reading them.
  package var trustedEntries: Int { lock.withLock { trusted } }

  /// The record of the entry named `key` when its file still has the identity it had when it
  /// was read, settled; it is kept for the next build too.
  func known(_ key: String, identity: FileIdentity) -> Record? {
    guard identity.isSettled(before: settledBefore) else { return nil }
    return lock.withLock {
      guard let record = previous[key], record.identity == identity else { return nil }
      current[key] = record
      return record
    }
  }

  /// Counts an entry served from its record, its file unread.
  func servedUnread() {
    lock.withLock { trusted += 1 }
  }

  /// Notes what reading the entry named `key` found; kept only when its file is settled.
  func read(_ key: String, _ record: Record) {
    guard record.identity.isSettled(before: settledBefore) else { return }
    lock.withLock { current[key] = record }
  }

  /// This build's records, in key order, written to `sink` a chunk at a time.
  package func serialize(stamp: String, to sink: @escaping ([UInt8]) -> Void) {
    let records = lock.withLock { current }
    var writer = StateFileWriter(stamp: stamp, sink: sink)
    for key in records.keys.sorted() {
      guard let stateKey = Self.stateKey(key) else { continue }
      writer.add(stateKey, Self.encode(key, records[key]!)[...])
    }
    writer.finish()
  }

  /// `serialize` into one array.
  package func serialized(stamp: String) -> [UInt8] {
    var file: [UInt8] = []
    serialize(stamp: stamp) { file.append(contentsOf: $0) }
    return file
  }

  /// The state file's key of an entry: the first 32 of its 64 hex digits (the record holds all
  /// of them, and is taken only for an entry of that very name).
  private static func stateKey(_ key: String) -> StateKey? {
    guard key.utf8.count == 64, let high = UInt64(key.prefix(16), radix: 16),
      let low = UInt64(key.dropFirst(16).prefix(16), radix: 16)
    else { return nil }
    return StateKey(low: low, high: high)
  }

  private static func encode(_ key: String, _ record: Record) -> [UInt8] {
    var writer = StateWriter(capacity: 128)
    writer.text(key)
    let identity = record.identity
    writer.fixed(identity.device)
    writer.fixed(identity.inode)
    writer.fixed(UInt64(bitPattern: identity.size))
    writer.fixed(UInt64(bitPattern: identity.modified))
    writer.fixed(UInt64(bitPattern: identity.changed))
    writer.count(record.status)
    writer.fixed(record.fetchedAt.timeIntervalSince1970.bitPattern)
    writer.flag(record.pinned)
    writer.count(record.bodyLength)
    writer.fixed(record.bodyDigest)
    return writer.bytes
  }

  private static func decode(_ bytes: ArraySlice<UInt8>) -> (String, Record)? {
    var reader = StateReader(bytes)
    guard let key = reader.text(), stateKey(key) != nil, let device = reader.fixed(),
      let inode = reader.fixed(),
      let size = reader.fixed(), let modified = reader.fixed(), let changed = reader.fixed(),
      let status = reader.count(), let fetchedAt = reader.fixed(), let pinned = reader.flag(),
      let pinned, let bodyLength = reader.count(), let digest = reader.fixed(), reader.isAtEnd
    else { return nil }
    let identity = FileIdentity(
      device: device, inode: inode, size: Int64(bitPattern: size), modified: Int64(bitPattern: modified),
      changed: Int64(bitPattern: changed))
    return (
      key,
      Record(
        identity: identity, status: status,
        fetchedAt: Date(timeIntervalSince1970: Double(bitPattern: fetchedAt)), pinned: pinned,
        bodyLength: bodyLength, bodyDigest: digest)
    )
  }
}
