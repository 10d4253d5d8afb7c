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
  private let options: SearchIndexOptions
  private let optionsDigest: UInt64
  private let folder: String
  private let slots: SearchSlots
  private let previous: SearchAnalysisStore
  private let old: IndexSummary
  /// Each slot's document now (its index in `ids`), and the last build's entry (index in
  /// `previous.slotted`).
  private let documentAt: [Int: Int]
  private let oldAt: [Int: Int]
  private let digests: [DocumentDigest]
  /// The slots whose document is not the last build's, in order.
  private let changed: [Int]
  /// The new analysis of each changed slot that has a document, and its store entry and whether
  /// it came from the store.
  private let analyses: [Int: (result: DocumentAnalyzer.Result, entry: ArraySlice<UInt8>, reused: Bool)]
  private var summary: IndexSummary
  /// Files made, and files kept from the last build (path, hash), in the order a full build
  /// hands them over.
  private var files: [SearchIndexFile] = []
  private var kept: [(path: String, hash: UInt64)] = []
  private var bounds: [String] = []

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

    guard patchTerms(read: read), patchDocuments(), patchFacets() else { return nil }
  }

  /// The last build's analysis of the document at `slot`, if it had one there.
  private func oldResult(at slot: Int) -> DocumentAnalyzer.Result? {
    oldAt[slot].flatMap { previous.entry(previous.slotted[$0].body)?.0 }
  }

  /// The analysis of the document at `slot` now: the new one when it changed, else the kept one.
  private func result(at slot: Int) -> DocumentAnalyzer.Result? {
    analyses[slot]?.result ?? (documentAt[slot] == nil ? nil : oldResult(at: slot))
  }

  // MARK: Terms

  /// A term's postings as they are to be: the changed slots' postings added (theirs dropped).
  private struct TermChange {
    var isCJK = false
    var added: [(slot: Int, flags: UInt8)] = []
  }

  private mutating func patchTerms(read: (String) -> [UInt8]?) -> Bool {
    // Each changed slot's terms with their flags, before and after: a term a slot has with the
    // same flags on both sides keeps its posting there (a note edit changes a few words, not
    // the book's hundreds).
    func terms(_ result: DocumentAnalyzer.Result?) -> [[UInt8]: UInt8] {
      var terms: [[UInt8]: UInt8] = [:]
      for shard in result?.terms ?? [] {
        shard.withUnsafeBufferPointer { buffer in
          var offset = 0
          while offset < buffer.count {
            let length = TermIndex.readVarInt(buffer, &offset)
            terms[Array(buffer[offset..<offset + length])] = buffer[offset + length]
            offset += length + 1
          }
        }
      }
      return terms
    }
    let before = changed.map { terms(oldResult(at: $0)) }
    let after = changed.map { terms(analyses[$0]?.result) }
    var changes: [[UInt8]: TermChange] = [:]
    for position in changed.indices {
      for (key, flags) in before[position] where after[position][key] != flags { changes[key] = TermChange() }
      for (key, flags) in after[position] where before[position][key] != flags { changes[key] = TermChange() }
    }
    // A changed term's postings at every changed slot are dropped, then each slot's new one added.
    for key in changes.keys {
      var change = TermChange()
      for (position, slot) in changed.enumerated() {
        if let flags = after[position][key] { change.added.append((slot, flags)) }
        if let flags = after[position][key] ?? before[position][key] {
          change.isCJK = flags & PostingFlags.cjkTerm != 0
        }
      }
      changes[key] = change
    }
    let removed = Set(changed)
    let keys = changes.keys.sorted { $0.lexicographicallyPrecedes($1) }
    let chunks = old.chunks
    guard !chunks.isEmpty else { return false }
    // Each chunk's bound (the first key a chunk holds is at or past it).
    var oldBounds: [[UInt8]] = [[]]
    for index in chunks.indices.dropFirst() {
      oldBounds.append(
        Array(
          TermIndex.bound(first: chunks[index].info.first[...], after: chunks[index - 1].info.last[...]).utf8)
      )
    }
    // The changed terms of each chunk, in order.
    var byChunk: [Int: [[UInt8]]] = [:]
    var chunk = 0
    for key in keys {
      while chunk + 1 < chunks.count, !key.lexicographicallyPrecedes(oldBounds[chunk + 1]) { chunk += 1 }
      byChunk[chunk, default: []].append(key)
    }
    var touched = Set(byChunk.keys)
    for index in byChunk.keys where index > 0 { touched.insert(index - 1) }

    let oldNames = old.names.chunks
    var cutter = ChunkCutter(target: old.target)
    var made: [(bytes: [UInt8], info: ChunkInfo, bound: String)] = []
    var plan: [(keptIndex: Int?, made: Int?)] = []
    var previousLast: [UInt8]? = nil
    var total = old.total
    func flush() {
      guard let (bytes, first, last, firstEntry) = cutter.finish() else { return }
      let bound = TermIndex.bound(first: first[...], after: previousLast?[...])
      made.append((bytes, ChunkInfo(first: first, last: last, firstEntry: firstEntry), bound))
      plan.append((nil, made.count - 1))
      previousLast = last
    }
    for index in chunks.indices {
      let info = chunks[index].info
      if !touched.contains(index) {
        if !cutter.isEmpty,
          TermIndex.endsChunk(
            size: cutter.size, before: info.firstEntry,
            hash: info.first.withUnsafeBufferPointer(ByteKeyTable.hash), target: old.target)
        {
          flush()
        }
        if cutter.isEmpty {
          plan.append((index, nil))
          bounds.append(TermIndex.bound(first: info.first[...], after: previousLast?[...]))
          previousLast = info.last
          continue
        }
      }
      guard let bytes = read(folder + "t/" + oldNames[index] + ".bin"),
        XXH64.hash(bytes) == chunks[index].hash,
        let terms = ChunkDecoder.terms(bytes)
      else { return false }
      let patched = byChunk[index] ?? []
      var next = 0
      func feed(_ key: [UInt8], count: Int, postings: ArraySlice<UInt8>) {
        if cutter.endsBefore(key: key, postingBytes: postings.count) { flush() }
        cutter.add(key, count: count, postings: postings)
      }
      func feedChange(_ key: [UInt8], oldPostings: ArraySlice<UInt8>?) -> Bool {
        let change = changes[key]!
        let shift = change.isCJK ? PostingFlags.cjkBits : PostingFlags.wordBits
        var postings: [(slot: Int, flags: UInt8)] = []
        if let oldPostings {
          guard let decoded = ChunkDecoder.postings(oldPostings, shift: shift) else { return false }
          postings = decoded.filter { !removed.contains($0.slot) }
          total -= TermIndex.entrySize(key: key.count, postingBytes: oldPostings.count)
        }
        postings += change.added
        postings.sort { $0.slot < $1.slot }
        guard !postings.isEmpty else { return true }
        var bytes: [UInt8] = []
        var last = -1
        for posting in postings {
          bytes.appendVarInt((posting.slot - last - 1) << shift | Int(posting.flags & 0x3F))
          last = posting.slot
        }
        total += TermIndex.entrySize(key: key.count, postingBytes: bytes.count)
        feed(key, count: postings.count, postings: bytes[...])
        return true
      }
      for term in terms {
        while next < patched.count, patched[next].lexicographicallyPrecedes(term.key) {
          guard feedChange(patched[next], oldPostings: nil) else { return false }
          next += 1
        }
        if next < patched.count, patched[next] == term.key {
          guard feedChange(term.key, oldPostings: term.postings) else { return false }
          next += 1
        } else {
          feed(term.key, count: term.count, postings: term.postings)
        }
      }
      while next < patched.count {
        guard feedChange(patched[next], oldPostings: nil) else { return false }
        next += 1
      }
    }
    flush()
    // The target follows the total: when it moves, every cut may.
    let target = options.chunkTarget ?? TermIndex.chunkTarget(total: total)
    guard target == old.target, !plan.isEmpty else { return false }
    summary.total = total
    summary.chunks = plan.map { step in
      step.keptIndex.map { chunks[$0] } ?? (XXH64.hash(made[step.made!].bytes), made[step.made!].info)
    }
    // Bounds in order: a kept chunk's was worked out as it was met, a made one's when cut.
    var keptBounds = bounds.makeIterator()
    bounds = plan.map { step in step.made.map { made[$0].bound } ?? keptBounds.next()! }
    let names = summary.names.chunks
    for (position, step) in plan.enumerated() {
      let path = folder + "t/" + names[position] + ".bin"
      if let index = step.keptIndex {
        // A kept file keeps its name, or it is not the last build's file.
        guard names[position] == oldNames[index] else { return false }
        kept.append((path, chunks[index].hash))
      } else {
        files.append(SearchIndexFile(path: path, bytes: made[step.made!].bytes))
      }
    }
    return true
  }

  // MARK: Documents

  private mutating func patchDocuments() -> Bool {
    let bits = SearchIndexWriter.documentGroupBits
    let groups = Set(changed.map { $0 >> bits }).sorted()
    let oldHashes = Dictionary(old.groups.map { ($0.group, $0.hash) }, uniquingKeysWith: { a, _ in a })
    var hashes = oldHashes
    let documentsFolder = folder + "d/"
    for group in groups {
      var file: [UInt8] = []
      for slot in (group << bits)..<((group + 1) << bits) where documentAt[slot] != nil {
        guard let result = result(at: slot) else { return false }
        DocumentGroups.append(result.record, slot: slot, to: &file)
      }
      guard !file.isEmpty else {
        hashes[group] = nil
        continue
      }
      DocumentGroups.close(&file)
      let made = SearchIndexFile(
        path: DocumentGroups.path(folder: documentsFolder, group: group), bytes: file)
      hashes[group] = made.hash
      made.hash == oldHashes[group] ? kept.append((made.path, made.hash)) : files.append(made)
    }
    summary.groups = hashes.sorted { $0.key < $1.key }.map {
      IndexSummary.Group(group: $0.key, hash: $0.value)
    }
    let changedGroups = Set(groups)
    for group in summary.groups where !changedGroups.contains(group.group) {
      kept.append((DocumentGroups.path(folder: documentsFolder, group: group.group), group.hash))
    }
    return true
  }

  // MARK: Facets

  private mutating func patchFacets() -> Bool {
    let kinds = options.facets.count
    var tables = old.tables
    let places: [[String: Int]] = tables.map { table in
      Dictionary(table.enumerated().map { ($1.value, $0) }, uniquingKeysWith: { a, _ in a })
    }
    for slot in changed {
      for (facets, step) in [(oldResult(at: slot)?.facets, -1), (analyses[slot]?.result.facets, 1)] {
        guard let facets else { continue }
        for kind in 0..<kinds {
          for value in kind < facets.count ? facets[kind] : [] {
            // A value spelled otherwise than the table (`e` + U+0301 for `é`) may change which
            // spelling the table shows: only a full build knows (the last build's every
            // document spelled each value alike, or it kept no summary).
            guard let place = places[kind][value], tables[kind][place].value.utf8.elementsEqual(value.utf8)
            else { return false }
            tables[kind][place].count += step
          }
        }
      }
    }
    // A value gone or new renumbers its facet: every file changes.
    guard tables.allSatisfy({ $0.allSatisfy { $0.count > 0 } }) else { return false }
    summary.tables = tables
    let widths = FacetIndex.widths(tables.map(\.count))
    let rangeBits = old.rangeBits
    let ranges = Set(changed.map { $0 >> rangeBits })
    let oldNames = old.names.facets
    var made: [Int: [UInt8]] = [:]
    for range in ranges.sorted() {
      var members: [(slot: Int, values: [[Int]])] = []
      let start = range << rangeBits
      for slot in start..<(start + (1 << rangeBits)) where documentAt[slot] != nil {
        guard let facets = result(at: slot)?.facets else { return false }
        members.append(
          (
            slot,
            (0..<kinds).map { kind in (kind < facets.count ? facets[kind] : []).map { places[kind][$0]! } }
          ))
      }
      guard range < summary.facetFiles.count else { return false }
      let bytes = FacetIndex.file(widths: widths, rangeBits: rangeBits, start: start, documents: members)
      summary.facetFiles[range] = bytes.map { XXH64.hash($0) }
      if let bytes { made[range] = bytes }
    }
    let names = summary.names
    for (range, hash) in summary.facetFiles.enumerated() {
      guard let hash else { continue }
      let path = folder + "f/" + names.facets[range] + ".bin"
      if let bytes = made[range], old.facetFiles[range] != hash {
        files.append(SearchIndexFile(path: path, bytes: bytes))
      } else {
        guard names.facets[range] == oldNames[range] else { return false }
        kept.append((path, hash))
      }
    }
    guard names.values == old.names.values else { return false }
    kept.append((folder + "f/" + names.values + ".json", old.valuesHash))
    return true
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
      let records = previous.slotted[first].record.lowerBound..<previous.slotted[last].record.upperBound
      store.addKept(previous.bytes(records), count: last - first + 1)
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

/// Terms met in order, cut into chunks by `TermIndex.endsChunk`, as a full build cuts them.
private struct ChunkCutter {
  let target: Int
  private(set) var size = 0
  private var terms: [(key: [UInt8], count: Int, postings: ArraySlice<UInt8>)] = []

  init(target: Int) {
    self.target = target
  }

  var isEmpty: Bool { terms.isEmpty }

  func endsBefore(key: [UInt8], postingBytes: Int) -> Bool {
    !terms.isEmpty
      && TermIndex.endsChunk(
        size: size, before: TermIndex.entrySize(key: key.count, postingBytes: postingBytes),
        hash: key.withUnsafeBufferPointer(ByteKeyTable.hash), target: target)
  }

  mutating func add(_ key: [UInt8], count: Int, postings: ArraySlice<UInt8>) {
    terms.append((key, count, postings))
    size += TermIndex.entrySize(key: key.count, postingBytes: postings.count)
  }

  /// The chunk's bytes, first and last terms and first entry's size; nil when it has no terms.
  mutating func finish() -> ([UInt8], [UInt8], [UInt8], Int)? {
    guard let first = terms.first, let last = terms.last else { return nil }
    var encoder = ChunkEncoder(count: terms.count)
    for term in terms {
      encoder.add(term.key, count: term.count, postingBytes: term.postings.count) {
        $0.append(contentsOf: term.postings)
      }
    }
    let firstEntry = TermIndex.entrySize(key: first.key.count, postingBytes: first.postings.count)
    terms.removeAll(keepingCapacity: true)
    size = 0
    return (encoder.bytes, first.key, last.key, firstEntry)
  }
}

/// A chunk file read back (`ChunkEncoder`'s layout); nil for bytes that are not one.
enum ChunkDecoder {
  static func terms(_ bytes: [UInt8]) -> [(key: [UInt8], count: Int, postings: ArraySlice<UInt8>)]? {
    var reader = StoreReader(bytes: bytes)
    guard let count = reader.varInt(), count <= bytes.count else { return nil }
    var terms: [(key: [UInt8], count: Int, postings: ArraySlice<UInt8>)] = []
    terms.reserveCapacity(count)
    var previous: [UInt8] = []
    for _ in 0..<count {
      guard let shared = reader.varInt(), shared <= previous.count, let rest = reader.lengthPrefixed(),
        let postings = reader.varInt(), let body = reader.lengthPrefixed()
      else { return nil }
      var key = Array(previous[..<shared])
      key.append(contentsOf: rest)
      terms.append((key, postings, body))
      previous = key
    }
    return reader.position == reader.end ? terms : nil
  }

  /// A term's postings as slots and flags.
  static func postings(_ bytes: ArraySlice<UInt8>, shift: Int) -> [(slot: Int, flags: UInt8)]? {
    var reader = StoreReader(bytes: bytes)
    var postings: [(slot: Int, flags: UInt8)] = []
    var last = -1
    while reader.position < reader.end {
      guard let value = reader.varInt() else { return nil }
      last += (value >> shift) + 1
      postings.append((last, UInt8(value & (1 << shift - 1))))
    }
    return postings
  }
}
