import Diagnostics

/// The shop fields, `links`, `extra` and `imported` of a `books:` entry.
extension CatalogDecoder {
  static let importedKeys = [
    "source", "id", "title", "authors", "contributors", "isbn", "publisher", "description", "cover_file",
    "page_count", "published", "private_notes", "matched_by", "match_source",
  ]
  static let currencyCode = "a three-letter ISO 4217 currency code in capitals such as 'EUR'"

  /// `price` with `currency`, `buy_url`, `availability`.
  mutating func decodeShop(_ fields: Fields, into book: inout BookEntry) {
    let amount = checked(
      fields, "price", expected: "an amount such as '12.99' or '1200' (digits, at most four decimals)",
      isValid: Self.isAmount)
    let currency = checked(
      fields, "currency", expected: Self.currencyCode,
      suggestion: { Self.caseFix($0, Self.isCurrencyCode, $0.uppercased()) }, isValid: Self.isCurrencyCode)
    if let amount, let currency {
      book.shop.price = ShopPrice(amount: amount, currency: currency)
    } else if amount != nil, fields.value("currency") == nil, let entry = fields.entries["price"] {
      error(
        "'\(fields.path("price"))' needs 'currency': the code of its currency such as 'EUR'",
        at: entry.keyNode)
    } else if currency != nil, fields.value("price") == nil, let entry = fields.entries["currency"] {
      error("'\(fields.path("currency"))' needs 'price': the amount the book costs", at: entry.keyNode)
    }
    book.shop.buyURL = checked(fields, "buy_url", expected: Self.httpURL, isValid: CatalogRules.isHTTPURL)
    book.shop.availability = choice(fields, "availability", as: Availability.self)
  }

  /// Digits, optionally a point and one to four more: `12.99`, `1200`.
  static func isAmount(_ text: String) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), (1...12).contains(parts[0].count),
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) })
    else { return false }
    return parts.count == 1 || parts[1].count <= 4
  }

  static func isCurrencyCode(_ text: String) -> Bool {
    text.count == 3 && text.allSatisfy { $0.isASCIILetter && $0.isUppercase }
  }

  /// `links:` — a mapping of names to http(s) URLs, kept in the order written.
  mutating func decodeLinks(_ node: YAMLNode, path: String) -> [NamedLink] {
    var links: [NamedLink] = []
    let expected = "a mapping of names to URLs such as 'Library: https://…'"
    for entry in entries(of: node, path: path, expected: expected) {
      let itemPath = keyPath(path, entry.key)
      guard nonEmpty(entry.key, at: entry.keyNode, path: itemPath) != nil,
        let url = checked(
          entry.value, path: itemPath, expected: Self.httpURL, isValid: CatalogRules.isHTTPURL)
      else { continue }
      links.append(NamedLink(name: entry.key, url: url))
    }
    return links
  }

  static let extraName = "a name of letters, digits, '_' and '-' (templates read it as 'book.extra.NAME')"

  /// `extra:` — free-form strings by name, for templates.
  mutating func decodeExtra(_ node: YAMLNode, path: String) -> [String: String] {
    var extra: [String: String] = [:]
    for entry in entries(of: node, path: path, expected: "a mapping of names to strings") {
      guard CatalogRules.isName(entry.key) else {
        error("the key \(shown(entry.key)) in '\(path)' must be \(Self.extraName)", at: entry.keyNode)
        continue
      }
      if let value = text(entry.value, path: keyPath(path, entry.key)) { extra[entry.key] = value }
    }
    return extra
  }

  /// `imported:` — what `bookgen import` wrote about the row an entry came from.
  mutating func decodeImported(_ fields: Fields) -> ImportRecord? {
    let source = required(fields, "source").flatMap { _ in choice(fields, "source", as: ImportSource.self) }
    let id = required(fields, "id").flatMap { _ in
      checked(
        fields, "id", expected: "an export's id (1 to 64 letters, digits, '_' or '-')",
        isValid: CatalogRules.isName)
    }
    guard let source, let id else { return nil }
    var record = ImportRecord(source: source, id: id)
    record.title = string(fields, "title")
    record.authors = stringList(fields, "authors") ?? []
    record.contributors = stringList(fields, "contributors") ?? []
    record.isbn = string(fields, "isbn")
    record.publisher = string(fields, "publisher")
    record.description = string(fields, "description")
    record.coverFile = string(fields, "cover_file")
    record.pageCount = integer(fields, "page_count", in: CatalogRanges.pageCount)
    record.published = date(fields, "published")
    record.privateNotes = string(fields, "private_notes")
    record.matchedBy = choice(fields, "matched_by", as: MatchMethod.self)
    record.matchSource = choice(fields, "match_source", as: SourceName.self)
    return record
  }
}
