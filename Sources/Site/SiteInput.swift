import BookRecord

/// What the render stage reads besides the owner's catalog.
package enum SiteInput {
  /// The records one `collections[]` entry's sources gave, in their order.
  package typealias Collection = CollectionRecords
}
