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

extension DiscoveryFiles {
  /// Writes the files under `root` (the staging folder), creating their folders; returns the bytes
  /// written. Paths go through `OutputFolder.filePath`, so none can leave `root`.
  static func write(_ files: [DiscoveryFile], into root: String) throws(SiteError) -> Int {
    var folders: Set<[String]> = []
    var total = 0
    for file in files {
      let parts = file.path.split(separator: "/").map(String.init)
      let location = SitePath(Array(parts.dropLast()), fileName: parts.last ?? "")
      for depth in 1..<max(1, parts.count) where folders.insert(Array(parts.prefix(depth))).inserted {
        let folder = Array(parts.prefix(depth))
        try FileWriting.makeDirectory(
          OutputFolder.filePath(for: SitePath(Array(folder.dropLast()), fileName: folder.last!), in: root))
      }
      try FileWriting.write(bytes: file.bytes, to: OutputFolder.filePath(for: location, in: root))
      total += file.bytes.count
    }
    return total
  }
}
