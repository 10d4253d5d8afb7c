import Support

/// Patching the term chunks: the changed slots' postings dropped and added, the chunks they fall
/// in read back and cut again until a cut meets an untouched chunk (see `IndexPatch`).
extension IndexPatch {
  // MARK: Terms

  /// A term's postings as they are to be: the changed slots' postings added (theirs dropped).
  fileprivate struct TermChange {
    var isCJK = false
    var added: [(slot: Int, flags: UInt8)] = []
  }

  mutating func patchTerms(read: (String) -> [UInt8]?) -> Bool {
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
