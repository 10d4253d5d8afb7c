import Support

/// Writes the store the next build reads as documents are analysed, handing its bytes to
/// `sink` 256 KiB at a time (at 100k books a store is over 100 MB: it is never held whole).
/// The header is the magic line, the stamp and the options' digest; each entry is tagged 1,
/// then its digest, its slot, its length-prefixed analysis and an XXH64 of those (entries come
/// in slot order); the index's summary is tagged 2, then its length-prefixed bytes and an XXH64
/// of those; the trailer is tagged 0, then the number of entries and an XXH64 of the header. A
/// store cut short has no trailer.
package final class SearchAnalysisStoreWriter {
  private static let flushSize = 1 << 18
  private let stamp: String
  private let sink: ([UInt8]) -> Void
  private var buffer: [UInt8] = []
  private var header: [UInt8] = []
  private var count = 0
  /// Documents whose analysis came from the previous store, not from analysing them.
  package private(set) var reused = 0
  /// Whether the store was given up (`abandon`): what the sink had is not a store to keep.
  package private(set) var abandoned = false

  package init(stamp: String, sink: @escaping ([UInt8]) -> Void) {
    self.stamp = stamp
    self.sink = sink
  }

  func begin(options: UInt64) {
    header = SearchAnalysisStore.magic
    header.appendVarInt(stamp.utf8.count)
    header.append(contentsOf: stamp.utf8)
    withUnsafeBytes(of: options.littleEndian) { header.append(contentsOf: $0) }
    // Room for an entry past the flush size: the buffer is not doubled at every flush.
    buffer.reserveCapacity(SearchAnalysisStoreWriter.flushSize + (1 << 16))
    buffer.append(contentsOf: header)
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

  /// Adds the entries `previous.slotted[entries]` as the last store wrote them, tags and checks
  /// included (documents that stayed in their slots, reused), copied from its file a window at
  /// a time (a run can be nearly the whole store). When they no longer read back as they were,
  /// the store is abandoned: it would claim entries it lacks.
  func addKept(from previous: SearchAnalysisStore, entries: ClosedRange<Int>) {
    guard !abandoned else { return }
    let copied = previous.records(entries) { chunk in
      buffer.append(contentsOf: chunk)
      if buffer.count >= SearchAnalysisStoreWriter.flushSize { flush() }
    }
    guard copied else { return abandon() }
    count += entries.count
    reused += entries.count
  }

  /// Gives up this store: nothing more is added, and `abandoned` tells the caller not to keep
  /// what was written (the next build analyses every document again).
  func abandon() {
    abandoned = true
    buffer = []
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
    if !abandoned { sink(buffer) }
    buffer.removeAll(keepingCapacity: true)
  }
}
