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
    var count = 0
    for _ in text {
      count += 1
      if count == limit { break }
    }
    return count
  }

  /// Whether both records were made from the very same source data: each source record
  /// has a digest, and they are equal, in the same order.
  package func hasSameSources(as other: BookRecord) -> Bool {
    let mine = provenance.records
    let theirs = other.provenance.records
    return mine.count == theirs.count
      && zip(mine, theirs).allSatisfy { $0.digest != nil && $0.digest == $1.digest && $0.source == $1.source }
  }
}
