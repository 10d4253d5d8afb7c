/// The body of one page of a Google Books search over synthetic volumes, in Google's JSON shape
/// (`books#volumes`, `totalItems`, `items` of search-list records).
enum SearchPage {
  /// The page of `query` holding `volumes` (a part of `query.volumes`). An empty page has no
  /// `items` key, as Google's answer past the last result has none.
  static func body(query: DatasetPlan.Query, volumes: Range<Int>, seed: UInt64) -> [UInt8] {
    var json = JSONText(capacity: volumes.count * 6_000)
    json.openObject()
    json.string("kind", "books#volumes")
    // Google's estimate of all matches, never the page size.
    json.literal("totalItems", query.maxResults * 3 + query.volumes.lowerBound % 97)
    if !volumes.isEmpty {
      json.openArray("items")
      for index in volumes {
        SyntheticBook(index: index, seed: seed).write(
          to: &json, query: query.q, rank: index - query.volumes.lowerBound + 1)
      }
      json.closeArray()
    }
    json.closeObject()
    json.finish()
    return json.bytes
  }
}
