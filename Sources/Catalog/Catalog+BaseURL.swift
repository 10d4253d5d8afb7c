import Diagnostics

extension Catalog {
  /// A warning when the site's address is a placeholder (`example.com`) or not set: canonical links,
  /// the sitemap, feeds and OpenGraph tags would point there. None with `--base-url` (`override`).
  package func baseURLWarning(override: String? = nil) -> Diagnostic? {
    // `--base-url` names this build's address on purpose (a preview deploy, a test).
    guard override == nil else { return nil }
    let url = site.baseURL
    if let host = Self.placeholderHost(url) {
      let message =
        "'site.base_url' is '\(url)', a placeholder (\(host)): set it to the address the site will be "
        + "published at; canonical links, the sitemap and feeds point there"
      return places.baseURL?.warning(message) ?? .warning(message)
    }
    guard places.baseURL == nil else { return nil }
    return .warning(
      "'site.base_url' is not set, so canonical links, the sitemap and feeds point at \(url): set it "
        + "in catalog.yml to the address the site will be published at")
  }

  /// The host of `url` when it is one no site is published at.
  static func placeholderHost(_ url: String) -> String? {
    guard let schemeEnd = url.range(of: "://") else { return nil }
    let authority = url[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let host = String(authority.split(separator: "@").last?.split(separator: ":").first ?? "").lowercased()
    let reserved = ["example.com", "example.net", "example.org"]
    if reserved.contains(where: { host == $0 || host.hasSuffix("." + $0) }) { return host }
    if host == "example" || host.hasSuffix(".example") || host == "example.github.io" { return host }
    return nil
  }
}
