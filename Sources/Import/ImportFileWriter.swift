import Catalog
import Foundation

/// The YAML file an import writes: its shelves, its collections and one `books:` entry per row,
/// in the export's order, every value quoted so it reads back as written. Identical imports give
/// identical bytes.
package enum ImportFileWriter {
  /// How the file begins: an import replaces only a file that begins so.
  package static let header = "# Written by 'bookgen import "

  static func text(_ plan: ImportPlan) -> String {
    var out: [String] = [
      header + "\(plan.format.rawValue)' from \((plan.csvName as NSString).lastPathComponent): "
        + "\(plan.entries.count) \(plan.entries.count == 1 ? "book" : "books").",
      "# Importing again replaces this file: write your own changes in catalog.yml, whose",
      "# entries win over these key by key. Entries with 'matched_by: title' were found by",
      "# their title and author; check that each is the right book.",
    ]
    if !plan.shelves.isEmpty {
      out.append("shelves:")
      for shelf in plan.shelves {
        out.append("  - title: \(YAMLText.quoted(shelf.title))")
        out.append("    slug: \(shelf.slug)")
      }
    }
    out.append("collections:")
    for collection in plan.collections {
      out.append("  - title: \(YAMLText.quoted(collection.title))")
      out.append("    slug: \(collection.slug)")
      if collection.keys.isEmpty {
        out.append("    books: []")
      } else {
        out.append("    books:")
        out += collection.keys.map { "      - \(YAMLText.quoted($0))" }
      }
    }
    out.append(plan.entries.isEmpty ? "books: {}" : "books:")
    for entry in plan.entries { out += lines(of: entry, tagsFromShelves: plan.shelvesAreTags) }
    return out.joined(separator: "\n") + "\n"
  }

  private static func lines(of entry: ImportPlan.Entry, tagsFromShelves: Bool) -> [String] {
    let row = entry.row
    var out = ["  \(YAMLText.quoted(entry.key)):"]
    var indent = "    "
    func add(_ key: String, _ value: String?) {
      if let value { out.append("\(indent)\(key): \(value)") }
    }
    func list(_ items: [String]) -> String? {
      items.isEmpty ? nil : "[" + items.map(YAMLText.quoted).joined(separator: ", ") + "]"
    }
    add("status", row.status?.slug)
    add("rating", row.rating?.text)
    add("date_added", row.dateAdded?.description)
    add("date_started", row.dateStarted?.description)
    if row.datesRead.count == 1 {
      add("date_read", row.datesRead[0].description)
    } else if !row.datesRead.isEmpty {
      add("date_read", "[" + row.datesRead.map(\.description).joined(separator: ", ") + "]")
    }
    // Goodreads writes 0 for every book not read yet: only a count says something.
    add("read_count", row.readCount.flatMap { $0 > 0 ? String($0) : nil })
    add("format", row.format?.rawValue)
    add("owned", row.owned.map { $0 ? "true" : "false" })
    add("series", row.series.map(YAMLText.quoted))
    add("series_number", row.series == nil ? nil : row.seriesNumber?.text)
    add("tags", list(row.tags + (tagsFromShelves ? row.shelves : [])))
    add("note", row.note.map { YAMLText.literalBlock($0, indent: 6) ?? YAMLText.quoted($0) })
    if row.note != nil, row.spoiler { add("note_spoiler", "true") }
    if !row.extra.isEmpty {
      out.append("    extra:")
      for (name, value) in row.extra.sorted(by: { $0.key < $1.key }) {
        out.append("      \(name): \(YAMLText.quoted(value))")
      }
    }
    // Left out of the entry, not lost: the owner can write the right date in catalog.yml.
    for unread in row.unreadDates {
      out.append("    # \(unread.column) \(YAMLText.quoted(unread.text)): \(ImportedRow.UnreadDate.readable)")
    }
    if row.isbnLostDigits, let isbn = row.unusableISBN {
      out.append("    # ISBN \(YAMLText.quoted(isbn)): a spreadsheet rounded it, so its last digits are lost")
    }
    out.append("    imported:")
    indent = "      "
    add("source", row.exportID.source.rawValue)
    add("id", YAMLText.quoted(row.exportID.id))
    add("title", YAMLText.quoted(row.title))
    add("authors", list(row.authors))
    add("contributors", list(row.contributors))
    add("isbn", row.unusableISBN.map(YAMLText.quoted))
    add("publisher", row.publisher.map(YAMLText.quoted))
    add("description", row.description.map { YAMLText.literalBlock($0, indent: 8) ?? YAMLText.quoted($0) })
    add("cover_file", row.coverCopy.map(YAMLText.quoted))
    add("page_count", row.pageCount.map(String.init))
    add("published", row.published?.description)
    add("private_notes", row.privateNotes.map { YAMLText.literalBlock($0, indent: 8) ?? YAMLText.quoted($0) })
    if let match = entry.match {
      add("matched_by", MatchMethod.title.rawValue)
      add("match_source", match.source.rawValue)
    }
    return out
  }
}
