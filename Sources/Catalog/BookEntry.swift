/// `books.<key>` (an ISBN-13, a Google volume id or an export's id, `goodreads:40265832`): what
/// the owner adds to a book, notes, corrections and their own data about their copy.
package struct BookEntry: Sendable, Equatable {
  /// Markdown: a review, why it is on the shelf.
  package var note: String?
  /// `note_spoiler: true`: the note gives the plot away (shown behind a "Spoiler — show"
  /// disclosure, left out of the search).
  package var noteSpoiler = false
  package var tags: [String]
  package var overrides: BookOverrides
  /// The shelf the book is on: a built-in status or a shelf declared under `shelves:`.
  package var status: ReadingStatus?
  package var rating: OwnerRating?
  package var dateAdded: PartialDate?
  package var dateStarted: PartialDate?
  /// Each time the book was finished, as written (a single date is a list of one).
  package var datesRead: [PartialDate] = []
  package var readCount: Int?
  /// The owner's copy.
  package var format: BookFormat?
  package var owned: Bool?
  package var series: String?
  package var seriesNumber: SeriesNumber?
  /// The owner's sale data, which replaces the source's.
  package var shop = ShopFields()
  /// Named http(s) links (library, publisher, review), in the order written.
  package var links: [NamedLink] = []
  /// Free-form string values by name, for templates (`book.extra.NAME`).
  package var extra: [String: String] = [:]
  /// Where an import took the entry from, and what the export said about the book.
  package var imported: ImportRecord?

  /// The site's image file the book shows as its cover: the owner's `cover:`, else the import's
  /// copy of the export's (`imported.cover_file`; an older import's absolute path is not used).
  package var localCoverFile: String? {
    if let file = overrides.coverFile { return file }
    guard overrides.cover == nil, let file = imported?.coverFile, CatalogRules.isCoverFileName(file) else {
      return nil
    }
    return file
  }

  package init(note: String? = nil, tags: [String] = [], overrides: BookOverrides = BookOverrides()) {
    self.note = note
    self.tags = tags
    self.overrides = overrides
  }
}

/// Corrections of fields Google gets wrong; nil keeps Google's value.
package struct BookOverrides: Sendable, Equatable {
  package var title: String?
  package var subtitle: String?
  package var authors: [String]?
  package var publisher: String?
  package var publishedDate: String?
  package var description: String?
  package var pageCount: Int?
  package var language: String?
  package var categories: [String]?
  /// An http(s) image URL.
  package var cover: String?
  /// An image file in the site's folder (`cover: covers/dune.jpg`), relative to it, checked to
  /// be a readable regular file inside it when the catalog was loaded.
  package var coverFile: String?
}

/// `price`, `currency`, `buy_url` and `availability`: a shop's own offer for the book.
package struct ShopFields: Sendable, Equatable {
  package var price: ShopPrice?
  /// http(s) only.
  package var buyURL: String?
  package var availability: Availability?

  package init(price: ShopPrice? = nil, buyURL: String? = nil, availability: Availability? = nil) {
    self.price = price
    self.buyURL = buyURL
    self.availability = availability
  }
}

/// One `links` entry: `Library: https://…`.
package struct NamedLink: Sendable, Equatable {
  package var name: String
  /// http(s) only.
  package var url: String

  package init(name: String, url: String) {
    self.name = name
    self.url = url
  }
}

/// `imported:`, which `bookgen import` writes: the export's view of the book, so a book no source
/// knows can still be shown and a match by title checked.
package struct ImportRecord: Sendable, Equatable {
  package var source: ImportSource
  /// The export's own id of the row (Goodreads' Book Id, StoryGraph's UID).
  package var id: String
  package var title: String?
  package var authors: [String] = []
  /// Translators, illustrators… as the export names them (`Pauline Baynes (Illustrator)`).
  package var contributors: [String] = []
  /// The export's ISBN when it was no usable one (`9.78053E+12`, an ASIN), as written.
  package var isbn: String?
  package var publisher: String?
  /// Markdown: the book's description as the export had it (a Calibre library's comments).
  package var description: String?
  /// The export's cover as the import copied it into the site's folder (`covers/calibre/<id>.jpg`),
  /// or as an older import recorded it (an absolute path, not shown).
  package var coverFile: String?
  package var pageCount: Int?
  /// The edition's year of publication.
  package var published: PartialDate?
  /// The export's private notes: kept here, where no page shows them, unlike `note`.
  package var privateNotes: String?
  /// How the key was found when the export had no usable ISBN: `title` (and author).
  package var matchedBy: MatchMethod?
  /// The source whose search found the key.
  package var matchSource: SourceName?
}

/// The apps `bookgen import` reads exports of; the prefix of an `ExportID`.
package enum ImportSource: String, Sendable, Equatable, CaseIterable {
  case goodreads
  case storygraph
  case librarything
  case calibre
  case bookwyrm
  case openreads
  case openlibrary
  /// Any other CSV, its columns named on the command line.
  case csv

  /// The app, as pages and messages name it.
  package var appName: String {
    switch self {
    case .goodreads: "Goodreads"
    case .storygraph: "StoryGraph"
    case .librarything: "LibraryThing"
    case .calibre: "Calibre"
    case .bookwyrm: "BookWyrm"
    case .openreads: "Openreads"
    case .openlibrary: "Open Library"
    case .csv: "CSV"
    }
  }
}

/// `imported.matched_by`.
package enum MatchMethod: String, Sendable, Equatable, CaseIterable {
  /// The export's ISBN (written only when stated by hand: it is what a key means by default).
  case isbn
  /// A search by title and author: the owner should check the book is the right one.
  case title
}
