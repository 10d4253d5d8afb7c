/// A request as the cache knows it: its canonical form names the entry, so one cache serves any
/// base URL (the source itself, a mirror, a test server) and never holds a key.
package protocol CachedRequest: Hashable, Sendable {
  /// The request relative to the source's base URL, parameters in a fixed order, without a key
  /// (`volumes?maxResults=40&q=dune&startIndex=0`).
  var canonical: String { get }
}
