import Testing

@testable import SearchIndex

@Suite struct TermIndexTests {
  /// Adds one document of `keys` at `slot`.
  static func add(
    _ keys: [[UInt8]], slot: Int, flags: UInt8 = PostingFlags.word(primary: true), to terms: inout TermIndex
  ) {
    for key in keys { key.withUnsafeBufferPointer { terms.add($0, flags) } }
    terms.endDocument(slot: slot)
  }

  static func postings(_ terms: borrowing TermIndex) -> [[UInt8]: [(slot: Int, flags: UInt8)]] {
    var postings: [[UInt8]: [(slot: Int, flags: UInt8)]] = [:]
    terms.writeChunks(target: 4096) { bytes, _ in
      for term in ChunkDecoder.terms(bytes) ?? [] {
        let cjk = term.key.first.map { $0 >= 0xE1 } ?? false
        postings[term.key] = ChunkDecoder.postings(
          term.postings, shift: cjk ? PostingFlags.cjkBits : PostingFlags.wordBits)
      }
    }
    return postings
  }

  /// Every term comes out of the chunks once, in byte order.
  @Test func chunksHoldEveryTermInByteOrder() {
    var terms = TermIndex()
    let distinct = ByteKeyTableTests.keys.filter { !$0.isEmpty }
    Self.add(distinct, slot: 3, to: &terms)
    var written: [[UInt8]] = []
    terms.writeChunks(target: 4096) { bytes, _ in
      written += ChunkDecoder.terms(bytes)?.map(\.key) ?? []
    }
    #expect(written == distinct.sorted { $0.lexicographicallyPrecedes($1) })
  }

  /// Postings of every length read back whole: held in the term, then in one block, then
  /// chained across many (gaps of one, two and three varint bytes).
  @Test(arguments: [1, 3, 4, 5, 12, 33, 400]) func postingsReadBackAcrossBlocks(documents: Int) {
    var terms = TermIndex()
    let slots = (0..<documents).map { $0 * $0 * 7 + $0 }
    let flags = (0..<documents).map { UInt8(1 + $0 % 3) }
    for (slot, flag) in zip(slots, flags) {
      Self.add([Array("word".utf8), Array("other\(slot % 2)".utf8)], slot: slot, flags: flag, to: &terms)
    }
    let postings = Self.postings(terms)
    let word = postings[Array("word".utf8)] ?? []
    #expect(word.map(\.slot) == slots)
    #expect(word.map(\.flags) == flags)
    #expect(postings[Array("other0".utf8)]?.map(\.slot) == slots.filter { $0 % 2 == 0 })
  }

  /// A term met several times in one document, in fields of both weights or in several places
  /// of a run, is one posting with every flag it was met with; the next document starts afresh.
  @Test func aDocumentsOccurrencesOfATermAreOnePosting() {
    var terms = TermIndex()
    let (dune, pair) = (Array("dune".utf8), Array("三體".utf8))
    for flags in [
      PostingFlags.word(primary: true), PostingFlags.word(primary: false), PostingFlags.word(primary: true),
    ] {
      dune.withUnsafeBufferPointer { terms.add($0, flags) }
    }
    for (starts, ends) in [(true, false), (false, true)] {
      pair.withUnsafeBufferPointer {
        terms.add($0, PostingFlags.cjk(primary: false, starts: starts, ends: ends))
      }
    }
    terms.endDocument(slot: 5)
    Self.add([dune], slot: 9, flags: PostingFlags.word(primary: false), to: &terms)
    let postings = Self.postings(terms)
    #expect(postings[dune]?.map(\.slot) == [5, 9])
    #expect(postings[dune]?.map(\.flags) == [3, 2])
    #expect(postings[pair]?.map(\.slot) == [5])
    #expect(postings[pair]?.map(\.flags) == [(1 | 2 | 4) << 3])
  }
}
