/// The fields of a book record, for provenance: which source stated each one.
package enum BookField: Int, CaseIterable, Sendable {
  case title, subtitle, authors, publisher, published, description, pageCount, language, categories
  case identifiers, covers, previewLink, readerLink, rating, sale, isPublicDomain
  /// The owner's own: a Markdown note and tags.
  case note, tags
}
