import Fetching
import Support

/// One Google Books API request, relative to the API base URL and without the key.
///
/// Its `canonical` form (parameters sorted, strictly percent-encoded) names the cache entry, so
/// one cache serves any `api_url` (Google, a mirror, a test server) and never holds the key.
package struct APIRequest: Sendable, Hashable, Comparable, CustomStringConvertible {
  package typealias Parameter = QueryParameter

  /// `volumes` or `volumes/{id}` (already percent-encoded).
  package var path: String
  /// Sorted by name; never contains `key`.
  package private(set) var parameters: [Parameter]

  package init(path: String, parameters: [Parameter]) {
    self.path = path
    self.parameters = parameters.filter { $0.name != "key" }.sorted()
  }

  /// `GET volumes?q=…&startIndex=…&maxResults=…` plus the optional filters.
  package static func search(
    _ q: String, startIndex: Int, maxResults: Int, options: [String: String?] = [:]
  ) -> APIRequest {
    var parameters = [
      Parameter("q", q), Parameter("startIndex", String(startIndex)),
      Parameter("maxResults", String(maxResults)),
    ]
    for (name, value) in options { if let value { parameters.append(Parameter(name, value)) } }
    return APIRequest(path: "volumes", parameters: parameters)
  }

  /// `GET volumes/{id}`.
  package static func volume(_ id: String, options: [String: String?] = [:]) -> APIRequest {
    let parameters = options.compactMap { name, value in value.map { Parameter(name, $0) } }
    return APIRequest(path: "volumes/" + PercentEncoding.encodePathSegment(id), parameters: parameters)
  }

  /// `volumes?country=TW&maxResults=40&q=isbn%3A9789573317241&startIndex=0`.
  package var canonical: String {
    guard !parameters.isEmpty else { return path }
    return path + "?" + QueryParameter.query(parameters)
  }

  package var description: String { canonical }

  /// The value of the first parameter named `name`.
  package func value(of name: String) -> String? { parameters.first { $0.name == name }?.value }

  /// The items a search asked for (`maxResults`); an answer's items past it are not used.
  package var maxItems: Int? { value(of: "maxResults").flatMap { Int($0) } }

  /// The full URL text, with the key appended when there is one. Never print it: use `redacted`.
  package func urlString(base: String, key: String?) -> String {
    var text = Self.trimmedBase(base) + "/" + canonical
    if let key, !key.isEmpty {
      text += (parameters.isEmpty ? "?" : "&") + "key=" + PercentEncoding.encodeQueryValue(key)
    }
    return text
  }

  /// The URL as it may be shown: `key=REDACTED` when a key is sent.
  package func redacted(base: String, hasKey: Bool) -> String {
    urlString(base: base, key: hasKey ? "REDACTED" : nil)
  }

  static func trimmedBase(_ base: String) -> String {
    var base = base
    while base.hasSuffix("/") { base.removeLast() }
    return base
  }

  package static func < (a: APIRequest, b: APIRequest) -> Bool { a.canonical < b.canonical }
}

extension APIRequest: CachedRequest {}
