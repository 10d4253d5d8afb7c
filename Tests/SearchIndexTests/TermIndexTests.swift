import Testing

@testable import SearchIndex

@Suite struct TermIndexTests {
  /// One term's buffer for `TermIndex.add`: its shard's bytes (varint length, key, flags).
  static func terms(_ keys: [[UInt8]], flags: UInt8 = PostingFlags.word(primary: true)) -> [ArraySlice<UInt8>]
  {
    var buffers = [[UInt8]](repeating: [], count: TermIndex.shardCount)
    for key in keys {
      let shard = TermIndex.shard(ofHash: key.withUnsafeBufferPointer { ByteKeyTable.hash($0) })
      buffers[shard].appendVarInt(key.count)
      buffers[shard].append(contentsOf: key)
      buffers[shard].append(flags)
    }
    return buffers.map { $0[...] }
  }

  /// The terms of every shard come out of the chunks once each, in one byte order.
  @Test func chunksHoldEveryShardsTermsInByteOrder() {
    let terms = TermIndex()
    let distinct = ByteKeyTableTests.keys.filter { !$0.isEmpty }
    terms.add([(Self.terms(distinct), 3)])
    var written: [[UInt8]] = []
    terms.writeChunks(target: 4096) { bytes, _ in
      written += ChunkDecoder.terms(bytes)?.map(\.key) ?? []
    }
    #expect(written == distinct.sorted { $0.lexicographicallyPrecedes($1) })
  }

  /// Postings of every length read back whole: held in the term, then in one block, then
  /// chained across many (gaps of one, two and three varint bytes).
  @Test(arguments: [1, 3, 4, 5, 12, 33, 400]) func postingsReadBackAcrossBlocks(documents: Int) {
    let terms = TermIndex()
    let slots = (0..<documents).map { $0 * $0 * 7 + $0 }
    let flags = (0..<documents).map { UInt8(1 + $0 % 3) }
    for (slot, flag) in zip(slots, flags) {
      terms.add([(Self.terms([Array("word".utf8), Array("other\(slot % 2)".utf8)], flags: flag), slot)])
    }
    var postings: [[UInt8]: [(slot: Int, flags: UInt8)]] = [:]
    terms.writeChunks(target: 4096) { bytes, _ in
      for term in ChunkDecoder.terms(bytes) ?? [] {
        postings[term.key] = ChunkDecoder.postings(term.postings, shift: PostingFlags.wordBits)
      }
    }
    let word = postings[Array("word".utf8)] ?? []
    #expect(word.map(\.slot) == slots)
    #expect(word.map(\.flags) == flags)
    #expect(postings[Array("other0".utf8)]?.map(\.slot) == slots.filter { $0 % 2 == 0 })
  }
}
