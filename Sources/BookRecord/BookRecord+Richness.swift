extension BookRecord {
  /// How much the record carries: of several copies of one record (a search result and a full
  /// record, or the same book in two collections), the richest is kept.
  package var richness: Int {
    let present: [Bool] = [
      title != nil, subtitle != nil, !(authors ?? []).isEmpty, publisher != nil, published != nil,
      pageCount != nil, !(categories ?? []).isEmpty, covers != nil, language != nil, rating != nil,
      !(identifiers ?? []).isEmpty, sale?.buyLink != nil,
    ]
    let characters = description.map { Self.characterCount($0, upTo: 1800) } ?? 0
    return present.filter { $0 }.count * 10 + min(9, characters / 200)
  }

  /// `text.count`, or `limit` when it is more: counting a long description's characters one
  /// grapheme at a time was most of the time the merge of a large catalog took.
  static func characterCount(_ text: String, upTo limit: Int) -> Int {
    // In ASCII text every byte is a character, but for `\r\n`: one character of two bytes.
    let bytes = text.utf8
    if !bytes.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "\r") }) { return min(limit, bytes.count) }
    // Latin and CJK text: where every scalar is one no rule joins to a neighbour, each is a
    // character, and scalars are far cheaper to walk than graphemes.
    var count = 0
    for scalar in text.unicodeScalars {
      guard standsAlone(scalar) else { return graphemeCount(text, upTo: limit) }
      count += 1
      if count == limit { break }
    }
    return count
  }

  private static func graphemeCount(_ text: String, upTo limit: Int) -> Int {
    var count = 0
    for _ in text {
      count += 1
      if count == limit { break }
    }
    return count
  }

  /// Whether a grapheme break always falls between `scalar` and a neighbour that also stands
  /// alone: not `\r`, nor a combining mark, joiner, Hangul jamo, regional indicator or anything
  /// else outside these Latin, Greek, punctuation and CJK ranges, none of which extends,
  /// prepends or joins under Unicode's grapheme rules.
  private static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0D: false
    case 0x00...0x2FF, 0x370...0x3FF, 0x2010...0x2027, 0x2030...0x205E, 0x20A0...0x20C0, 0x2100...0x214F: true
    case 0x3000...0x3029, 0x3030...0x3096, 0x309B...0x312F, 0x3190...0x33FF: true
    case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF01...0xFF9D, 0x20000...0x2FFFF: true
    default: false
    }
  }

  /// Whether both records were made from the very same source data: each source record
  /// has a digest, and they are equal, in the same order.
  package func hasSameSources(as other: BookRecord) -> Bool {
    let mine = provenance.records
    let theirs = other.provenance.records
    // By index: zipping would copy each source record (and retain its strings) to compare it.
    return mine.count == theirs.count
      && mine.indices.allSatisfy {
        mine[$0].digest != nil && mine[$0].digest == theirs[$0].digest && mine[$0].source == theirs[$0].source
      }
  }
}
