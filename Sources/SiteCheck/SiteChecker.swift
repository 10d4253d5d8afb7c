import Foundation
import Support

/// Checks a built site folder: every internal link and anchor resolves to a file and an id in the
/// folder, no link leaves the base path or points at a development host, and every page has a
/// title and a language.
///
/// Links resolve the way a static host serves the folder: `dir/` means `dir/index.html`, paths are
/// percent-decoded, root-relative paths must start with the base URL's path.
package enum SiteChecker {
  /// The problems found, by page (sorted) and then in document order; empty when the site is fine.
  /// `verbatim` files (relative paths: the site's `static/` files, such as a host's verification
  /// page) are link targets but are not checked as pages: they are the owner's, copied as they are.
  package static func check(outputDirectory: String, baseURL: String, verbatim: Set<String> = [])
    async throws(SiteCheckError) -> [SiteProblem]
  {
    let base = try BaseURL(baseURL)
    let root = outputDirectory.hasSuffix("/") ? String(outputDirectory.dropLast()) : outputDirectory
    guard PathKind.of(root, followingLinks: true) == .folder else { throw .notAFolder(outputDirectory) }
    let files = Set(
      (FileManager.default.subpaths(atPath: root) ?? []).filter {
        ![.folder, .missing].contains(PathKind.of(root + "/" + $0, followingLinks: true))
      })
    let pages = files.filter { $0.hasSuffix(".html") && !verbatim.contains($0) }.sorted()
    let scanned = Parallel.map(count: pages.count, minimumChunk: 32) { index in
      FileManager.default.contents(atPath: root + "/" + pages[index]).map {
        PageSummary(HTMLScan.scan(String(decoding: $0, as: UTF8.self)))
      }
    }
    let summaries = try scanned.indices.map { index throws(SiteCheckError) in
      guard let summary = scanned[index] else { throw .unreadable(path: root + "/" + pages[index]) }
      return summary
    }
    let site = SiteIndex(
      files: files, pages: Dictionary(uniqueKeysWithValues: zip(pages, summaries)), base: base)
    // One batch per core: root-relative and absolute links resolve the same on every page, so
    // each batch resolves them once (the header's links, a book linked from twenty lists…).
    let perCore = max(1, (pages.count + Parallel.coreCount - 1) / Parallel.coreCount)
    let batches = stride(from: 0, to: pages.count, by: perCore).map { $0..<min(pages.count, $0 + perCore) }
    let problems = Parallel.map(count: batches.count, minimumChunk: 1) { batch in
      var cache: [String: SiteProblem.Kind?] = [:]
      return batches[batch].flatMap { site.problems(of: pages[$0], summary: summaries[$0], cache: &cache) }
    }
    return problems.flatMap { $0 }
  }
}

/// What the check keeps of a parsed page: much less than the scan, since a large site has
/// thousands of pages with the same header links.
struct PageSummary: Sendable {
  let ids: Set<String>
  /// Distinct link URLs in document order.
  let links: [String]
  let hasTitle: Bool
  let hasLanguage: Bool

  init(_ scan: HTMLPageScan) {
    ids = scan.ids
    var seen: Set<String> = []
    links = scan.links.map(\.url).filter { seen.insert($0).inserted }
    hasTitle = !(scan.title?.trimmingASCIIWhitespace().isEmpty ?? true)
    hasLanguage = !(scan.language?.trimmingASCIIWhitespace().isEmpty ?? true)
  }
}

/// The output folder's files and parsed pages, and how links resolve against them.
struct SiteIndex: Sendable {
  let files: Set<String>
  let pages: [String: PageSummary]
  let base: BaseURL

  /// Where a link leads inside the site.
  enum Target: Equatable {
    case file(String, fragment: String?)
    case external
    case problem(SiteProblem.Kind)
  }

  func problems(of page: String, summary: PageSummary, cache: inout [String: SiteProblem.Kind?])
    -> [SiteProblem]
  {
    var problems: [SiteProblem] = []
    if !summary.hasTitle { problems.append(SiteProblem(page: page, kind: .missingTitle)) }
    if !summary.hasLanguage { problems.append(SiteProblem(page: page, kind: .missingLanguage)) }
    for url in summary.links {
      let kind: SiteProblem.Kind?
      if url.hasPrefix("/") || LinkText.scheme(of: url) != nil {
        if let known = cache[url] {
          kind = known
        } else {
          kind = problem(with: url, on: page)
          cache[url] = .some(kind)
        }
      } else {
        kind = problem(with: url, on: page)
      }
      if let kind { problems.append(SiteProblem(page: page, kind: kind)) }
    }
    return problems
  }

  /// What is wrong with `url` on `page`, or nil when it resolves (or is not the site's business).
  func problem(with url: String, on page: String) -> SiteProblem.Kind? {
    switch resolve(url, on: page) {
    case .external: return nil
    case .problem(let kind): return kind
    case .file(let path, let fragment):
      let file: String
      if files.contains(path) {
        file = path
      } else if files.contains(path + "/index.html") {
        file = path + "/index.html"
      } else {
        return .brokenLink(url)
      }
      guard let fragment, !fragment.isEmpty, fragment != "top", let target = pages[file] else { return nil }
      let id = PercentEncoding.decode(Substring(fragment), strict: false) ?? fragment
      return target.ids.contains(id) ? nil : .brokenAnchor(link: url, id: id, target: file)
    }
  }

  /// Resolves `url` as a browser on `page` (a path relative to the output folder) would.
  func resolve(_ raw: String, on page: String) -> Target {
    let url = raw.trimmingASCIIWhitespace()
    let fragmentStart = url.utf8.firstIndex(of: UInt8(ascii: "#"))
    let fragment = fragmentStart.map { String(url[url.index(after: $0)...]) }
    let reference = url[..<(fragmentStart ?? url.endIndex)].prefix { $0 != "?" }

    let sitePath: Substring
    if let scheme = LinkText.scheme(of: url) {
      switch scheme {
      case "http", "https":
        guard let parts = LinkText.splitAbsolute(url) else { return .problem(.brokenLink(raw)) }
        return resolve(host: parts.host, path: Substring(parts.path), fragment: fragment, raw: raw)
      case "javascript":
        return .problem(.scriptLink(raw))
      default:
        return .external
      }
    } else if reference.hasPrefix("//") {
      let authority = reference.dropFirst(2).prefix { $0 != "/" }
      return resolve(
        host: authority.lowercased(), path: reference.dropFirst(2 + authority.count), fragment: fragment,
        raw: raw)
    } else if reference.hasPrefix("/") {
      return resolve(rootRelative: reference, fragment: fragment, raw: raw)
    } else if reference.isEmpty {
      // `#id` and `?q` stay on the page itself.
      return .file(page, fragment: fragment)
    } else {
      let folder = page.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(
        separator: "/")
      sitePath = Substring(folder.isEmpty ? String(reference) : folder + "/" + reference)
    }
    return resolve(sitePath: sitePath, fragment: fragment, raw: raw)
  }

  /// An absolute link: the site's own host resolves like a root-relative path; a development host
  /// is a leftover; anything else is external.
  private func resolve(host: String, path: Substring, fragment: String?, raw: String) -> Target {
    guard host == base.host else {
      return LinkText.isDevelopmentHost(host)
        ? .problem(.wrongHost(link: raw, host: host, expected: base.host)) : .external
    }
    return resolve(rootRelative: path.isEmpty ? "/" : path, fragment: fragment, raw: raw)
  }

  private func resolve(rootRelative path: Substring, fragment: String?, raw: String) -> Target {
    guard path.hasPrefix(base.path) else { return .problem(.outsideBasePath(link: raw, basePath: base.path)) }
    return resolve(sitePath: path.dropFirst(base.path.count), fragment: fragment, raw: raw)
  }

  /// A path relative to the output folder: dot segments removed, percent-decoded, `dir/` →
  /// `dir/index.html`.
  private func resolve(sitePath: Substring, fragment: String?, raw: String) -> Target {
    guard let normalized = SiteIndex.normalize(sitePath) else {
      return .problem(.outsideBasePath(link: raw, basePath: base.path))
    }
    guard let decoded = PercentEncoding.decode(Substring(normalized), strict: false) else {
      return .problem(.brokenLink(raw))
    }
    let path = decoded.isEmpty || decoded.hasSuffix("/") ? decoded + "index.html" : decoded
    return .file(path, fragment: fragment)
  }

  /// Removes `.` and `..` segments; nil when `..` climbs above the site's root.
  static func normalize(_ path: Substring) -> String? {
    var segments: [Substring] = []
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    for (index, part) in parts.enumerated() {
      switch part {
      case ".":
        if index == parts.count - 1 { segments.append("") }
      case "..":
        guard !segments.isEmpty else { return nil }
        segments.removeLast()
        if index == parts.count - 1 { segments.append("") }
      default:
        segments.append(part)
      }
    }
    return segments.joined(separator: "/")
  }
}
