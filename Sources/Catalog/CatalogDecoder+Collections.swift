import Diagnostics
import Support

/// `collections:` and their queries.
extension CatalogDecoder {
  static let collectionKeys = [
    "title", "slug", "description", "queries", "isbns", "volumes", "books", "sort", "details",
  ]
  static let queryKeys = ["q", "max_results", "order_by", "lang_restrict", "print_type", "filter"]
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
    for (index, node) in (list(fields, "queries") ?? []).enumerated() {
      if let query = decodeQuery(node, path: keyPath(fields.path("queries"), index: index)) {
        collection.queries.append(query)
      }
    }
    for (index, node) in (list(fields, "isbns") ?? []).enumerated() {
      if let isbn = isbn(node, path: keyPath(fields.path("isbns"), index: index)) {
        collection.isbns.append(isbn)
      }
    }
    for (index, node) in (list(fields, "volumes") ?? []).enumerated() {
      let volume = checked(
        node, path: keyPath(fields.path("volumes"), index: index),
        expected: "a Google volume id (4 to 32 letters, digits, '_' or '-')",
        isValid: CatalogRules.isVolumeID)
      if let volume { collection.volumes.append(volume) }
    }
    for (index, node) in (list(fields, "books") ?? []).enumerated() {
      addBook(node, path: keyPath(fields.path("books"), index: index), to: &collection)
    }
    if let sort = choice(fields, "sort", as: SortOrder.self) { collection.sort = sort }
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

  /// A plain string (the search) or a mapping with `q` and per-query options.
  private mutating func decodeQuery(_ node: YAMLNode, path: String) -> Query? {
    if let scalar = node.scalar {
      return nonEmpty(scalar.value, at: node, path: path).map { Query(q: $0) }
    }
    guard node.isMapping else {
      error("'\(path)' must be a search string or a mapping with 'q', got \(node.kindDescription)", at: node)
      return nil
    }
    guard let fields = fields(of: node, path: path, keys: Self.queryKeys) else { return nil }
    let q = requiredString(fields, "q")
    var query = Query(q: q ?? "")
    if let count = integer(fields, "max_results", in: CatalogRanges.maxResults) {
      query.maxResults = count
    }
    query.orderBy = choice(fields, "order_by", among: GoogleBooksSettings.orderings)
    query.langRestrict = checked(
      fields, "lang_restrict", expected: Self.languageCode,
      suggestion: { Self.caseFix($0, CatalogRules.isLanguageCode, $0.lowercased()) },
      isValid: CatalogRules.isLanguageCode)
    query.printType = choice(fields, "print_type", among: GoogleBooksSettings.printTypes)
    query.filter = choice(fields, "filter", among: GoogleBooksSettings.filters)
    return q == nil ? nil : query
  }

  /// One `books` item: an ISBN or a volume id joins `isbns` or `volumes`, an export's id (a
  /// book no source knows, shown from its `imported:` data) `exportIDs`.
  private mutating func addBook(_ node: YAMLNode, path: String, to collection: inout Collection) {
    guard let text = text(node, path: path, expected: "a key of 'books'") else { return }
    if let id = ExportID(parsing: text) {
      collection.exportIDs.append(id)
    } else if CatalogRules.looksLikeISBN(text) {
      if let isbn = isbn(node, path: path) { collection.isbns.append(isbn) }
    } else if CatalogRules.isVolumeID(text) {
      collection.volumes.append(text)
    } else {
      error(
        "'\(path)' must be an ISBN, a Google volume id or an export's id such as 'goodreads:40265832', "
          + "got \(shown(text))", at: node)
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
