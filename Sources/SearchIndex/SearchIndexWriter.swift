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
  /// Documents made together, on every core, before they are read into the index in slot order:
  /// enough to keep every core busy, few enough that their texts are a few hundred kilobytes.
  static let batchSize = 64
  /// A document file holds the documents of `1 << documentGroupBits` consecutive slots: a file
  /// per document would double a site's files, one per eight would load eight documents for
  /// each result shown.
  static let documentGroupBits = 4

  /// Writes the index of the documents with ids `ids`; `document(i)` makes document `i` (it is
  /// called once per document, on any thread, so that they need not all be held at once).
  package static func write<Failure: Error>(
    ids: [String], options: SearchIndexOptions, document: @Sendable (Int) -> SearchDocument,
    emit: (SearchIndexFile) throws(Failure) -> Void
  ) throws(Failure) {
    let slots = SearchSlots(ids: ids)
    let folder = options.folder.isEmpty ? "" : options.folder + "/"
    let order = ids.indices.sorted { slots.slots[$0] < slots.slots[$1] }
    var analyzer = DocumentAnalyzer()
    var terms = TermIndex()
    var facets = FacetIndex(kinds: options.facets.count)
    var documents = DocumentGroups(folder: folder + "d/", bits: documentGroupBits)
    // One pass over the documents in slot order: each one's terms, facet values and record go
    // straight into the index, so its postings, facets and document files come out in order.
    for batchStart in stride(from: 0, to: order.count, by: batchSize) {
      let batch = order[batchStart..<min(order.count, batchStart + batchSize)]
      let made = Parallel.map(count: batch.count, minimumChunk: 16) { document(batch[batchStart + $0]) }
      for (index, document) in zip(batch, made) {
        let slot = slots.slots[index]
        let result = analyzer.analyze(document, options: options, terms: &terms)
        terms.endDocument(slot: slot)
        facets.add(result.facets, slot: slot)
        try documents.add(result.record[...], slot: slot, emit)
      }
    }
    try documents.finish(emit)

    var names = FileNames()
    var (chunks, bounds, facetFiles): ([String], [String], [String]) = ([], [], [])
    try terms.writeChunks(target: options.chunkTarget) { (bytes, bound) throws(Failure) in
      chunks.append(names.name(forHash: XXH64.hash(bytes)))
      bounds.append(bound)
      try emit(SearchIndexFile(path: folder + "t/" + chunks.last! + ".bin", bytes: bytes))
    }
    let rangeBits = slots.bits - facetRangeCountBits(documents: ids.count)
    let tables = try facets.write(slotCount: 1 << slots.bits, rangeBits: rangeBits) {
      (_, bytes) throws(Failure) in
      // A range without documents has no file.
      facetFiles.append(bytes.map { names.name(forHash: XXH64.hash($0)) } ?? "")
      if let bytes {
        try emit(SearchIndexFile(path: folder + "f/" + facetFiles.last! + ".bin", bytes: bytes))
      }
    }
    let valuesFile = valuesFile(tables)
    let values = names.name(forHash: XXH64.hash(valuesFile))
    try emit(SearchIndexFile(path: folder + "f/" + values + ".json", bytes: valuesFile))
    // `index.json`, last.
    let manifest = JSONValue.object([
      ("format", .int(format)),
      ("documents", .int(ids.count)),
      ("slotBits", .int(slots.bits)),
      ("version", .string(String(documents.version, radix: 16))),
      ("documentBits", .int(documentGroupBits)),
      ("thumbnail", .optional(options.thumbnailTemplate)),
      ("strings", .object(options.strings.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
      (
        "terms",
        .object([
          ("bounds", .array(bounds.map(JSONValue.string))), ("files", .array(chunks.map(JSONValue.string))),
        ])
      ),
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
          ("values", .string(values)), ("rangeBits", .int(rangeBits)),
          ("files", .array(facetFiles.map(JSONValue.string))),
        ])
      ),
    ])
    try emit(SearchIndexFile(path: folder + "index.json", bytes: Array((manifest.rendered() + "\n").utf8)))
  }

  /// Each facet's value names, in byte order (`f/<hash>.json`).
  static func valuesFile(_ tables: [[String]]) -> [UInt8] {
    Array((JSONValue.array(tables.map { .array($0.map(JSONValue.string)) }).rendered() + "\n").utf8)
  }

  /// Facet files hold about 512 documents each (2–3 KB): 1 file up to 1,023 documents, 2, 4, 8…
  static func facetRangeCountBits(documents: Int) -> Int {
    let ratio = documents / 512
    return ratio <= 1 ? 0 : Int.bitWidth - 1 - ratio.leadingZeroBitCount
  }
}

/// Content-addressed file names: eight hex digits of the bytes' XXH64; the rare second file
/// with the same digits (but other bytes) in one index gets `-2`, `-3`…
struct FileNames {
  private var seen: [String: [UInt64]] = [:]

  /// The name of a file whose bytes' XXH64 is `hash`.
  mutating func name(forHash hash: UInt64) -> String {
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
struct DocumentGroups {
  let folder: String
  let bits: Int
  private var group = -1
  private var file: [UInt8] = []
  /// The XXH64 of each file written, in group order.
  private(set) var hashes: [UInt64] = []

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

  /// Writes the file of the group being filled, if it has documents.
  mutating func finish<Failure: Error>(_ emit: (SearchIndexFile) throws(Failure) -> Void) throws(Failure) {
    guard !file.isEmpty else { return }
    file.append(contentsOf: "]\n".utf8)
    let emitted = SearchIndexFile(path: folder + String(group, radix: 36) + ".json", bytes: file)
    hashes.append(emitted.hash)
    try emit(emitted)
    file.removeAll(keepingCapacity: true)
  }

  /// The hash of every file's hash, in group order.
  var version: UInt64 {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(hashes.count * 8)
    for hash in hashes { withUnsafeBytes(of: hash.littleEndian) { bytes.append(contentsOf: $0) } }
    return bytes.withUnsafeBufferPointer { XXH64.hash($0, seed: UInt64(SearchIndexWriter.format)) }
  }
}
