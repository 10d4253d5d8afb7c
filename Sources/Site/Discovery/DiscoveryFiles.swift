import Catalog

/// Renders every file that makes the site discoverable, apart from the pages themselves:
/// `sitemap.xml` (and `sitemap-N.xml`), `robots.txt`, `.nojekyll`, the Atom feeds and the OPDS
/// catalog. The search index (`search/…`) is written beside them (`SiteSearch`).
///
/// The builder calls this once after the model is built and writes the files next to the pages;
/// the output depends only on its inputs (no clock), so rebuilds are byte-identical.
enum DiscoveryFiles {
  /// Passes each file to `emit` as soon as it is made, so a large site's feeds are written (and
  /// released) one by one. `jobs` are the site's pages: all but the 404 and search pages and
  /// the cards go into the sitemap; `facts` are the books' (`SEOHead.facts`).
  static func forEachFile<Failure: Error>(
    model: SiteModel, jobs: [PageJob], settings: SiteSettings, urls: SiteURLs, strings: UIStrings,
    options: DiscoveryOptions, facts: [BookFacts], _ emit: (DiscoveryFile) throws(Failure) -> Void
  ) throws(Failure) {
    let feed = AtomFeed(
      model: model, settings: settings, urls: urls, strings: strings, options: options, facts: facts)
    let pages = jobs.filter(\.kind.isInSitemap).map { SEOHead.canonicalURL(of: $0, facts: facts, urls: urls) }
    for file in Sitemap.files(pageURLs: pages, urls: urls, options: options) { try emit(file) }
    try emit(Sitemap.robots(urls: urls))
    try emit(Sitemap.noJekyll)
    try feed.forEachFile(emit)
    try OPDSCatalog(feed: feed).forEachFile(emit)
  }
}
