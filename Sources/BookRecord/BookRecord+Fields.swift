/// Each field by its `BookField`: whether it holds a value, and taking it from another record
/// (with what belongs to it: a date's text as written, a description's format).
extension BookRecord {
  func hasValue(_ field: BookField) -> Bool {
    switch field {
    case .title: title != nil
    case .subtitle: subtitle != nil
    case .authors: authors != nil
    case .publisher: publisher != nil
    case .published: published != nil
    case .description: description != nil
    case .pageCount: pageCount != nil
    case .language: language != nil
    case .categories: categories != nil
    case .identifiers: identifiers != nil
    case .covers: covers != nil
    case .previewLink: previewLink != nil
    case .readerLink: readerLink != nil
    case .rating: rating != nil
    case .sale: sale != nil
    case .isPublicDomain: isPublicDomain != nil
    case .firstPublished: firstPublished != nil
    case .note: note != nil
    case .tags: tags != nil
    case .series: series != nil
    case .reading: reading != nil
    }
  }

  mutating func take(_ field: BookField, from other: BookRecord) {
    switch field {
    case .title: title = other.title
    case .subtitle: subtitle = other.subtitle
    case .authors: authors = other.authors
    case .publisher: publisher = other.publisher
    case .published:
      published = other.published
      publishedText = other.publishedText
    case .description:
      description = other.description
      descriptionFormat = other.descriptionFormat
    case .pageCount: pageCount = other.pageCount
    case .language: language = other.language
    case .categories: categories = other.categories
    case .identifiers: identifiers = other.identifiers
    case .covers: covers = other.covers
    case .previewLink: previewLink = other.previewLink
    case .readerLink: readerLink = other.readerLink
    case .rating: rating = other.rating
    case .sale: sale = other.sale
    case .isPublicDomain: isPublicDomain = other.isPublicDomain
    case .firstPublished: firstPublished = other.firstPublished
    case .note:
      note = other.note
      noteSpoiler = other.noteSpoiler
    case .tags: tags = other.tags
    case .series: series = other.series
    case .reading: reading = other.reading
    }
  }
}
