import Diagnostics
import Support

/// `open_library:` and `sources:`.
extension CatalogDecoder {
  static let openLibraryKeys = [
    "api_url", "contact", "max_requests", "requests_per_second", "concurrency", "retries", "timeout",
  ]

  mutating func decodeOpenLibrary(_ root: Fields) -> OpenLibrarySettings {
    var settings = OpenLibrarySettings()
    guard let fields = fields(root, "open_library", keys: Self.openLibraryKeys) else { return settings }
    settings.apiURL = apiURL(fields) ?? settings.apiURL
    settings.contact = checked(
      fields, "contact",
      expected: "an e-mail address or an http(s) URL, such as 'me@example.org', to put in the User-Agent",
      isValid: CatalogRules.isContact)
    settings.maxRequests = integer(fields, "max_requests", in: CatalogRanges.maxRequests)
    settings.requestsPerSecond = number(fields, "requests_per_second", in: CatalogRanges.requestsPerSecond)
    settings.concurrency =
      integer(fields, "concurrency", in: CatalogRanges.concurrency) ?? settings.concurrency
    settings.retries = integer(fields, "retries", in: CatalogRanges.retries) ?? settings.retries
    settings.timeout =
      number(fields, "timeout", in: CatalogRanges.timeout, unit: "seconds") ?? settings.timeout
    return settings
  }

  /// `sources: [google_books, open_library]`: each source once, at least one.
  mutating func decodeSources(_ root: Fields) -> [SourceName]? {
    guard let items = list(root, "sources") else { return nil }
    let names = SourceName.allCases.map(\.rawValue)
    var sources: [SourceName] = []
    for (item, path) in items {
      guard let name = choice(item, path: path, among: names), let source = SourceName(rawValue: name) else {
        continue
      }
      if sources.contains(source) {
        error("'\(name)' is listed twice in 'sources'", at: item)
        continue
      }
      sources.append(source)
    }
    if items.isEmpty, let node = root.entries["sources"]?.keyNode {
      error(
        "'sources' must name at least one source: " + names.map { "'\($0)'" }.joined(separator: ", "),
        at: node)
    }
    return sources.isEmpty ? nil : sources
  }
}
