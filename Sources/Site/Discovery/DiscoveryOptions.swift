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
}
