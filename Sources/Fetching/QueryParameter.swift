import Support

/// One `name=value` of an API request's query. Sources sort their parameters, so that one
/// request has one canonical form, the name of its cache entry.
package struct QueryParameter: Sendable, Hashable, Comparable {
  package var name: String
  package var value: String

  package init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }

  package static func < (a: QueryParameter, b: QueryParameter) -> Bool {
    (a.name, a.value) < (b.name, b.value)
  }

  /// `a=1&b=x%20y`: each name and value strictly percent-encoded, in the order given.
  package static func query(_ parameters: [QueryParameter]) -> String {
    parameters.map {
      PercentEncoding.encodeQueryValue($0.name) + "=" + PercentEncoding.encodeQueryValue($0.value)
    }.joined(separator: "&")
  }
}
