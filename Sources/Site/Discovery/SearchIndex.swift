/// `search-index.json`: what the search box filters, in compact arrays rather than objects.
///
/// ```json
/// {"version":1,
///  "fields":["title","subtitle","authors","isbns","categories","collections","url","thumbnail"],
///  "thumbnail":"https://books.google.com/books/content?id={id}&printsec=frontcover&img=1&zoom=5&source=gbs_api",
///  "collections":["Science fiction",…], "categories":["Fiction / Science Fiction",…],
///  "books":[["Dune","",["Frank Herbert"],["9780441013593","0441013597"],[0],[0],"books/dune-abc/","B1ZdEAAAQBAJ"],…]}
/// ```
/// Categories and collections are indices into their tables; `url` is relative to the base URL;
/// `thumbnail` is an https URL, `""`, or (Google's standard small cover, most books) just the id
/// to put into the `thumbnail` template.
enum SearchIndex {
  static let fileName = "search-index.json"
  static let thumbnailTemplate =
    "https://books.google.com/books/content?id={id}&printsec=frontcover&img=1&zoom=5&source=gbs_api"

  static func file(model: SiteModel, facts: [BookFacts]) -> DiscoveryFile {
    var categoryIndex: [String: Int] = [:]
    var categories: [String] = []
    var rows: [JSONValue] = []
    rows.reserveCapacity(facts.count)
    for facts in facts {
      let book = facts.book
      var categoryRefs: [JSONValue] = []
      for category in facts.categories {
        let index: Int
        if let known = categoryIndex[category.path] {
          index = known
        } else {
          index = categories.count
          categoryIndex[category.path] = index
          categories.append(category.path)
        }
        categoryRefs.append(.int(index))
      }
      rows.append(
        .array([
          .string(book.title ?? ""), .string(book.subtitle ?? ""),
          .array(book.authors.map(JSONValue.string)),
          .array([book.isbn13, book.isbn10].compactMap { $0 }.map(JSONValue.string)),
          .array(categoryRefs), .array(book.collections.map(JSONValue.int)),
          .string(facts.relativeURL), .string(compactThumbnail(facts.thumbnail)),
        ]))
    }
    let index: JSONValue = .object([
      ("version", .int(1)),
      (
        "fields",
        .array(
          ["title", "subtitle", "authors", "isbns", "categories", "collections", "url", "thumbnail"].map(
            JSONValue.string))
      ),
      ("thumbnail", .string(thumbnailTemplate)),
      ("collections", .array(model.collections.map { .string($0.title) })),
      ("categories", .array(categories.map(JSONValue.string))),
      ("books", .array(rows)),
    ])
    var text = ""
    text.reserveCapacity(facts.count * 160)
    index.write(to: &text)
    return DiscoveryFile(path: fileName, text: text + "\n")
  }

  /// The volume id when the URL is exactly Google's standard small cover, else the URL.
  static func compactThumbnail(_ url: String?) -> String {
    guard let url else { return "" }
    let parts = thumbnailTemplate.components(separatedBy: "{id}")
    guard url.hasPrefix(parts[0]), url.hasSuffix(parts[1]), url.count > parts[0].count + parts[1].count else {
      return url
    }
    let id = url.dropFirst(parts[0].count).dropLast(parts[1].count)
    guard id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
      return url
    }
    return String(id)
  }
}
