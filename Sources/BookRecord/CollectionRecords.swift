/// The records one catalog collection's sources gave, in catalog order: what the sources hand
/// the site.
package struct CollectionRecords: Sendable, Equatable {
  package var slug: String
  package var records: [BookRecord]
  /// The collection's ISBN-13s and volume ids no source gave a record for (not found, or not
  /// fetched offline), in catalog order: an imported entry's export data shows the book instead.
  package var unfound: [String] = []

  package init(slug: String, records: [BookRecord]) {
    self.slug = slug
    self.records = records
  }
}
