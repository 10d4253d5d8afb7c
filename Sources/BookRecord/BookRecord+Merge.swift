/// Records of one book from several sources, combined field by field with provenance.
extension BookRecord {
  /// This record with every field `corrections` states in its place, also a field stated as
  /// empty: the owner's overrides win over every source.
  package func overridden(by corrections: BookRecord) -> BookRecord {
    merged(with: corrections) { _, _ in true }
  }

  /// This record with the fields no source of it stated filled from `other` (a second source
  /// of the same book, matched by ISBN); what this record states, empty or not, stays.
  package func enriched(with other: BookRecord) -> BookRecord {
    merged(with: other) { book, field in !book.states(field) }
  }

  /// `other`'s stated fields taken where `replaces(self, field)`; its records appended.
  private func merged(with other: BookRecord, replacing replaces: (BookRecord, BookField) -> Bool)
    -> BookRecord
  {
    var result = self
    result.provenance.makeExplicit(present: presentFields)
    let start = result.provenance.append(other.provenance)
    for field in BookField.allCases {
      guard let position = other.provenance.position(of: field, in: other), replaces(self, field) else {
        continue
      }
      result.take(field, from: other)
      result.provenance.setPosition(start + position, of: field)
    }
    return result
  }
}
