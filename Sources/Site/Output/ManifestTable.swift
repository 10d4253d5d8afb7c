import Support

/// A complete manifest's entries as a build looks them up (`OutputUpdate`'s two trees): the
/// paths' bytes in one buffer, a record per line pointing at its path, and an open-addressing
/// table of the paths' XXH64.
///
/// A rebuild reads the manifests of both trees, a line per file, and looks up every page in
/// both; a `[String: Entry]` would make a `String` (an allocation) and a SipHash per line first,
/// and hold both tables through the build.
struct ManifestTable: Sendable {
  private struct Record: Sendable {
    var entry: OutputManifest.Entry
    var pathHash: UInt64
    var start: Int32
    var count: Int32
  }

  /// The records' paths, one after another.
  private let storage: [UInt8]
  private let records: [Record]
  /// `records` index + 1 by `pathHash & mask`, probed linearly; 0 is an empty slot.
  private let slots: [Int32]
  private let mask: Int

  /// No entries: a fresh tree.
  init() {
    self.init(storage: [], records: [])!
  }

  /// The entries of the manifest `bytes`; nil when they do not parse or a path is listed twice.
  init?(parsing bytes: [UInt8]) {
    guard bytes.count < Int(Int32.max) else { return nil }
    var records: [Record] = []
    records.reserveCapacity(bytes.count / 64)
    // The paths alone are kept (about half of a line): both trees' tables live through a build.
    var storage: [UInt8] = []
    storage.reserveCapacity(bytes.count / 2)
    let header = bytes.withUnsafeBufferPointer { buffer in
      OutputManifest.scan(buffer) { path, entry in
        records.append(
          Record(
            entry: entry, pathHash: XXH64.hash(path), start: Int32(truncatingIfNeeded: storage.count),
            count: Int32(truncatingIfNeeded: path.count)))
        storage.append(contentsOf: path)
      }
    }
    guard let header, header.count == records.count else { return nil }
    self.init(storage: storage, records: records)
  }

  /// The entries of `manifest` (a kept manifest, for a tree whose identity changed).
  init(_ manifest: OutputManifest) {
    var storage: [UInt8] = []
    var records: [Record] = []
    for (path, entry) in manifest.entries {
      let start = storage.count
      storage += path.utf8
      let hash = storage.withUnsafeBufferPointer { XXH64.hash(UnsafeBufferPointer(rebasing: $0[start...])) }
      records.append(
        Record(
          entry: entry, pathHash: hash, start: Int32(truncatingIfNeeded: start),
          count: Int32(truncatingIfNeeded: path.utf8.count)))
    }
    self.init(storage: storage, records: records)!
  }

  /// nil when a path is listed twice.
  private init?(storage: [UInt8], records: [Record]) {
    var size = 8
    while size < records.count * 2 { size <<= 1 }
    var slots = [Int32](repeating: 0, count: size)
    let mask = size - 1
    let duplicate = storage.withUnsafeBufferPointer { bytes in
      for index in records.indices {
        let record = records[index]
        var slot = Int(truncatingIfNeeded: record.pathHash) & mask
        while slots[slot] != 0 {
          let other = records[Int(slots[slot]) - 1]
          if other.pathHash == record.pathHash,
            ManifestTable.path(of: other, in: bytes).elementsEqual(ManifestTable.path(of: record, in: bytes))
          {
            return true
          }
          slot = (slot + 1) & mask
        }
        slots[slot] = Int32(index + 1)
      }
      return false
    }
    guard !duplicate else { return nil }
    self.storage = storage
    self.records = records
    self.slots = slots
    self.mask = mask
  }

  private typealias Bytes = UnsafeBufferPointer<UInt8>

  private static func path(of record: Record, in bytes: Bytes) -> Bytes {
    UnsafeBufferPointer(rebasing: bytes[Int(record.start)..<Int(record.start + record.count)])
  }

  var count: Int { records.count }

  /// The entry recorded for `path` (relative, `books/dune-abc/index.html`).
  subscript(path: String) -> OutputManifest.Entry? {
    index(of: path).map { records[$0].entry }
  }

  /// Where `path` is among the entries (`0..<count`), or nil.
  func index(of path: String) -> Int? {
    var path = path
    return path.withUTF8 { key in
      let hash = XXH64.hash(key)
      return storage.withUnsafeBufferPointer { bytes in
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
          let index = Int(slots[slot]) - 1
          let record = records[index]
          if record.pathHash == hash, ManifestTable.path(of: record, in: bytes).elementsEqual(key) {
            return index
          }
          slot = (slot + 1) & mask
        }
        return nil
      }
    }
  }

  /// The path of entry `index`.
  func path(at index: Int) -> String {
    storage.withUnsafeBufferPointer {
      String(decoding: ManifestTable.path(of: records[index], in: $0), as: UTF8.self)
    }
  }
}
