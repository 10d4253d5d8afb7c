import Foundation

/// Records shaped like Open Library's stored ones (`type`, `key`, `/type/text` descriptions,
/// `/type/datetime` stamps, keys for authors, works and languages), for tests to store.
extension FakeOpenLibrary {
  /// An edition record (`/books/<id>`).
  public static func edition(
    id: String, title: String, work: String? = nil, authors: [String] = [], isbn13: [String] = [],
    isbn10: [String] = [], publishDate: String? = nil, pages: Int? = nil, publishers: [String] = [],
    languages: [String] = [], covers: [Int] = [], description: String? = nil, series: [String] = [],
    subtitle: String? = nil
  ) -> String {
    var record: [String: Any] = [
      "key": "/books/\(id)", "title": title, "type": ["key": "/type/edition"], "revision": 3,
      "latest_revision": 3,
      "last_modified": ["type": "/type/datetime", "value": "2024-05-20T15:22:56.910944"],
    ]
    if let work { record["works"] = [["key": "/works/\(work)"]] }
    if !authors.isEmpty { record["authors"] = authors.map { ["key": "/authors/\($0)"] } }
    if !isbn13.isEmpty { record["isbn_13"] = isbn13 }
    if !isbn10.isEmpty { record["isbn_10"] = isbn10 }
    if let publishDate { record["publish_date"] = publishDate }
    if let pages { record["number_of_pages"] = pages }
    if !publishers.isEmpty { record["publishers"] = publishers }
    if !languages.isEmpty { record["languages"] = languages.map { ["key": "/languages/\($0)"] } }
    if !covers.isEmpty { record["covers"] = covers }
    if let description { record["description"] = ["type": "/type/text", "value": description] }
    if !series.isEmpty { record["series"] = series }
    if let subtitle { record["subtitle"] = subtitle }
    return text(record)
  }

  /// A work record (`/works/<id>`); a plain-string description unless `descriptionObject`.
  public static func work(
    id: String, title: String, authors: [String] = [], description: String? = nil,
    descriptionObject: Bool = false, subjects: [String] = [], covers: [Int] = [],
    firstPublishDate: String? = nil
  ) -> String {
    var record: [String: Any] = [
      "key": "/works/\(id)", "title": title, "type": ["key": "/type/work"], "revision": 5,
      "authors": authors.map { ["author": ["key": "/authors/\($0)"], "type": ["key": "/type/author_role"]] },
    ]
    if let description {
      record["description"] = descriptionObject ? ["type": "/type/text", "value": description] : description
    }
    if !subjects.isEmpty { record["subjects"] = subjects }
    if !covers.isEmpty { record["covers"] = covers }
    if let firstPublishDate { record["first_publish_date"] = firstPublishDate }
    return text(record)
  }

  /// An author record (`/authors/<id>`).
  public static func author(id: String, name: String) -> String {
    text(["key": "/authors/\(id)", "name": name, "type": ["key": "/type/author"], "revision": 2])
  }

  /// A merged record: `/type/redirect` with its `location` (keys like `/authors/OL1A`).
  public static func redirect(_ key: String, to location: String) -> String {
    text(["key": key, "type": ["key": "/type/redirect"], "location": location, "revision": 2])
  }

  /// A search document in the current default fields' shape.
  public static func doc(
    work: String, title: String, authors: [String] = [], coverEdition: String? = nil, coverID: Int? = nil,
    firstPublishYear: Int? = nil, languages: [String] = []
  ) -> String {
    var doc: [String: Any] = [
      "key": "/works/\(work)", "title": title, "edition_count": 3, "has_fulltext": false,
      "ebook_access": "no_ebook",
    ]
    if !authors.isEmpty { doc["author_name"] = authors }
    if let coverEdition { doc["cover_edition_key"] = coverEdition }
    if let coverID { doc["cover_i"] = coverID }
    if let firstPublishYear { doc["first_publish_year"] = firstPublishYear }
    if !languages.isEmpty { doc["language"] = languages }
    return text(doc)
  }
}
