import Support

/// Each document's analysis (its terms, facet values and display record) by the digest of the
/// document and the options, kept from one build to the next, so that a rebuild tokenises only
/// the documents that changed; and, after them, what the index came to (`IndexSummary`), so that
/// a rebuild that changed a few documents patches the files they touch (`IndexPatch`).
///
/// Serialized by `SearchAnalysisStoreWriter`, stamped by the caller with what else invalidates
/// it (the tool's version). Bytes that are not exactly such a store (cut short, corrupt, another
/// version's) give no store: every document is analysed again.
package struct SearchAnalysisStore: Sendable {
  static let magic = Array("bookgen search analysis 2\n".utf8)

  /// The serialized entries this store was read from.
  private let bytes: [UInt8]
  /// Where each entry's analysis lies in `bytes`.
  private let entries: [DocumentDigest: Range<Int>]
  /// Each entry's slot and digest, in slot order, where its analysis lies and where the whole
  /// entry does (from its tag to its check: what the next store holds again when the document
  /// stays in its slot).
  let slotted: [(slot: Int, digest: DocumentDigest, body: Range<Int>, record: Range<Int>)]
  /// What the index the entries made came to; nil when the store has none.
  let summary: IndexSummary?
  private let optionsDigest: UInt64

  /// An empty store: every document is analysed.
  package init() {
    bytes = []
    entries = [:]
    slotted = []
    summary = nil
    optionsDigest = 0
  }

  /// The store in `bytes` when they were written with the same `stamp`; nil for anything else.
  package init?(serialized bytes: [UInt8], stamp: String) {
    var reader = StoreReader(bytes: bytes)
    guard reader.take(SearchAnalysisStore.magic.count).map(Array.init) == SearchAnalysisStore.magic,
      let stampBytes = reader.lengthPrefixed(), stampBytes.elementsEqual(stamp.utf8),
      let options = reader.word()
    else { return nil }
    let headerEnd = reader.position
    var entries: [DocumentDigest: Range<Int>] = [:]
    var slotted: [(slot: Int, digest: DocumentDigest, body: Range<Int>, record: Range<Int>)] = []
    var summary: IndexSummary?
    while true {
      guard let tag = reader.take(1)?.first else { return nil }
      if tag == 0 { break }
      let start = reader.position
      guard tag == 1 || (tag == 2 && summary == nil) else { return nil }
      if tag == 2 {
        guard let body = reader.lengthPrefixedRange(), let check = reader.word(),
          check == XXH64.hash(bytes, range: start..<body.upperBound), let decoded = IndexSummary(bytes[body])
        else { return nil }
        summary = decoded
        continue
      }
      guard let low = reader.word(), let high = reader.word(), let slot = reader.varInt(),
        let body = reader.lengthPrefixedRange(),
        let check = reader.word(), check == XXH64.hash(bytes, range: start..<body.upperBound)
      else { return nil }
      let digest = DocumentDigest(low: low, high: high)
      entries[digest] = body
      // Slots ascend in a store a build wrote; anything else is not one.
      guard slotted.last.map({ $0.slot < slot }) ?? true else { return nil }
      slotted.append((slot, digest, body, (start - 1)..<reader.position))
    }
    guard let count = reader.varInt(), count == slotted.count, let check = reader.word(),
      check == XXH64.hash(bytes, range: 0..<headerEnd), reader.position == reader.end
    else { return nil }
    self.bytes = bytes
    self.entries = entries
    self.slotted = slotted
    self.summary = summary
    optionsDigest = options
  }

  var count: Int { entries.count }

  /// The kept analysis of the document with `digest`, written with the same options; nil when
  /// there is none (or its bytes do not decode).
  func result(for digest: DocumentDigest, options: UInt64) -> (DocumentAnalyzer.Result, ArraySlice<UInt8>)? {
    guard options == optionsDigest, let range = entries[digest] else { return nil }
    let body = bytes[range]
    return StoreEntry.decode(body).map { ($0, body) }
  }

  /// Whether the store's analyses were made with the options of `digest`.
  func matches(options digest: UInt64) -> Bool { digest == optionsDigest && !bytes.isEmpty }

  /// The bytes at `range` (one of `slotted`'s bodies or records).
  func bytes(_ range: Range<Int>) -> ArraySlice<UInt8> { bytes[range] }

  /// The analysis at `body` (one of `slotted`'s), and its bytes.
  func entry(_ body: Range<Int>) -> (DocumentAnalyzer.Result, ArraySlice<UInt8>)? {
    StoreEntry.decode(bytes[body]).map { ($0, bytes[body]) }
  }
}

/// A document, hashed twice with different seeds; or what the caller makes it from, hashed
/// the same way (`SearchIndexWriter.write`'s `key`), so that a kept analysis is found without
/// making the document.
package struct DocumentDigest: Hashable, Sendable {
  var low: UInt64
  var high: UInt64

  package init(low: UInt64, high: UInt64) {
    self.low = low
    self.high = high
  }

  init(_ document: SearchDocument) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(4096)
    func add(_ text: String) {
      bytes.appendVarInt(text.utf8.count)
      bytes.append(contentsOf: text.utf8)
    }
    func add(_ texts: [String]) {
      bytes.appendVarInt(texts.count)
      texts.forEach(add)
    }
    add(document.id)
    bytes.appendVarInt(document.fields.count)
    for field in document.fields {
      bytes.append(field.weight == .primary ? 1 : 2)
      add(field.text)
    }
    let facets = document.facets.sorted { $0.key < $1.key }
    bytes.appendVarInt(facets.count)
    for (id, values) in facets {
      add(id)
      add(values)
    }
    let display = document.display
    add([display.title, display.url])
    add(display.subtitle.map { [$0] } ?? [])
    add(display.authors)
    add(display.thumbnail.map { [$0] } ?? [])
    add(display.detail.map { [$0] } ?? [])
    add(display.texts)
    low = XXH64.hash(bytes, range: 0..<bytes.count)
    high = XXH64.hash(bytes, range: 0..<bytes.count, seed: 0x7365_6172_6368)
  }

  /// What of the options an analysis depends on: the facets (their ids, in order), the
  /// thumbnail template and the excerpts' length.
  static func options(_ options: SearchIndexOptions) -> UInt64 {
    var bytes: [UInt8] = []
    for text in options.facets.map(\.id) + [options.thumbnailTemplate ?? "\u{0}"] {
      bytes.appendVarInt(text.utf8.count)
      bytes.append(contentsOf: text.utf8)
    }
    bytes.appendVarInt(options.excerptSourceLimit)
    bytes.appendVarInt(TermIndex.shardCount)
    return XXH64.hash(bytes, range: 0..<bytes.count)
  }
}

/// Writes the store the next build reads as documents are analysed, handing its bytes to
/// `sink` a megabyte at a time (at 100k books a store is over 100 MB: it is never held whole).
/// The header is the magic line, the stamp and the options' digest; each entry is tagged 1,
/// then its digest, its slot, its length-prefixed analysis and an XXH64 of those (entries come
/// in slot order); the index's summary is tagged 2, then its length-prefixed bytes and an XXH64
/// of those; the trailer is tagged 0, then the number of entries and an XXH64 of the header. A
/// store cut short has no trailer.
package final class SearchAnalysisStoreWriter {
  private static let flushSize = 1 << 20
  private let stamp: String
  private let sink: ([UInt8]) -> Void
  private var buffer: [UInt8] = []
  private var header: [UInt8] = []
  private var count = 0
  /// Documents whose analysis came from the previous store, not from analysing them.
  package private(set) var reused = 0

  package init(stamp: String, sink: @escaping ([UInt8]) -> Void) {
    self.stamp = stamp
    self.sink = sink
  }

  func begin(options: UInt64) {
    header = SearchAnalysisStore.magic
    header.appendVarInt(stamp.utf8.count)
    header.append(contentsOf: stamp.utf8)
    withUnsafeBytes(of: options.littleEndian) { header.append(contentsOf: $0) }
    buffer = header
  }

  func add(_ digest: DocumentDigest, slot: Int, entry: some Collection<UInt8>, reused: Bool) {
    if reused { self.reused += 1 }
    buffer.append(1)
    let start = buffer.count
    withUnsafeBytes(of: digest.low.littleEndian) { buffer.append(contentsOf: $0) }
    withUnsafeBytes(of: digest.high.littleEndian) { buffer.append(contentsOf: $0) }
    buffer.appendVarInt(slot)
    buffer.appendVarInt(entry.count)
    buffer.append(contentsOf: entry)
    let check = XXH64.hash(buffer, range: start..<buffer.count)
    withUnsafeBytes(of: check.littleEndian) { buffer.append(contentsOf: $0) }
    count += 1
    if buffer.count >= SearchAnalysisStoreWriter.flushSize { flush() }
  }

  /// Adds `count` entries as the last store wrote them, tags and checks included (documents
  /// that stayed in their slots, reused).
  func addKept(_ records: ArraySlice<UInt8>, count: Int) {
    self.count += count
    reused += count
    // A megabyte at a time: a run can be nearly the whole store.
    var rest = records
    while !rest.isEmpty {
      let take = max(1, SearchAnalysisStoreWriter.flushSize - buffer.count)
      buffer.append(contentsOf: rest.prefix(take))
      rest = rest.dropFirst(take)
      if buffer.count >= SearchAnalysisStoreWriter.flushSize { flush() }
    }
  }

  /// Ends the store; without a summary the next build cannot patch this index (it merges every
  /// document again, as it reuses their analyses).
  func finish(summary: IndexSummary?) {
    if let summary {
      buffer.append(2)
      let start = buffer.count
      let bytes = summary.encoded()
      buffer.appendVarInt(bytes.count)
      buffer.append(contentsOf: bytes)
      let summaryCheck = XXH64.hash(buffer, range: start..<buffer.count)
      withUnsafeBytes(of: summaryCheck.littleEndian) { buffer.append(contentsOf: $0) }
    }
    buffer.append(0)
    buffer.appendVarInt(count)
    let check = XXH64.hash(header, range: 0..<header.count)
    withUnsafeBytes(of: check.littleEndian) { buffer.append(contentsOf: $0) }
    flush()
  }

  private func flush() {
    sink(buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}

/// One analysis as bytes: each shard's terms, the facet values, the display record.
enum StoreEntry {
  static func encode(_ result: DocumentAnalyzer.Result) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(result.terms.reduce(0) { $0 + $1.count } + result.record.count + 256)
    bytes.appendVarInt(result.terms.count)
    for shard in result.terms {
      bytes.appendVarInt(shard.count)
      bytes.append(contentsOf: shard)
    }
    bytes.appendVarInt(result.facets.count)
    for values in result.facets {
      bytes.appendVarInt(values.count)
      for value in values {
        bytes.appendVarInt(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
      }
    }
    bytes.appendVarInt(result.record.count)
    bytes.append(contentsOf: result.record)
    return bytes
  }

  static func decode(_ body: ArraySlice<UInt8>) -> DocumentAnalyzer.Result? {
    var reader = StoreReader(bytes: body)
    var result = DocumentAnalyzer.Result()
    guard let shards = reader.varInt(), shards == TermIndex.shardCount else { return nil }
    for _ in 0..<shards {
      guard let shard = reader.lengthPrefixed() else { return nil }
      result.terms.append(shard)
    }
    guard let kinds = reader.varInt(), kinds <= body.count else { return nil }
    for _ in 0..<kinds {
      guard let count = reader.varInt(), count <= body.count else { return nil }
      var values: [String] = []
      for _ in 0..<count {
        guard let value = reader.lengthPrefixed() else { return nil }
        values.append(String(decoding: value, as: UTF8.self))
      }
      result.facets.append(values)
    }
    guard let record = reader.lengthPrefixed(), reader.position == reader.end else { return nil }
    result.record = record
    return result
  }
}

/// Bounds-checked reading of a store's bytes: every read past the end is nil.
struct StoreReader<Bytes: RandomAccessCollection<UInt8>> where Bytes.Index == Int {
  let bytes: Bytes
  var position: Int
  var end: Int

  init(bytes: Bytes) {
    self.bytes = bytes
    position = bytes.startIndex
    end = bytes.endIndex
  }

  mutating func take(_ count: Int) -> Bytes.SubSequence? {
    guard count >= 0, count <= end - position else { return nil }
    defer { position += count }
    return bytes[position..<(position + count)]
  }

  mutating func varInt() -> Int? {
    var value = 0
    var shift = 0
    while position < end, shift < 63 {
      let byte = bytes[position]
      position += 1
      value |= Int(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
    return nil
  }

  mutating func word() -> UInt64? {
    guard end - position >= 8 else { return nil }
    defer { position += 8 }
    return littleEndian(at: position)
  }

  func littleEndian(at offset: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
    return value
  }

  mutating func lengthPrefixedRange() -> Range<Int>? {
    guard let count = varInt(), count <= end - position else { return nil }
    defer { position += count }
    return position..<(position + count)
  }

  mutating func lengthPrefixed() -> Bytes.SubSequence? {
    lengthPrefixedRange().map { bytes[$0] }
  }
}

extension XXH64 {
  static func hash(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBufferPointer { hash($0) } }

  static func hash(_ bytes: [UInt8], range: Range<Int>, seed: UInt64 = 0) -> UInt64 {
    bytes.withUnsafeBufferPointer { hash(UnsafeBufferPointer(rebasing: $0[range]), seed: seed) }
  }
}
