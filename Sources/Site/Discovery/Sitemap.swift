import Support

/// `sitemap.xml` (an index of `sitemap-1.xml`… past the URL limit), `robots.txt` and `.nojekyll`.
enum Sitemap {
  static let namespace = "http://www.sitemaps.org/schemas/sitemap/0.9"

  /// The sitemap files for the given page URLs (absolute), sorted so the output is stable.
  static func files(pageURLs: [String], urls: SiteURLs, options: DiscoveryOptions) -> [DiscoveryFile] {
    let sorted = Array(Set(pageURLs)).sorted()
    let lastmod = options.sourceDateEpoch.map(UTCTime.day(epochSeconds:))
    let limit = max(1, options.sitemapLimit)
    guard sorted.count > limit else {
      return [DiscoveryFile(path: "sitemap.xml", bytes: urlSet(sorted, lastmod: lastmod))]
    }
    var files: [DiscoveryFile] = []
    var index = XMLWriter()
    index.open("sitemapindex", ["xmlns": namespace])
    for (number, start) in stride(from: 0, to: sorted.count, by: limit).enumerated() {
      let name = "sitemap-\(number + 1).xml"
      let chunk = Array(sorted[start..<min(sorted.count, start + limit)])
      files.append(DiscoveryFile(path: name, bytes: urlSet(chunk, lastmod: lastmod)))
      index.open("sitemap")
      index.element("loc", urls.absolute(SitePath([], fileName: name)))
      if let lastmod { index.element("lastmod", lastmod) }
      index.close("sitemap")
    }
    index.close("sitemapindex")
    return [DiscoveryFile(path: "sitemap.xml", bytes: index.bytes)] + files
  }

  private static func urlSet(_ locations: [String], lastmod: String?) -> [UInt8] {
    var xml = XMLWriter()
    xml.open("urlset", ["xmlns": namespace])
    for location in locations {
      xml.open("url")
      xml.element("loc", location)
      if let lastmod { xml.element("lastmod", lastmod) }
      xml.close("url")
    }
    xml.close("urlset")
    return xml.bytes
  }

  /// Allows everything and names the sitemap (crawlers need its absolute URL).
  static func robots(urls: SiteURLs) -> DiscoveryFile {
    DiscoveryFile(
      path: "robots.txt",
      bytes: Array(
        "User-agent: *\nAllow: /\n\nSitemap: \(urls.absolute(SitePath([], fileName: "sitemap.xml")))\n".utf8))
  }

  /// Tells GitHub Pages not to run Jekyll (which hides files and folders starting with `_`).
  static let noJekyll = DiscoveryFile(path: ".nojekyll", bytes: [])
}
