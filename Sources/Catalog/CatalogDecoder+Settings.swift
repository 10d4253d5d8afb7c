import Diagnostics
import Support

/// `site:`, `google_books:` and `cache:`.
extension CatalogDecoder {
  static let siteKeys = [
    "title", "base_url", "language", "description", "author", "books_per_page", "time_zone", "strings",
    "index_pages", "index_min_books", "opds_all_books", "embed_cards", "covers",
  ]
  static let googleBooksKeys = [
    "api_key_env", "country", "lang_restrict", "print_type", "filter", "order_by", "projection",
    "api_url", "details", "max_requests", "requests_per_second", "retries", "timeout",
  ]
  static let cacheKeys = ["dir", "max_age", "not_found_max_age"]

  static let languageTag = "a BCP 47 language tag such as 'en' or 'zh-TW'"
  static let languageCode = "a two-letter ISO 639-1 language code such as 'en'"
  static let httpURL = "an http(s) URL"

  mutating func decodeSite(_ root: Fields) -> SiteSettings {
    guard let node = required(root, "site") else { return SiteSettings(title: "") }
    let anchor = root.entries["site"]?.keyNode.location
    guard let fields = fields(of: node, path: "site", keys: Self.siteKeys, anchor: anchor) else {
      return SiteSettings(title: "")
    }
    var site = SiteSettings(title: requiredString(fields, "title") ?? "")
    if let url = checked(fields, "base_url", expected: Self.httpURL, isValid: CatalogRules.isBaseURL) {
      site.baseURL = url.hasSuffix("/") ? url : url + "/"
      if let node = fields.value("base_url") { places.baseURL = place(of: node) }
    }
    site.language =
      checked(fields, "language", expected: Self.languageTag, isValid: CatalogRules.isLanguageTag)
      ?? site.language
    site.description = string(fields, "description")
    site.author = string(fields, "author")
    site.booksPerPage = integer(fields, "books_per_page", in: CatalogRanges.booksPerPage) ?? site.booksPerPage
    site.timeZone =
      checked(
        fields, "time_zone", expected: "an IANA time zone such as 'UTC' or 'Europe/Paris'",
        isValid: CatalogRules.isTimeZone) ?? site.timeZone
    // `site.strings`: any keys, string values.
    if let node = fields.value("strings") {
      for entry in entries(of: node, path: fields.path("strings")) {
        site.strings[entry.key] = text(entry.value, path: keyPath(fields.path("strings"), entry.key))
      }
    }
    if let pages = list(fields, "index_pages") {
      // `[]` builds none.
      let names = IndexPage.allCases.map(\.rawValue)
      site.indexPages = Set(
        pages.compactMap { choice($0.node, path: $0.path, among: names).flatMap(IndexPage.init) })
    }
    site.embedCards = boolean(fields, "embed_cards") ?? site.embedCards
    site.indexMinBooks =
      integer(fields, "index_min_books", in: CatalogRanges.indexMinBooks) ?? site.indexMinBooks
    site.opdsAllBooks = boolean(fields, "opds_all_books") ?? site.opdsAllBooks
    site.covers = choice(fields, "covers", as: CoverMode.self) ?? site.covers
    return site
  }

  mutating func decodeGoogleBooks(_ root: Fields) -> GoogleBooksSettings {
    var settings = GoogleBooksSettings()
    guard let fields = fields(root, "google_books", keys: Self.googleBooksKeys) else { return settings }
    settings.apiKeyEnv = apiKeyEnv(fields) ?? settings.apiKeyEnv
    settings.country = checked(
      fields, "country", expected: "a two-letter ISO 3166-1 country code in capitals such as 'US'",
      suggestion: { Self.caseFix($0, CatalogRules.isCountryCode, $0.uppercased()) },
      isValid: CatalogRules.isCountryCode)
    settings.langRestrict = langRestrict(fields)
    settings.printType = choice(fields, "print_type", among: GoogleBooksSettings.printTypes)
    settings.filter = choice(fields, "filter", among: GoogleBooksSettings.filters)
    settings.orderBy = choice(fields, "order_by", among: GoogleBooksSettings.orderings)
    settings.projection = choice(fields, "projection", among: GoogleBooksSettings.projections)
    settings.apiURL = apiURL(fields) ?? settings.apiURL
    settings.details = choice(fields, "details", as: DetailLevel.self) ?? settings.details
    settings.maxRequests = integer(fields, "max_requests", in: CatalogRanges.maxRequests)
    settings.requestsPerSecond = number(fields, "requests_per_second", in: CatalogRanges.requestsPerSecond)
    settings.retries = integer(fields, "retries", in: CatalogRanges.retries) ?? settings.retries
    settings.timeout =
      number(fields, "timeout", in: CatalogRanges.timeout, unit: "seconds") ?? settings.timeout
    return settings
  }

  /// The variable's name; an actual key here is an error that never repeats the key.
  private mutating func apiKeyEnv(_ fields: Fields) -> String? {
    guard let node = fields.value("api_key_env") else { return nil }
    let path = fields.path("api_key_env")
    guard let name = text(node, path: path) else { return nil }
    if Redaction.looksLikeAPIKey(name) {
      redactedError(
        "'\(path)' looks like an API key: put the key in the environment, not in catalog.yml, "
          + "and name the variable here (e.g. GOOGLE_BOOKS_API_KEY)", at: node)
      return nil
    }
    guard CatalogRules.isEnvironmentName(name) else {
      error(
        "'\(path)' must be the name of an environment variable (letters, digits and '_'), "
          + "got \(shown(name))", at: node)
      return nil
    }
    return name
  }

  /// `fixed` (the value in the other case) when that one is valid: a did-you-mean for a wrong case.
  static func caseFix(_ value: String, _ isValid: (String) -> Bool, _ fixed: String) -> String? {
    isValid(fixed) ? fixed : nil
  }

  /// `lang_restrict`, of Google Books' settings and of a query.
  mutating func langRestrict(_ fields: Fields) -> String? {
    checked(
      fields, "lang_restrict", expected: Self.languageCode,
      suggestion: { Self.caseFix($0, CatalogRules.isLanguageCode, $0.lowercased()) },
      isValid: CatalogRules.isLanguageCode)
  }

  /// `api_url` without the trailing slashes the request paths bring.
  mutating func apiURL(_ fields: Fields) -> String? {
    guard var url = checked(fields, "api_url", expected: Self.httpURL, isValid: CatalogRules.isHTTPURL) else {
      return nil
    }
    while url.hasSuffix("/") { url.removeLast() }
    return url
  }

  mutating func decodeCache(_ root: Fields) -> CacheSettings {
    var cache = CacheSettings()
    guard let fields = fields(root, "cache", keys: Self.cacheKeys) else { return cache }
    cache.dir = nonBlank(fields, "dir") ?? cache.dir
    let longest = NumberText.shortest(CatalogRanges.maxAge.upperBound / 86_400) + "d"
    for (key, path) in [
      ("max_age", \CacheSettings.maxAge), ("not_found_max_age", \CacheSettings.notFoundMaxAge),
    ] {
      if let text = checked(
        fields, key,
        expected: "a duration of at most \(longest) such as '7d', '12h', '30m', '45s' or '1d12h'",
        isValid: { CacheSettings.parseDuration($0).map(CatalogRanges.maxAge.contains) ?? false }),
        let seconds = CacheSettings.parseDuration(text)
      {
        cache[keyPath: path] = seconds
      }
    }
    return cache
  }
}

extension GoogleBooksSettings {
  /// Values the API accepts for `printType`, `filter`, `orderBy` and `projection`.
  static let printTypes = ["all", "books", "magazines"]
  package static let filters = ["partial", "full", "free-ebooks", "paid-ebooks", "ebooks"]
  static let orderings = ["relevance", "newest"]
  static let projections = ["full", "lite"]
}
