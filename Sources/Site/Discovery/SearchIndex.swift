import Support

/// `search-index.json`: what the search box filters, in compact arrays rather than objects.
///
/// ```json
/// {"version":1,
///  "fields":["title","subtitle","authors","isbns","categories","collections","url","thumbnail"],
///  "thumbnail":"https://books.google.com/books/content?id={id}&printsec=frontcover&img=1&zoom=1&source=gbs_api",
///  "collections":["Science fiction",…], "categories":["Fiction / Science Fiction",…],
///  "books":[["Dune","",["Frank Herbert"],["9780441013593","0441013597"],[0],[0],"books/dune-abc/","B1ZdEAAAQBAJ"],…]}
/// ```
/// Categories and collections are indices into their tables; `url` is relative to the base URL;
/// `thumbnail` is an https URL, `""`, or (Google's standard small cover, most books) just the id
/// to put into the `thumbnail` template.
enum SearchIndex {
  static let fileName = "search-index.json"
  static let thumbnailTemplate = thumbnailPrefix + "{id}" + thumbnailSuffix

  static func file(model: SiteModel, facts: [BookFacts]) -> DiscoveryFile {
    var categoryIndex: [String: Int] = [:]
    var categories: [String] = []
    // Rows are written straight to text: building a JSONValue tree for 10,000 books costs more
    // than the writing itself.
    var rows = ""
    rows.reserveCapacity(facts.count * 180)
    for (position, facts) in facts.enumerated() {
      let book = facts.book
      rows += position == 0 ? "[" : ",["
      JSONValue.writeString(book.title ?? "", to: &rows)
      rows += ","
      JSONValue.writeString(book.subtitle ?? "", to: &rows)
      rows += ","
      writeStrings(book.authors, to: &rows)
      rows += ","
      writeStrings([book.isbn13, book.isbn10].compactMap { $0 }, to: &rows)
      rows += ",["
      for (number, category) in facts.categories.enumerated() {
        let index: Int
        if let known = categoryIndex[category.path] {
          index = known
        } else {
          index = categories.count
          categoryIndex[category.path] = index
          categories.append(category.path)
        }
        rows += number == 0 ? String(index) : "," + String(index)
      }
      rows += "],["
      rows += book.collections.map(String.init).joined(separator: ",")
      rows += "],"
      JSONValue.writeString(facts.relativeURL, to: &rows)
      rows += ","
      JSONValue.writeString(compactThumbnail(facts.thumbnail), to: &rows)
      rows += "]"
    }
    let fields = ["title", "subtitle", "authors", "isbns", "categories", "collections", "url", "thumbnail"]
    var text = JSONValue.object([
      ("version", .int(1)),
      ("fields", .array(fields.map(JSONValue.string))),
      ("thumbnail", .string(thumbnailTemplate)),
      ("collections", .array(model.collections.map { .string($0.title) })),
      ("categories", .array(categories.map(JSONValue.string))),
    ]).rendered()
    text.removeLast()
    text += ",\"books\":[" + rows + "]}\n"
    return DiscoveryFile(path: fileName, text: text)
  }

  private static func writeStrings(_ strings: [String], to output: inout String) {
    output += "["
    for (index, string) in strings.enumerated() {
      if index > 0 { output += "," }
      JSONValue.writeString(string, to: &output)
    }
    output += "]"
  }

  private static let thumbnailPrefix = "https://books.google.com/books/content?id="
  private static let thumbnailSuffix = "&printsec=frontcover&img=1&zoom=1&source=gbs_api"

  /// The volume id when the URL is exactly Google's standard small cover, else the URL.
  static func compactThumbnail(_ url: String?) -> String {
    guard let url, url.hasPrefix(thumbnailPrefix), url.hasSuffix(thumbnailSuffix),
      url.utf8.count > thumbnailPrefix.utf8.count + thumbnailSuffix.utf8.count
    else { return url ?? "" }
    let id = url.utf8.dropFirst(thumbnailPrefix.utf8.count).dropLast(thumbnailSuffix.utf8.count)
    let isIDByte = { (byte: UInt8) in
      (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || byte == 0x2D
        || byte == 0x5F
    }
    return id.allSatisfy(isIDByte) ? String(decoding: id, as: UTF8.self) : url
  }
}
