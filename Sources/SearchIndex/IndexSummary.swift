/// What the index's manifest says of its files: the slot space, the document files (for the
/// version the browser fetches them with), and the XXH64 of every content-named file.
struct IndexSummary {
  struct Group: Equatable {
    /// The group's number (`slot >> documentGroupBits`) and the XXH64 of its file.
    var group: Int
    var hash: UInt64
  }

  var slotBits = 0
  var documents = 0
  /// Each term chunk's file's XXH64, in order.
  var chunks: [UInt64] = []
  /// Each document file, in group order.
  var groups: [Group] = []
  var rangeBits = 0
  /// Each facet range's file's XXH64; nil for a range without documents.
  var facetFiles: [UInt64?] = []
  /// The XXH64 of the facet values' file.
  var valuesHash: UInt64 = 0

  /// The file names every file of the index gets, in the order the writer hands them over.
  var names: (chunks: [String], facets: [String], values: String) {
    var names = FileNames()
    let chunks = self.chunks.map { names.name(forHash: $0) }
    let facets = facetFiles.map { $0.map { names.name(forHash: $0) } ?? "" }
    return (chunks, facets, names.name(forHash: valuesHash))
  }
}
