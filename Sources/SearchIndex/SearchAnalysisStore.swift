import Support

/// Each document's analysis (its terms, facet values and display record) by the digest of the
/// document and the options, kept from one build to the next, so that a rebuild tokenises only
/// the documents that changed; and, after them, what the index came to (`IndexSummary`), so that
/// a rebuild that changed a few documents patches the files they touch (`IndexPatch`).
///
/// Serialized by `SearchAnalysisStoreWriter`, stamped by the caller with what else invalidates
/// it (the tool's version). A file that is not exactly such a store (cut short, corrupt, another
/// version's) gives no store: every document is analysed again.
///
/// Read from its file, never whole (at 100k books a store is over 100 MB): a first pass through
/// a bounded window checks every byte and keeps where each entry lies; an entry is read again
/// when used, and its check with it (the file may have changed since): one that no longer
/// reads back is not there (`result(for:)`), or refuses what needs it (`entry(at:)`,
/// `SearchAnalysisStoreWriter.addKept`).
package struct SearchAnalysisStore: Sendable {
  static let magic = Array("bookgen search analysis 2\n".utf8)

  /// The file the entries are read from; nil for the empty store.
  private let file: PositionalFile?
  /// Each entry's index in `slotted`, by digest.
  private let entries: [DocumentDigest: Int]
  /// Each entry's slot and digest, in slot order, where its analysis lies in the file and where
  /// the whole entry does (from its tag to its check: what the next store holds again when the
  /// document stays in its slot).
  let slotted: [(slot: Int, digest: DocumentDigest, body: Range<Int>, record: Range<Int>)]
  /// What the index the entries made came to; nil when the store has none.
  let summary: IndexSummary?
  private let optionsDigest: UInt64
  /// The most bytes read at once when streaming (the first pass, kept runs).
  let window: Int
  /// 256 KiB: the reads stay few (a 100k store takes under 500) and the buffer small beside the
  /// search stage's peak.
  package static let defaultWindow = 1 << 18

  /// An empty store: every document is analysed.
  package init() {
    file = nil
    entries = [:]
    slotted = []
    summary = nil
    optionsDigest = 0
    window = SearchAnalysisStore.defaultWindow
  }

  /// The store in the regular file at `path` when it was written with the same `stamp`; nil for
  /// anything else (no such regular file, a link, a FIFO, bytes that are not such a store).
  /// `window` bounds the bytes read at once (an entry larger than it is read whole).
  package init?(reading path: String, stamp: String, window: Int = SearchAnalysisStore.defaultWindow) {
    guard let file = PositionalFile(path: path) else { return nil }
    var reader = FileWindow(file: file, window: max(64, window))
    guard reader.load(SearchAnalysisStore.magic.count + 10),
      reader.take(SearchAnalysisStore.magic.count).map(Array.init) == SearchAnalysisStore.magic,
      let length = reader.varInt(), length <= reader.remaining, reader.load(length + 8),
      let stampBytes = reader.take(length), stampBytes.elementsEqual(stamp.utf8), let options = reader.word()
    else { return nil }
    let headerEnd = reader.offset
    guard let header = file.read(at: 0, count: headerEnd) else { return nil }
    var entries: [DocumentDigest: Int] = [:]
    var slotted: [(slot: Int, digest: DocumentDigest, body: Range<Int>, record: Range<Int>)] = []
    var summary: IndexSummary?
    while true {
      // The most a tag, a digest, a slot and a length take.
      guard reader.load(1 + 16 + 10 + 10), let tag = reader.take(1)?.first else { return nil }
      if tag == 0 { break }
      let start = reader.offset
      guard tag == 1 || (tag == 2 && summary == nil) else { return nil }
      if tag == 2 {
        guard let length = reader.varInt(), length <= reader.remaining,
          reader.load(length + 8, keeping: start),
          reader.take(length) != nil,
          reader.hash(from: start) == reader.word(),
          let decoded = IndexSummary(reader.bytes(from: reader.offset - 8 - length, count: length))
        else { return nil }
        summary = decoded
        continue
      }
      guard let low = reader.word(), let high = reader.word(), let slot = reader.varInt(),
        let length = reader.varInt(), length <= reader.remaining, reader.load(length + 8, keeping: start),
        reader.take(length) != nil
      else { return nil }
      let body = (reader.offset - length)..<reader.offset
      guard reader.hash(from: start) == reader.word() else { return nil }
      let digest = DocumentDigest(low: low, high: high)
      // Slots ascend in a store a build wrote; anything else is not one.
      guard slotted.last.map({ $0.slot < slot }) ?? true else { return nil }
      entries[digest] = slotted.count
      slotted.append((slot, digest, body, (start - 1)..<reader.offset))
    }
    guard reader.load(10 + 8), let count = reader.varInt(), count == slotted.count, let check = reader.word(),
      check == XXH64.hash(header, range: 0..<header.count), reader.isAtEnd
    else { return nil }
    self.file = file
    self.entries = entries
    self.slotted = slotted
    self.summary = summary
    optionsDigest = options
    self.window = max(64, window)
  }

  var count: Int { entries.count }

  /// The kept analysis of the document with `digest`, written with the same options, and its
  /// bytes; nil when there is none (or it no longer reads back as it was).
  func result(for digest: DocumentDigest, options: UInt64) -> (DocumentAnalyzer.Result, ArraySlice<UInt8>)? {
    guard options == optionsDigest, let index = entries[digest] else { return nil }
    return entry(at: index)
  }

  /// Whether the store's analyses were made with the options of `digest`.
  func matches(options digest: UInt64) -> Bool { digest == optionsDigest && file != nil }

  /// The analysis of `slotted[index]` and its bytes; nil when the entry no longer reads back
  /// as the first pass checked it.
  func entry(at index: Int) -> (DocumentAnalyzer.Result, ArraySlice<UInt8>)? {
    guard let file,
      let record = file.read(at: slotted[index].record.lowerBound, count: slotted[index].record.count),
      checks(record[...], index: index)
    else { return nil }
    let start = slotted[index].record.lowerBound
    let body = record[(slotted[index].body.lowerBound - start)..<(slotted[index].body.upperBound - start)]
    return StoreEntry.decode(body).map { ($0, body) }
  }

  /// Hands `sink` the whole entries `slotted[entries]`, tags and checks included, as the file
  /// holds them, a window at a time (an entry larger than the window on its own); each entry's
  /// check is checked again. False when a read or a check fails (`sink` may have had some).
  func records(_ entries: ClosedRange<Int>, sink: (ArraySlice<UInt8>) -> Void) -> Bool {
    guard let file else { return false }
    var first = entries.lowerBound
    while first <= entries.upperBound {
      let start = slotted[first].record.lowerBound
      var last = first
      while last < entries.upperBound, slotted[last + 1].record.upperBound - start <= window { last += 1 }
      let end = slotted[last].record.upperBound
      guard let chunk = file.read(at: start, count: end - start) else { return false }
      for index in first...last {
        let record = slotted[index].record
        guard checks(chunk[(record.lowerBound - start)..<(record.upperBound - start)], index: index) else {
          return false
        }
      }
      sink(chunk[...])
      first = last + 1
    }
    return true
  }

  /// Whether `record` (read from the file) is still `slotted[index]`'s entry: its tag, digest
  /// and check.
  private func checks(_ record: ArraySlice<UInt8>, index: Int) -> Bool {
    let start = record.startIndex
    guard record.count > 1 + 16 + 8, record[start] == 1 else { return false }
    let reader = StoreReader(bytes: record)
    let digest = DocumentDigest(
      low: reader.littleEndian(at: start + 1), high: reader.littleEndian(at: start + 9))
    let check = record.withUnsafeBufferPointer {
      XXH64.hash(UnsafeBufferPointer(rebasing: $0[1..<($0.count - 8)]))
    }
    return digest == slotted[index].digest && check == reader.littleEndian(at: record.endIndex - 8)
  }
}

/// `FileWindow` read as `StoreReader` reads, for `SearchAnalysisStore`'s first pass.
extension FileWindow {
  /// `read` done by a `StoreReader` from here; the reading goes on after what it took.
  private mutating func storeReading<T>(_ read: (inout StoreReader<[UInt8]>) -> T?) -> T? {
    reading { buffer, position in
      var reader = StoreReader(bytes: buffer)
      reader.position = position
      defer { position = reader.position }
      return read(&reader)
    }
  }

  fileprivate mutating func varInt() -> Int? { storeReading { $0.varInt() } }
  fileprivate mutating func word() -> UInt64? { storeReading { $0.word() } }
}
