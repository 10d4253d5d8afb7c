/// The records one catalog collection's sources gave, in catalog order: what the sources hand
/// the site.
package struct CollectionRecords: Sendable, Equatable {
  package var slug: String
  package var records: [BookRecord]

  package init(slug: String, records: [BookRecord]) {
    self.slug = slug
    self.records = records
  }
}
