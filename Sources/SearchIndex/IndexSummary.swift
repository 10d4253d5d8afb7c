import Support

/// What a build's index came to, kept in the store beside the analyses (`SearchAnalysisStore`):
/// enough for the next build to patch the files a few changed documents touch (`IndexPatch`)
/// and to take the others as they are, without merging every document's terms again.
struct IndexSummary: Equatable {
  struct Group: Equatable {
    /// The group's number (`slot >> documentGroupBits`) and the XXH64 of its file.
    var group: Int
    var hash: UInt64
  }

  var slotBits = 0
  var documents = 0
  /// The chunk target the terms were cut with, and the entries' bytes it was picked from.
  var target = 0
  var total = 0
  /// Each term chunk in order: the XXH64 of its file, its first and last terms.
  var chunks: [(hash: UInt64, info: ChunkInfo)] = []
  /// Each document file, in group order.
  var groups: [Group] = []
  var rangeBits = 0
  /// Each facet range's file's XXH64; nil for a range without documents.
  var facetFiles: [UInt64?] = []
  /// Each facet's values in byte order, with the documents that have each.
  var tables: [[FacetValue]] = []
  /// The XXH64 of the facet values' file.
  var valuesHash: UInt64 = 0

  init() {}

  static func == (a: IndexSummary, b: IndexSummary) -> Bool { a.encoded() == b.encoded() }

  /// The file names every file of the index gets, in the order the writer hands them over.
  var names: (chunks: [String], facets: [String], values: String) {
    var names = FileNames()
    let chunks = self.chunks.map { names.name(forHash: $0.hash) }
    let facets = facetFiles.map { $0.map { names.name(forHash: $0) } ?? "" }
    return (chunks, facets, names.name(forHash: valuesHash))
  }

  func encoded() -> [UInt8] {
    var bytes: [UInt8] = []
    func word(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    func text(_ value: some Collection<UInt8>) {
      bytes.appendVarInt(value.count)
      bytes.append(contentsOf: value)
    }
    for value in [slotBits, documents, target, total, rangeBits, chunks.count] { bytes.appendVarInt(value) }
    for (hash, info) in chunks {
      word(hash)
      text(info.first)
      text(info.last)
      bytes.appendVarInt(info.firstEntry)
    }
    bytes.appendVarInt(groups.count)
    for group in groups {
      bytes.appendVarInt(group.group)
      word(group.hash)
    }
    bytes.appendVarInt(facetFiles.count)
    for file in facetFiles {
      bytes.append(file == nil ? 0 : 1)
      if let file { word(file) }
    }
    bytes.appendVarInt(tables.count)
    for table in tables {
      bytes.appendVarInt(table.count)
      for value in table {
        text(value.value.utf8)
        bytes.appendVarInt(value.count)
      }
    }
    word(valuesHash)
    return bytes
  }

  /// The summary `encoded` wrote; nil for bytes that are not one.
  init?(_ body: ArraySlice<UInt8>) {
    var reader = StoreReader(bytes: body)
    let limit = body.count
    guard let slotBits = reader.varInt(), let documents = reader.varInt(), let target = reader.varInt(),
      let total = reader.varInt(), let rangeBits = reader.varInt(), let chunkCount = reader.varInt(),
      slotBits < 48, rangeBits <= slotBits, chunkCount <= limit
    else { return nil }
    (self.slotBits, self.documents, self.target, self.total, self.rangeBits) =
      (slotBits, documents, target, total, rangeBits)
    for _ in 0..<chunkCount {
      guard let hash = reader.word(), let first = reader.lengthPrefixed(), let last = reader.lengthPrefixed(),
        let firstEntry = reader.varInt()
      else { return nil }
      chunks.append((hash, ChunkInfo(first: Array(first), last: Array(last), firstEntry: firstEntry)))
    }
    guard let groupCount = reader.varInt(), groupCount <= limit else { return nil }
    for _ in 0..<groupCount {
      guard let group = reader.varInt(), let hash = reader.word() else { return nil }
      groups.append(Group(group: group, hash: hash))
    }
    guard let facetCount = reader.varInt(), facetCount <= limit else { return nil }
    for _ in 0..<facetCount {
      guard let tag = reader.take(1)?.first, tag <= 1 else { return nil }
      if tag == 0 {
        facetFiles.append(nil)
      } else {
        guard let hash = reader.word() else { return nil }
        facetFiles.append(hash)
      }
    }
    guard let tableCount = reader.varInt(), tableCount <= limit else { return nil }
    for _ in 0..<tableCount {
      guard let count = reader.varInt(), count <= limit else { return nil }
      var table: [FacetValue] = []
      for _ in 0..<count {
        guard let value = reader.lengthPrefixed(), let uses = reader.varInt() else { return nil }
        table.append(FacetValue(value: String(decoding: value, as: UTF8.self), count: uses))
      }
      tables.append(table)
    }
    guard let valuesHash = reader.word(), reader.position == reader.end else { return nil }
    self.valuesHash = valuesHash
  }
}
