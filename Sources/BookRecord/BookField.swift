/// The fields of a book record, for provenance: which source stated each one.
package enum BookField: Int, CaseIterable, Sendable {
  case title, subtitle, authors, publisher, published, description, pageCount, language, categories
  case identifiers, covers, previewLink, readerLink, rating, sale, isPublicDomain
  /// The year the work first came out (any edition).
  case firstPublished
  /// The owner's own: a Markdown note and tags.
  case note, tags
  /// The series and the book's place in it (the owner's, parsed from an export's title, or a
  /// source's: Open Library's editions name it).
  case series
  /// The owner's reading and copy: shelf, rating, dates, format, links, extra values.
  case reading
}
