/// What the discovery files (sitemap, feeds, OPDS, search index) depend on besides the site.
struct DiscoveryOptions: Sendable, Equatable {
  /// `SOURCE_DATE_EPOCH`: the reproducible build time, in seconds since 1970. When set, it is the
  /// feeds' `updated` and the sitemap's `lastmod`; without it no build time is written anywhere.
  var sourceDateEpoch: Int?
  /// URLs per sitemap file; past it `sitemap.xml` becomes an index (50,000 is the protocol's cap).
  var sitemapLimit = 50_000
  /// Entries per Atom feed (the newest books).
  var feedEntryLimit = 50
  /// Entries per OPDS acquisition feed page.
  var opdsPageSize = 100

  init(sourceDateEpoch: Int? = nil) {
    self.sourceDateEpoch = sourceDateEpoch
  }

  /// The times `SOURCE_DATE_EPOCH` may give: 1970-01-01 to 9999-12-31 (a four-digit year).
  static let sourceDateEpochs = 0...253_402_300_799

  /// Reads `SOURCE_DATE_EPOCH` (ignored unless it is a whole number of seconds in
  /// `sourceDateEpochs`: the date arithmetic must never overflow on a stray value).
  init(environment: [String: String]) {
    let epoch = environment["SOURCE_DATE_EPOCH"].flatMap { Int($0) }
    self.init(sourceDateEpoch: epoch.flatMap { Self.sourceDateEpochs.contains($0) ? $0 : nil })
  }
}
