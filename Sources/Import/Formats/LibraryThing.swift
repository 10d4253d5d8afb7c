import Catalog
import Support

extension ExportFormat {
  /// LibraryThing's tab-separated text, its older CSV (quoted header names, `'TITLE'`) and its
  /// JSON, which `LibraryThingJSON` reads into the tab-separated text's columns.
  static let librarything = ExportFormat(
    hint: "More, Import/Export, Export your library (tab-delimited, CSV or JSON)",
    knownColumns: [
      // The tab-separated export (and the JSON one, read into its columns).
      "book id", "title", "sort character", "primary author", "primary author role", "secondary author",
      "secondary author roles", "publication", "date", "review", "rating", "comment", "private comment",
      "summary", "media", "physical description", "weight", "height", "thickness", "length", "dimensions",
      "page count", "lccn", "acquired", "date started", "date read", "barcode", "bcid", "tags", "collections",
      "languages", "original languages", "lc classification", "isbn", "isbns", "subjects", "dewey decimal",
      "dewey wording", "other call number", "copies", "source", "entry date", "from where", "oclc", "work id",
      "lending patron", "lending status", "lending start", "lending end", "series",
      // The older CSV.
      "author (first, last)", "author (last, first)", "lcc", "ddc", "publication info", "ratings", "reviews",
    ],
    sampleColumns: ["Book Id", "Title", "Primary Author", "ISBNs", "Collections"],
    identifyingColumns: ["title", "isbn", "isbns"],
    dateColumns: ["date started", "date read", "entry date", "acquired"],
    row: ImportSource.libraryThing)
}

extension ImportSource {
  /// Collections that say where the book is in the owner's reading.
  private static let libraryThingStatuses: [String: ReadingStatus] = [
    "currently reading": .reading, "to read": .toRead, "read but unowned": .read,
  ]

  static func libraryThing(_ columns: ExportColumns, at position: RowPosition) -> ImportedRow {
    let authors = libraryThingAuthors(columns)
    var row = newRow(
      .librarything, id: columns["Book Id"], title: columns["Title"],
      authors: authors.names.joined(separator: ", "), at: position)
    row.authors = authors.names
    row.contributors = authors.contributors
    if row.series == nil, let series = columns.text("Series") { row.series = series }
    row.take(
      ExportValues.isbn(
        among: [columns["ISBN"]] + ExportValues.list(columns["ISBNs"].filter { $0 != "[" && $0 != "]" })))
    row.rating = ExportValues.rating(columns.first("Rating", "RATINGS") ?? "")
    // LibraryThing writes `[Return]` for some line breaks.
    row.note = columns.first("Review", "REVIEWS").flatMap {
      ReviewMarkdown.markdown(from: $0.replacingOccurrences(of: "[Return]", with: "\n"), newlinesBreak: true)
    }
    if let comment = columns.text("Comment") { row.extra["comment"] = comment }
    row.privateNotes = columns.text("Private Comment")
    row.dateAdded = row.date(columns, columns.name(of: "Entry Date") == nil ? "Acquired" : "Entry Date")
    row.dateStarted = row.date(columns, "Date Started")
    row.datesRead = row.date(columns, "Date Read").map { [$0] } ?? []
    // `?` is LibraryThing's unknown year.
    if columns["Date"] != "?" { row.published = row.date(columns, "Date", read: ExportValues.year) }
    let publication = columns.first("Publication", "PUBLICATION INFO") ?? ""
    row.publisher = publisher(inPublication: publication)
    row.pageCount =
      ExportValues.count(columns["Page Count"]).flatMap { $0 > 0 ? $0 : nil }
      ?? pages(inPublication: publication)
    row.format = columns.text("Media").flatMap(ExportValues.format)
    row.tags = ExportValues.list(columns["Tags"])
    for collection in ExportValues.list(columns["Collections"]) {
      let name = collection.lowercased()
      if let status = libraryThingStatuses[name] {
        row.status = status
        if name == "read but unowned" { row.owned = false }
      } else if name == "your library" {
        // A collection that says nothing but that the book is catalogued.
        if row.owned == nil { row.owned = true }
      } else {
        row.shelves.append(collection)
      }
    }
    if row.status == nil, !row.datesRead.isEmpty { row.status = .read }
    return row
  }

  /// The authors, and the other people with their roles (`Pauline Baynes (Illustrator)`): the
  /// CSV's `AUTHOR (first, last)`, else the primary and secondary authors, turned from
  /// `Herbert, Frank` into `Frank Herbert`.
  private static func libraryThingAuthors(_ columns: ExportColumns) -> (
    names: [String], contributors: [String]
  ) {
    if let author = columns.text("AUTHOR (first, last)") { return ([author], []) }
    var names: [String] = []
    var contributors: [String] = []
    let people =
      [(columns["Primary Author"], columns["Primary Author Role"])]
      + zip(
        columns["Secondary Author"].split(separator: "|", omittingEmptySubsequences: false).map(String.init),
        columns["Secondary Author Roles"].split(separator: "|", omittingEmptySubsequences: false).map(
          String.init)
          + Array(repeating: "", count: 64))
    for (name, role) in people {
      let flipped = firstLast(name.trimmingWhitespace())
      guard !flipped.isEmpty else { continue }
      let role = role.trimmingWhitespace()
      if role.isEmpty || role.lowercased() == "author" {
        names.append(flipped)
      } else {
        contributors.append("\(flipped) (\(role))")
      }
    }
    return (names, contributors)
  }

  /// `Herbert, Frank` → `Frank Herbert`; a name with no comma, or with a suffix after it
  /// (`King, Jr.`), stays as written.
  static func firstLast(_ name: String) -> String {
    let parts = name.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingWhitespace()
    }
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
      !["jr", "jr.", "sr", "sr.", "ii", "iii", "iv"].contains(parts[1].lowercased())
    else { return name }
    return parts[1] + " " + parts[0]
  }

  /// `Gallimard (1979), Poche` → `Gallimard`; `Publisher Unknown` is none.
  static func publisher(inPublication text: String) -> String? {
    let name = text.prefix { $0 != "(" && $0 != "," }.trimmingWhitespace()
    return name.isEmpty || name == "Publisher Unknown" ? nil : name
  }

  /// `…, Paperback, 528 pages` → 528.
  static func pages(inPublication text: String) -> Int? {
    for part in text.split(separator: ",").reversed() {
      let words = part.split(separator: " ")
      if words.count == 2, words[1] == "pages" || words[1] == "p.", let count = Int(words[0]), count > 0 {
        return count
      }
    }
    return nil
  }
}
