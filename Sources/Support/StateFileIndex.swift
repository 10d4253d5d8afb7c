/// A file `StateFileWriter` wrote, read in pieces (`PositionalFile`), never whole: a first pass
/// through a bounded window checks every entry's checksum and the trailer and keeps where each
/// entry's bytes are; an entry is read again when asked for, and checked again (the file may
/// have changed since): one that no longer reads back as the first pass found it is not there.
/// The kept volumes are 26–29 MB at 10,000 books: read whole, they were held beside everything
/// decoded from them, the peak of a build beside its state.
package struct StateFileIndex: Sendable {
  /// Where an entry's bytes are in the file, and their XXH64.
  package struct Location: Sendable {
    let range: Range<Int>
    let checksum: UInt64
  }

  /// The file the entries are read from; nil for the empty index.
  private let file: PositionalFile?
  private let locations: [StateKey: Location]
  /// How many entries the file holds (`locations` has one per key).
  package let entryCount: Int
  /// The most bytes read at once by the first pass and by `SequentialReader`.
  let window: Int

  /// No entries.
  package init() {
    file = nil
    locations = [:]
    entryCount = 0
    window = 1 << 18
  }

  /// The entries of the regular file at `path` when `StateFileWriter` wrote it whole with
  /// `stamp`; nil for anything else (no such regular file, a link, a FIFO, other bytes).
  /// `window` bounds the bytes read at once (an entry larger than it is read whole).
  package init?(reading path: String, stamp: String, window: Int = 1 << 18) {
    guard let file = PositionalFile(path: path) else { return nil }
    let header = Array((stamp + "\n").utf8)
    var cursor = FileWindow(file: file, window: max(64, window))
    guard cursor.load(header.count), cursor.take(header.count)?.elementsEqual(header) == true else {
      return nil
    }
    var locations: [StateKey: Location] = [:]
    var count = 0
    while true {
      // The most a tag, a key and a length take.
      guard cursor.load(1 + 16 + 10) else { return nil }
      switch cursor.varInt() {
      case 1:
        guard let low = cursor.fixed(), let high = cursor.fixed(), let length = cursor.varInt(),
          length <= cursor.remaining, cursor.load(length + 8)
        else { return nil }
        let start = cursor.offset
        guard let body = cursor.take(length), let checksum = cursor.fixed(),
          body.withUnsafeBufferPointer({ XXH64.hash($0) }) == checksum
        else { return nil }
        locations[StateKey(low: low, high: high)] = Location(
          range: start..<(start + length), checksum: checksum)
        count += 1
      case 0:
        guard cursor.load(16), cursor.fixed() == UInt64(count),
          cursor.fixed() == StateFileWriter.trailerHash(stamp: header, entries: count), cursor.isAtEnd
        else { return nil }
        self.file = file
        self.locations = locations
        entryCount = count
        self.window = max(64, window)
        return
      default:
        return nil
      }
    }
  }

  package var isEmpty: Bool { locations.isEmpty }

  /// Whether the file held an entry under `key` (it is read only by `entry`).
  package func contains(_ key: StateKey) -> Bool { locations[key] != nil }

  /// The bytes of the entry under `key`, read again and checked; nil when there is none or it no
  /// longer reads back as it was.
  package func entry(_ key: StateKey) -> [UInt8]? {
    guard let file, let location = locations[key],
      let bytes = file.read(at: location.range.lowerBound, count: location.range.count),
      bytes.withUnsafeBufferPointer({ XXH64.hash($0) }) == location.checksum
    else { return nil }
    return bytes
  }

  /// Reads entries a window at a time, for copying many in the order the file holds them (the
  /// key order `StateFileWriter` was given): one read for the entries of each window.
  package struct SequentialReader {
    private let index: StateFileIndex
    private var buffer: [UInt8] = []
    /// The file offset of `buffer`'s first byte.
    private var start = 0

    init(_ index: StateFileIndex) { self.index = index }

    /// `entry(key)`, from the window when it holds the entry, else from a window read from there.
    package mutating func entry(_ key: StateKey) -> ArraySlice<UInt8>? {
      guard let file = index.file, let location = index.locations[key] else { return nil }
      let range = location.range
      if range.lowerBound < start || range.upperBound > start + buffer.count {
        let count = max(range.count, min(index.window, file.size - range.lowerBound))
        guard let bytes = file.read(at: range.lowerBound, count: count) else {
          buffer = []
          return nil
        }
        (buffer, start) = (bytes, range.lowerBound)
      }
      let bytes = buffer[(range.lowerBound - start)..<(range.upperBound - start)]
      return bytes.withUnsafeBufferPointer({ XXH64.hash($0) }) == location.checksum ? bytes : nil
    }
  }

  package func sequentialReader() -> SequentialReader { SequentialReader(self) }
}

/// `FileWindow` read as `StateReader` reads, for `StateFileIndex`'s first pass.
extension FileWindow {
  fileprivate mutating func varInt() -> Int? { stateReading { $0.count() } }

  fileprivate mutating func fixed() -> UInt64? { stateReading { $0.fixed() } }

  /// `read` done by a `StateReader` from here; the reading goes on after what it took.
  private mutating func stateReading<T>(_ read: (inout StateReader) -> T?) -> T? {
    reading { buffer, position in
      var reader = StateReader(buffer[position...])
      let value = read(&reader)
      if value != nil { position = reader.position }
      return value
    }
  }
}
