import Support

/// Builds the chunked search index of a set of documents and hands over its files one by one.
///
/// Under `options.folder` (`search/`):
/// - `index.json`, the manifest a query loads first: the slot space, each term chunk's first
///   term and file, the facets and their files, the version the document files are fetched
///   with, the UI strings;
/// - `t/<hash>.bin`: the term chunks (`TermIndex`), named by content;
/// - `d/<group>.json`: what each result shows (`DocumentAnalyzer`), for the documents of 16
///   consecutive slots (2–4 of them) a file;
/// - `f/<hash>.bin` and `f/<hash>.json`: the facet values by slot range (about 512 documents a
///   file), and their names (`FacetIndex`).
///
/// The bytes depend only on the documents and options (not on their order or on timing).
package enum SearchIndexWriter {
  /// The manifest's `format`: `search.js` refuses an index of another format.
  package static let format = 1
  /// Documents analysed together, in parallel, before their terms are merged: their results
  /// (terms and display records, ~3 KB a document) are held until then.
  static let batchSize = 512
  /// A document file holds the documents of `1 << documentGroupBits` consecutive slots: a file
  /// per document would double a site's files, one per eight would load eight documents for
  /// each result shown.
  static let documentGroupBits = 4

  /// Writes the index of the documents with ids `ids`; `document(i)` makes document `i` (it is
  /// called once per document, on any thread, so that they need not all be held at once).
  /// Documents `previous` holds (the same document with the same options) are not analysed
  /// again; every document's analysis goes to `keeping`, for the next build's `previous`.
  /// `key(i)`, when given, stands for document `i` in the store: a digest of everything it is
  /// made from, so that a document whose analysis is kept is never made (two documents with
  /// the same key must be the same document).
  package static func write<Failure: Error>(
    ids: [String], options: SearchIndexOptions, previous: SearchAnalysisStore = SearchAnalysisStore(),
    keeping kept: SearchAnalysisStoreWriter? = nil, key: (@Sendable (Int) -> DocumentDigest)? = nil,
    document: @Sendable (Int) -> SearchDocument,
    emit: (SearchIndexFile) throws(Failure) -> Void
  ) throws(Failure) {
    let optionsDigest = DocumentDigest.options(options)
    kept?.begin(options: optionsDigest)
    let keeps = kept != nil
    let folder = options.folder.isEmpty ? "" : options.folder + "/"
    let slots = SearchSlots(ids: ids)
    let order = ids.indices.sorted { slots.slots[$0] < slots.slots[$1] }
    let terms = TermIndex()
    var facets = FacetIndex(kinds: options.facets.count)
    var documents = DocumentGroups(folder: folder + "d/", bits: documentGroupBits)
    let pool = AnalyzerPool(count: max(1, Parallel.coreCount * 2))
    let shardCount = TermIndex.shardCount
    // The previous batch's terms, merged into the shards (a task each) while this batch is
    // analysed: merging is a third of the work, and on its own it left cores idle.
    var merging: [(terms: [ArraySlice<UInt8>], slot: Int)] = []
    for batchStart in stride(from: 0, to: order.count, by: batchSize) {
      let batch = Array(order[batchStart..<min(order.count, batchStart + batchSize)])
      let parts = pool.count
      let previousTerms = merging
      let tasks = Parallel.map(count: shardCount + parts, minimumChunk: 1) {
        task -> [(DocumentAnalyzer.Result, DocumentDigest, ArraySlice<UInt8>, Bool)] in
        guard task >= shardCount else {
          terms.add(previousTerms, shard: task)
          return []
        }
        let part = task - shardCount
        let range = (batch.count * part / parts)..<(batch.count * (part + 1) / parts)
        return range.map { position in
          let known = key?(batch[position])
          if let known, let (result, entry) = previous.result(for: known, options: optionsDigest) {
            return (result, known, keeps ? entry : [], true)
          }
          let item = document(batch[position])
          let digest = known ?? DocumentDigest(item)
          if known == nil, let (result, entry) = previous.result(for: digest, options: optionsDigest) {
            return (result, digest, keeps ? entry : [], true)
          }
          let result = pool.analyze(part, item, options: options)
          return (result, digest, keeps ? StoreEntry.encode(result)[...] : [], false)
        }
      }
      var position = 0
      merging.removeAll(keepingCapacity: true)
      merging.reserveCapacity(batch.count)
      for part in tasks.dropFirst(shardCount) {
        for (result, digest, entry, reused) in part {
          kept?.add(digest, entry: entry, reused: reused)
          let slot = slots.slots[batch[position]]
          position += 1
          merging.append((result.terms, slot))
          facets.add(result.facets, slot: slot)
          try documents.add(result.record, slot: slot, emit)
        }
      }
    }
    terms.add(merging)
    try documents.finish(emit)

    var names = FileNames()
    var bounds: [JSONValue] = []
    var chunkFiles: [JSONValue] = []
    try terms.writeChunks(target: options.chunkTarget) { (bytes, bound) throws(Failure) in
      let name = names.name(for: bytes)
      bounds.append(.string(bound))
      chunkFiles.append(.string(name))
      try emit(SearchIndexFile(path: folder + "t/" + name + ".bin", bytes: bytes))
    }

    let slotCount = 1 << slots.bits
    let rangeBits = slots.bits - facetRangeCountBits(documents: ids.count)
    var facetFiles: [JSONValue] = []
    let tables = try facets.write(slotCount: slotCount, rangeBits: rangeBits) { (_, bytes) throws(Failure) in
      guard let bytes else {
        facetFiles.append(.string(""))
        return
      }
      let name = names.name(for: bytes)
      facetFiles.append(.string(name))
      try emit(SearchIndexFile(path: folder + "f/" + name + ".bin", bytes: bytes))
    }
    let valuesFile = Array(
      (JSONValue.array(tables.map { .array($0.map(JSONValue.string)) }).rendered() + "\n").utf8)
    let valuesName = names.name(for: valuesFile)
    try emit(SearchIndexFile(path: folder + "f/" + valuesName + ".json", bytes: valuesFile))

    let manifest = JSONValue.object([
      ("format", .int(format)),
      ("documents", .int(ids.count)),
      ("slotBits", .int(slots.bits)),
      ("version", .string(String(documents.version, radix: 16))),
      ("documentBits", .int(documentGroupBits)),
      ("thumbnail", .optional(options.thumbnailTemplate)),
      ("strings", .object(options.strings.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
      ("terms", .object([("bounds", .array(bounds)), ("files", .array(chunkFiles))])),
      (
        "facets",
        .object([
          (
            "kinds",
            .array(
              options.facets.map { facet in
                .object([
                  ("id", .string(facet.id)), ("label", .string(facet.label)),
                  ("order", .string(facet.order.rawValue)),
                ])
              })
          ),
          ("values", .string(valuesName)), ("rangeBits", .int(rangeBits)), ("files", .array(facetFiles)),
        ])
      ),
    ])
    try emit(SearchIndexFile(path: folder + "index.json", bytes: Array((manifest.rendered() + "\n").utf8)))
    kept?.finish()
  }

  /// Facet files hold about 512 documents each (2–3 KB): 1 file up to 1,023 documents, 2, 4, 8…
  static func facetRangeCountBits(documents: Int) -> Int {
    let ratio = documents / 512
    return ratio <= 1 ? 0 : Int.bitWidth - 1 - ratio.leadingZeroBitCount
  }
}

/// Content-addressed file names: eight hex digits of the bytes' XXH64; the rare second file
/// with the same digits (but other bytes) in one index gets `-2`, `-3`…
private struct FileNames {
  private var seen: [String: [UInt64]] = [:]

  mutating func name(for bytes: [UInt8]) -> String {
    let hash = bytes.withUnsafeBufferPointer { XXH64.hash($0) }
    let hex = String(hash >> 32, radix: 16)
    let name = String(repeating: "0", count: 8 - hex.count) + hex
    var known = seen[name, default: []]
    let number = known.firstIndex(of: hash) ?? known.count
    if number == known.count { known.append(hash) }
    seen[name] = known
    return number == 0 ? name : "\(name)-\(number + 1)"
  }
}

/// The document files, each `[[slot, …record], …]` for the documents of one group of slots,
/// written as soon as the next group starts (documents arrive in slot order); `version`, a hash
/// of them all, is what the browser fetches them with, so a new build is never mixed with files
/// a cache kept from the last one.
private struct DocumentGroups {
  let folder: String
  let bits: Int
  private var group = -1
  private var file: [UInt8] = []
  private var hashes: [UInt8] = []

  init(folder: String, bits: Int) {
    self.folder = folder
    self.bits = bits
  }

  mutating func add<Failure: Error>(
    _ record: ArraySlice<UInt8>, slot: Int, _ emit: (SearchIndexFile) throws(Failure) -> Void
  ) throws(Failure) {
    if slot >> bits != group {
      try finish(emit)
      group = slot >> bits
    }
    file.append(file.isEmpty ? UInt8(ascii: "[") : UInt8(ascii: ","))
    file.append(UInt8(ascii: "["))
    file.append(contentsOf: String(slot).utf8)
    file.append(UInt8(ascii: ","))
    file.append(contentsOf: record)
    file.append(UInt8(ascii: "]"))
  }

  mutating func finish<Failure: Error>(_ emit: (SearchIndexFile) throws(Failure) -> Void) throws(Failure) {
    guard !file.isEmpty else { return }
    file.append(contentsOf: "]\n".utf8)
    let hash = file.withUnsafeBufferPointer { XXH64.hash($0) }
    withUnsafeBytes(of: hash.littleEndian) { hashes.append(contentsOf: $0) }
    try emit(SearchIndexFile(path: folder + String(group, radix: 36) + ".json", bytes: file))
    file.removeAll(keepingCapacity: true)
  }

  var version: UInt64 {
    hashes.withUnsafeBufferPointer { XXH64.hash($0, seed: UInt64(SearchIndexWriter.format)) }
  }
}

/// One analyzer per part of a batch, kept across batches (their folding caches stay warm); part
/// `k` only ever touches analyzer `k`, so the parts run at once without locks.
private final class AnalyzerPool: @unchecked Sendable {
  let count: Int
  private let analyzers: UnsafeMutablePointer<DocumentAnalyzer>

  init(count: Int) {
    self.count = count
    analyzers = .allocate(capacity: count)
    analyzers.initialize(repeating: DocumentAnalyzer(), count: count)
  }

  deinit {
    analyzers.deinitialize(count: count)
    analyzers.deallocate()
  }

  func analyze(_ part: Int, _ document: SearchDocument, options: SearchIndexOptions)
    -> DocumentAnalyzer.Result
  {
    analyzers[part].analyze(document, options: options)
  }
}
