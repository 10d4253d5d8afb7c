import Catalog

/// An edition record (`/books/OL…M.json`, and each entry of a work's edition list): the
/// fields bookgen uses, as Open Library stores them (dates and formats are free text).
package struct EditionRecord: Sendable, Equatable {
  package var id: OpenLibraryID
  package var title: String?
  package var subtitle: String?
  package var authors: [OpenLibraryID] = []
  package var works: [OpenLibraryID] = []
  package var publishers: [String] = []
  package var publishDate: String?
  package var pageCount: Int?
  /// MARC codes from `/languages/xxx` keys.
  package var languages: [String] = []
  package var isbn13: [String] = []
  package var isbn10: [String] = []
  /// Positive ids only.
  package var covers: [Int] = []
  package var description: String?
  /// Free text, often `Name ; 3` or `Name -- 3`.
  package var series: [String] = []
  package var subjects: [String] = []
  /// Identifies the body (or the part of one) the record was read from.
  package var digest: UInt64 = 0
}

/// A work record (`/works/OL…W.json`): what all editions share.
package struct WorkRecord: Sendable, Equatable {
  package var id: OpenLibraryID
  package var title: String?
  package var subtitle: String?
  package var authors: [OpenLibraryID] = []
  package var description: String?
  package var covers: [Int] = []
  package var subjects: [String] = []
  package var firstPublishDate: String?
  package var digest: UInt64 = 0
}

/// An author record (`/authors/OL…A.json`): only the name is used.
package struct AuthorRecord: Sendable, Equatable {
  package var id: OpenLibraryID
  package var name: String?
  package var digest: UInt64 = 0
}

/// One edition in the books API's `jscmd=data` answer: names resolved, no description.
package struct BooksEntry: Sendable, Equatable {
  /// The edition (`key`); entries without a valid one are left out.
  package var id: OpenLibraryID
  package var title: String?
  package var subtitle: String?
  /// Names, taken by Open Library from the work.
  package var authors: [String] = []
  package var publishers: [String] = []
  package var publishDate: String?
  package var pageCount: Int?
  package var isbn13: [String] = []
  package var isbn10: [String] = []
  package var subjects: [String] = []
  /// The cover id read from the `cover` URLs (`…/b/id/8739161-S.jpg`).
  package var coverID: Int?
  package var digest: UInt64 = 0
}

/// One document of a search answer: a work, with its cover edition.
package struct SearchDoc: Sendable, Equatable {
  package var work: OpenLibraryID
  package var title: String?
  package var subtitle: String?
  package var authorNames: [String] = []
  package var firstPublishYear: Int?
  package var coverID: Int?
  /// The edition whose cover the work shows: the book a query result stands for.
  package var coverEdition: OpenLibraryID?
  /// MARC codes of the work's editions.
  package var languages: [String] = []
  package var subjects: [String] = []
  package var publishers: [String] = []
  package var pageCountMedian: Int?
  package var digest: UInt64 = 0
}

/// What one response body holds, decoded for the request that asked for it.
package enum OpenLibraryAnswer: Sendable, Equatable {
  /// Found editions by the bibkey they were asked for; unknown ones are absent (`{}`).
  case books([String: BooksEntry])
  case edition(EditionRecord)
  case work(WorkRecord)
  case author(AuthorRecord)
  /// One page of a work's editions; `total` is Open Library's `size`.
  case editions([EditionRecord], total: Int?)
  /// One page of search results; `total` is `numFound`.
  case search([SearchDoc], total: Int?)
  /// The record was merged into another (`/type/redirect`).
  case redirect(to: OpenLibraryID)
  /// The record was deleted (`/type/delete`), or its key is not an id of the kind asked for.
  case gone
}

/// A decoded body: the answer, and the values left out of it (`dropped edition.number_of_pages
/// (… is a string, expected a number)`), which the fetch reports with the request's subject.
package struct OpenLibraryResponse: Sendable, Equatable {
  package var answer: OpenLibraryAnswer
  package var notes: [String]

  package init(_ answer: OpenLibraryAnswer, notes: [String] = []) {
    self.answer = answer
    self.notes = notes
  }
}
