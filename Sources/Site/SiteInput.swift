import BookRecord
import Catalog

/// Everything the render stage reads: the owner's catalog and the book records per collection.
package struct SiteInput: Sendable {
  /// The records one `collections[]` entry's sources gave, in their order.
  package typealias Collection = CollectionRecords

  package var catalog: Catalog
  package var collections: [Collection]
}
