import Diagnostics
import Support

/// `collections:` and their queries.
extension CatalogDecoder {
  static let collectionKeys = [
    "title", "slug", "description", "queries", "isbns", "volumes", "open_library_ids", "books", "sort",
    "details",
  ]
  static let googleQueryKeys = ["q", "max_results", "order_by", "lang_restrict", "print_type", "filter"]
  static let openLibraryQueryKeys = [
    "q", "title", "author", "subject", "publisher", "language", "sort", "max_results",
  ]
  static let queryKeys =
    ["source"] + googleQueryKeys + openLibraryQueryKeys.filter { !googleQueryKeys.contains($0) }
  static let slugShape = "a slug of lower-case letters, digits and '-' such as 'science-fiction'"

  /// `isRequired` is false when included files may hold the catalog's collections.
  mutating func decodeCollections(_ root: Fields, isRequired: Bool = true) -> [Collection] {
    guard let node = isRequired ? required(root, "collections") : root.value("collections") else { return [] }
    guard case .sequence(let items) = node.kind else {
      error("'collections' must be a list, got \(node.kindDescription)", at: node)
      return []
    }
    if items.isEmpty, isRequired {
      error(
        "'collections' must list at least one collection",
        at: root.entries["collections"]?.keyNode ?? node)
    }
    var slugs: [String: SourceLocation] = [:]
    var collections: [Collection] = []
    for (index, item) in items.enumerated() {
      guard
        let fields = fields(of: item, path: keyPath("collections", index: index), keys: Self.collectionKeys)
      else { continue }
      var collection = decodeCollection(fields, at: item.location)
      if let slug = slug(fields, title: collection.title) {
        if let first = slugs[slug.text] {
          error("duplicate slug '\(slug.text)' (first used at \(first))", at: slug.node)
        } else {
          slugs[slug.text] = slug.node.location
        }
        collection.slug = slug.text
      }
      collections.append(collection)
    }
    return collections
  }

  private mutating func decodeCollection(_ fields: Fields, at location: SourceLocation) -> Collection {
    var collection = Collection(
      title: requiredString(fields, "title") ?? "", slug: "", location: location)
    collection.description = string(fields, "description")
    collection.queries = (list(fields, "queries") ?? []).compactMap { decodeQuery($0.node, path: $0.path) }
    collection.isbns = (list(fields, "isbns") ?? []).compactMap { isbn($0.node, path: $0.path) }
    for (node, path) in list(fields, "volumes") ?? [] {
      if let text = node.scalar?.value, let id = OpenLibraryID(text) {
        error(
          "'\(path)' is an Open Library \(id.kind == .work ? "work" : "edition") id, not a Google volume id: "
            + "list it under 'open_library_ids'", at: node)
        continue
      }
      let volume = checked(
        node, path: path, expected: "a Google volume id (4 to 32 letters, digits, '_' or '-')",
        isValid: CatalogRules.isVolumeID)
      if let volume { collection.volumes.append(volume) }
    }
    for (node, path) in list(fields, "open_library_ids") ?? [] {
      let id = checked(
        node, path: path,
        expected: "an Open Library edition or work id such as 'OL7353617M' or 'OL45804W'",
        suggestion: { text in
          OpenLibraryID(text.uppercased()).flatMap {
            $0.kind != .author && $0.description != text ? $0.description : nil
          }
        },
        isValid: { OpenLibraryID($0).map { $0.kind != .author } ?? false })
      if let id = id.flatMap({ OpenLibraryID($0) }) { collection.openLibraryIDs.append(id) }
    }
    for (node, path) in list(fields, "books") ?? [] { addBook(node, path: path, to: &collection) }
    collection.sort = choice(fields, "sort", as: SortOrder.self) ?? collection.sort
    collection.details = choice(fields, "details", as: DetailLevel.self)
    return collection
  }

  /// The explicit slug, or one derived from the title; with the node to point at for duplicates.
  mutating func slug(_ fields: Fields, title: String) -> (text: String, node: YAMLNode)? {
    if let node = fields.value("slug") {
      let slug = checked(
        node, path: fields.path("slug"), expected: Self.slugShape, isValid: CatalogRules.isSlug)
      return slug.map { ($0, node) }
    }
    guard let titleNode = fields.value("title"), !title.isEmpty else { return nil }
    let slug = Slug.make(title, alphabet: .ascii, maximumLength: nil)
    guard !slug.isEmpty else {
      error(
        "cannot derive a slug from the title \(shown(title)) of '\(fields.path)': add 'slug' "
          + "(lower-case letters, digits and '-')", at: titleNode)
      return nil
    }
    return (slug, titleNode)
  }

  /// A plain string (a Google search) or a mapping: `q` and Google's options, or
  /// `source: open_library` and Open Library's fields.
  private mutating func decodeQuery(_ node: YAMLNode, path: String) -> Query? {
    if let scalar = node.scalar {
      return nonEmpty(scalar.value, at: node, path: path).map { Query(q: $0) }
    }
    guard node.isMapping else {
      error("'\(path)' must be a search string or a mapping with 'q', got \(node.kindDescription)", at: node)
      return nil
    }
    guard let fields = fields(of: node, path: path, keys: Self.queryKeys) else { return nil }
    let source = choice(fields, "source", as: SourceName.self) ?? .googleBooks
    if source == .openLibrary { return decodeOpenLibraryQuery(fields) }
    for key in Self.openLibraryQueryKeys where !Self.googleQueryKeys.contains(key) {
      guard let entry = fields.entries[key] else { continue }
      error(
        "'\(fields.path(key))' is an Open Library search field: add 'source: open_library', or write it "
          + "in 'q' with Google's operators (intitle:, inauthor:, subject:, inpublisher:)", at: entry.keyNode)
    }
    let q = requiredString(fields, "q")
    var query = Query(q: q ?? "")
    query.maxResults = integer(fields, "max_results", in: CatalogRanges.maxResults) ?? query.maxResults
    query.orderBy = choice(fields, "order_by", among: GoogleBooksSettings.orderings)
    query.langRestrict = langRestrict(fields)
    query.printType = choice(fields, "print_type", among: GoogleBooksSettings.printTypes)
    query.filter = choice(fields, "filter", among: GoogleBooksSettings.filters)
    return q == nil ? nil : query
  }

  /// `source: open_library` with at least one of `q`, `title`, `author`, `subject`, `publisher`.
  private mutating func decodeOpenLibraryQuery(_ fields: Fields) -> Query? {
    let google = ["order_by": "use 'sort'", "lang_restrict": "use 'language'"]
    for key in Self.googleQueryKeys where !Self.openLibraryQueryKeys.contains(key) {
      guard let entry = fields.entries[key] else { continue }
      error(
        "'\(fields.path(key))' is for Google Books queries; Open Library's search has no such field"
          + (google[key].map { ": \($0)" } ?? ""), at: entry.keyNode)
    }
    var search = OpenLibraryQuery()
    if let node = fields.value("q"), let q = text(node, path: fields.path("q")) {
      if q.trimmingWhitespace().count < 3 || q.trimmingWhitespace().lowercased() == "the" {
        error(
          "'\(fields.path("q"))' must have at least 3 characters (Open Library refuses shorter searches)",
          at: node)
      } else {
        search.q = q
      }
    }
    search.title = nonBlank(fields, "title")
    search.author = nonBlank(fields, "author")
    search.subject = nonBlank(fields, "subject")
    search.publisher = nonBlank(fields, "publisher")
    if let node = fields.value("language"), let tag = text(node, path: fields.path("language")) {
      if let code = MARCLanguage.code(fromTag: tag) {
        search.language = code
      } else {
        error(
          "'\(fields.path("language"))' must be a language: a MARC code such as 'eng' or 'ger', or a "
            + "BCP 47 tag such as 'en' or 'de', got \(shown(tag))", at: node)
      }
    }
    search.sort = choice(fields, "sort", among: OpenLibraryQuery.sorts)
    guard !search.parameters.filter({ $0.name != "language" && $0.name != "sort" }).isEmpty else {
      // A field that was given but wrong is reported already.
      if !["q", "title", "author", "subject", "publisher"].contains(where: { fields.entries[$0] != nil }) {
        error(
          "an Open Library query in '\(fields.path)' needs at least one of 'q', 'title', 'author', 'subject' "
            + "or 'publisher'", at: fields.anchor)
      }
      return nil
    }
    var query = Query(q: search.q ?? "")
    query.source = .openLibrary
    query.openLibrary = search
    query.maxResults = integer(fields, "max_results", in: CatalogRanges.maxResults) ?? query.maxResults
    return query
  }

  /// One `books` item: an ISBN, a volume id or an Open Library id joins `isbns`, `volumes` or
  /// `open_library_ids`, an export's id (a book no source knows, shown from its `imported:`
  /// data) `exportIDs`.
  private mutating func addBook(_ node: YAMLNode, path: String, to collection: inout Collection) {
    guard let text = text(node, path: path, expected: "a key of 'books'") else { return }
    if let id = ExportID(parsing: text) {
      collection.exportIDs.append(id)
    } else if let id = OpenLibraryID(text), id.kind != .author {
      collection.openLibraryIDs.append(id)
    } else if CatalogRules.looksLikeISBN(text) {
      if let isbn = isbn(node, path: path) { collection.isbns.append(isbn) }
    } else if CatalogRules.isVolumeID(text) {
      collection.volumes.append(text)
    } else {
      error(
        "'\(path)' must be an ISBN, a Google volume id, an Open Library id or an export's id such as "
          + "'goodreads:40265832', got \(shown(text))", at: node)
    }
  }

  /// An ISBN written as a string or a bare number (the raw text is used, never an integer).
  private mutating func isbn(_ node: YAMLNode, path: String) -> ISBN? {
    guard let text = text(node, path: path, expected: "an ISBN") else { return nil }
    do {
      return try ISBN.parse(text)
    } catch {
      self.error("invalid ISBN \(shown(text)) in '\(path)': \(error.reason)", at: node)
      return nil
    }
  }
}
