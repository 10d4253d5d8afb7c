import Catalog

/// Renders every file that makes the site discoverable, apart from the pages themselves:
/// `sitemap.xml` (and `sitemap-N.xml`), `robots.txt`, `.nojekyll`, the Atom feeds, the OPDS
/// catalog and `search-index.json`.
///
/// The builder calls this once after the model is built and writes the files next to the pages;
/// the output depends only on its inputs (no clock), so rebuilds are byte-identical.
enum DiscoveryFiles {
  /// `jobs` are the site's pages: every one but the 404 page goes into the sitemap. `facts` may
  /// be passed to reuse the ones `SEOHead` already derived (`seo.facts`).
  static func render(
    model: SiteModel, jobs: [PageJob], settings: SiteSettings, urls: SiteURLs, strings: UIStrings,
    options: DiscoveryOptions, facts: [BookFacts]? = nil
  ) -> [DiscoveryFile] {
    let facts = facts ?? BookFacts.all(model: model, urls: urls)
    let feed = AtomFeed(
      model: model, settings: settings, urls: urls, strings: strings, options: options, facts: facts)
    let pages = jobs.filter { $0.kind != .notFound }.map { urls.absolute($0.path) }
    var files = Sitemap.files(pageURLs: pages, urls: urls, options: options)
    files.append(Sitemap.robots(urls: urls))
    files.append(Sitemap.noJekyll)
    files += feed.files()
    files += OPDSCatalog(feed: feed).files()
    files.append(SearchIndex.file(model: model, facts: facts))
    return files
  }
}
