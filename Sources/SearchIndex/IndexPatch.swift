import Support

/// A rebuild's index, made by patching the last build's instead of merging every document again:
/// only the slots whose document changed (edited, added, removed, or moved by a neighbour) are
/// analysed, and only the files that hold them are made; the others are the last build's,
/// reused unread. The bytes are those a full build gives (`SearchIndexWriter.write`).
///
/// - Term chunks: each changed slot's postings are dropped from the terms its old document had,
///   and its new document's added; the chunks those terms fall in (and the chunk before each,
///   whose end depends on the next chunk's first term) are read from the last build's files,
///   patched and cut again by the same rule (`TermIndex.endsChunk`), until a cut meets the
///   start of an untouched chunk: from there on the cuts are the last build's.
/// - Document files: the groups of the changed slots, from the kept records.
/// - Facet files: the ranges of the changed slots, when every facet keeps the same values
///   (else, and whenever the slot space, the chunk target or a file's name would change, the
///   index is made afresh).
struct IndexPatch {
  let options: SearchIndexOptions
  let optionsDigest: UInt64
  let folder: String
  let slots: SearchSlots
  let previous: SearchAnalysisStore
  let old: IndexSummary
  /// Each slot's document now (its index in `ids`), and the last build's entry (index in
  /// `previous.slotted`).
  let documentAt: [Int: Int]
  let oldAt: [Int: Int]
  let digests: [DocumentDigest]
  /// The slots whose document is not the last build's, in order.
  let changed: [Int]
  /// The new analysis of each changed slot that has a document, and its store entry and whether
  /// it came from the store.
  let analyses: [Int: (result: DocumentAnalyzer.Result, entry: ArraySlice<UInt8>, reused: Bool)]
  /// The last build's analysis of each changed slot that had a document, read back before
  /// patching: one that no longer reads back refuses the patch (its postings could not be
  /// dropped).
  let before: [Int: DocumentAnalyzer.Result]
  var summary: IndexSummary
  /// Files made, and files kept from the last build (path, hash), in the order a full build
  /// hands them over.
  var files: [SearchIndexFile] = []
  var kept: [(path: String, hash: UInt64)] = []
  var bounds: [String] = []

  /// The patch of the last build's index for documents `ids`; nil when there is none to patch,
  /// or a full build is as cheap or must be made (see the type's description).
  init?(
    ids: [String], slots: SearchSlots, options: SearchIndexOptions, optionsDigest: UInt64,
    previous: SearchAnalysisStore, digests: [DocumentDigest], document: @Sendable (Int) -> SearchDocument,
    read: (String) -> [UInt8]?
  ) {
    guard let old = previous.summary, previous.matches(options: optionsDigest), !ids.isEmpty,
      old.slotBits == slots.bits,
      old.rangeBits == slots.bits - SearchIndexWriter.facetRangeCountBits(documents: ids.count),
      old.tables.count == options.facets.count
    else { return nil }
    self.options = options
    self.optionsDigest = optionsDigest
    folder = options.folder.isEmpty ? "" : options.folder + "/"
    self.slots = slots
    self.previous = previous
    self.old = old
    summary = old
    summary.documents = ids.count

    self.digests = digests
    var documentAt: [Int: Int] = [:]
    documentAt.reserveCapacity(ids.count)
    for (index, slot) in slots.slots.enumerated() { documentAt[slot] = index }
    var oldAt: [Int: Int] = [:]
    oldAt.reserveCapacity(previous.slotted.count)
    for (index, entry) in previous.slotted.enumerated() { oldAt[entry.slot] = index }
    var changed: Set<Int> = []
    for (slot, index) in documentAt where oldAt[slot].map({ previous.slotted[$0].digest }) != digests[index] {
      changed.insert(slot)
    }
    for entry in previous.slotted where documentAt[entry.slot] == nil { changed.insert(entry.slot) }
    // Beyond one document in sixteen, patching costs about what merging everything does.
    guard changed.count * 16 <= ids.count else { return nil }
    self.changed = changed.sorted()
    self.documentAt = documentAt
    self.oldAt = oldAt

    let withDocuments = self.changed.compactMap { slot in documentAt[slot].map { (slot, $0) } }
    let made = Parallel.map(count: withDocuments.count, minimumChunk: 1) {
      position -> (DocumentAnalyzer.Result, ArraySlice<UInt8>, Bool) in
      let index = withDocuments[position].1
      if let (result, entry) = previous.result(for: digests[index], options: optionsDigest) {
        return (result, entry, true)
      }
      // A few documents: an analyzer each.
      var analyzer = DocumentAnalyzer()
      let result = analyzer.analyze(document(index), options: options)
      return (result, StoreEntry.encode(result)[...], false)
    }
    var analyses: [Int: (DocumentAnalyzer.Result, ArraySlice<UInt8>, Bool)] = [:]
    for (position, (slot, _)) in withDocuments.enumerated() { analyses[slot] = made[position] }
    self.analyses = analyses
    let hadDocuments = self.changed.compactMap { slot in oldAt[slot].map { (slot, $0) } }
    let oldResults = Parallel.map(count: hadDocuments.count, minimumChunk: 16) {
      previous.entry(at: hadDocuments[$0].1)?.0
    }
    var before: [Int: DocumentAnalyzer.Result] = [:]
    for ((slot, _), result) in zip(hadDocuments, oldResults) {
      guard let result else { return nil }
      before[slot] = result
    }
    self.before = before

    guard patchTerms(read: read), patchDocuments(), patchFacets() else { return nil }
  }

  /// The last build's analysis of the document at `slot`, if it had one there (and it still
  /// reads back: a caller needing one it lacks refuses the patch).
  func oldResult(at slot: Int) -> DocumentAnalyzer.Result? {
    before[slot] ?? oldAt[slot].flatMap { previous.entry(at: $0)?.0 }
  }

  /// The analysis of the document at `slot` now: the new one when it changed, else the kept one.
  func result(at slot: Int) -> DocumentAnalyzer.Result? {
    analyses[slot]?.result ?? (documentAt[slot] == nil ? nil : oldResult(at: slot))
  }

  // MARK: Writing

  /// Hands over the made files and reuses the kept ones, then keeps the analyses for the next
  /// build; false (nothing kept) when a kept file could not be placed nor read: the caller
  /// then makes the index afresh.
  func write<Failure: Error>(
    keeping store: SearchAnalysisStoreWriter?, reuse previousFiles: PreviousFiles<Failure>,
    emit: (SearchIndexFile) throws(Failure) -> Void
  ) throws(Failure) -> Bool {
    for file in files { try emit(file) }
    for (path, hash) in kept where !(try previousFiles.reuse(path, hash)) {
      guard let bytes = previousFiles.read(path), XXH64.hash(bytes) == hash else { return false }
      try emit(SearchIndexFile(path: path, bytes: bytes))
    }
    try emit(SearchIndexWriter.manifest(options: options, summary: summary, bounds: bounds))
    guard let store else { return true }
    store.begin(options: optionsDigest)
    // The documents that stayed are copied as runs of the last store's entries, bytes as they
    // were (the same digest, slot and analysis make the same entry).
    var run: (first: Int, last: Int)?
    func copyRun() {
      guard let (first, last) = run else { return }
      store.addKept(from: previous, entries: first...last)
      run = nil
    }
    for (slot, index) in documentAt.sorted(by: { $0.key < $1.key }) {
      if let made = analyses[slot] {
        copyRun()
        store.add(digests[index], slot: slot, entry: made.entry, reused: made.reused)
      } else {
        let kept = oldAt[slot]!
        if let (first, last) = run, last + 1 == kept {
          run = (first, kept)
        } else {
          copyRun()
          run = (kept, kept)
        }
      }
    }
    copyRun()
    store.finish(summary: summary)
    return true
  }
}
