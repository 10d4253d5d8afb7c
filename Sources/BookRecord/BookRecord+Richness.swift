extension BookRecord {
  /// How much the record carries: of several copies of one record (a search result and a full
  /// record, or the same book in two collections), the richest is kept.
  package var richness: Int {
    let present: [Bool] = [
      title != nil, subtitle != nil, !(authors ?? []).isEmpty, publisher != nil, published != nil,
      pageCount != nil, !(categories ?? []).isEmpty, covers != nil, language != nil, rating != nil,
      !(identifiers ?? []).isEmpty, sale?.buyLink != nil,
    ]
    return present.filter { $0 }.count * 10 + min(9, (description?.count ?? 0) / 200)
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
