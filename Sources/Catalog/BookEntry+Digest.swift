/// The owner's own data of an entry as text, one line per field, for the digests that tell
/// which pages a change to an entry touches.
extension BookEntry {
  /// Every field but `note`, `tags` and `overrides` (which digests hash themselves), in
  /// declaration order; a field added to `BookEntry` is added here (a test counts them).
  package var ownerFieldLines: [String] {
    func line(_ value: String?) -> String { value.map { "=" + $0 } ?? "-" }
    func list(_ values: [String]) -> String {
      "\(values.count):" + values.map { "\($0.utf8.count):\($0)" }.joined()
    }
    return [
      line(status?.slug), line(rating?.text), line(dateAdded?.description), line(dateStarted?.description),
      list(datesRead.map(\.description)), line(readCount.map(String.init)), line(format?.rawValue),
      line(owned.map { $0 ? "true" : "false" }), line(series), line(seriesNumber?.text),
      list(
        [shop.price?.amount, shop.price?.currency, shop.buyURL, shop.availability?.rawValue].map { $0 ?? "" }),
      list(links.flatMap { [$0.name, $0.url] }),
      list(extra.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }),
      list(importedLines),
    ]
  }

  /// How many fields `ownerFieldLines` covers.
  package static let ownerFieldCount = 14

  private var importedLines: [String] {
    guard let imported else { return [] }
    return [
      imported.source.rawValue, imported.id, imported.title ?? "",
      imported.authors.joined(separator: "\u{1F}"),
      imported.contributors.joined(separator: "\u{1F}"), imported.isbn ?? "", imported.publisher ?? "",
      imported.pageCount.map(String.init) ?? "", imported.published?.description ?? "",
      imported.privateNotes ?? "", imported.matchedBy?.rawValue ?? "", imported.matchSource?.rawValue ?? "",
    ]
  }
}

extension Catalog {
  /// Every name the books' `extra:` values use: what templates may read as `book.extra.NAME`.
  package var extraNames: Set<String> { Set(books.values.flatMap(\.extra.keys)) }
}
