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
}
