import Foundation
import Markdown

/// Checks a built site folder: every internal link and anchor resolves to a file and an id in the
/// folder, no link leaves the base path or points at a development host, and every page has a
/// title and a language.
///
/// Links resolve the way a static host serves the folder: `dir/` means `dir/index.html`, paths are
/// percent-decoded, root-relative paths must start with the base URL's path.
public enum SiteChecker {
  /// Pages parsed per task.
  static let batchSize = 64

  /// The problems found, by page (sorted) and then in document order; empty when the site is fine.
  public static func check(outputDirectory: String, baseURL: String) async throws(SiteCheckError)
    -> [SiteProblem]
  {
    let base = try BaseURL(baseURL)
    let root = outputDirectory.hasSuffix("/") ? String(outputDirectory.dropLast()) : outputDirectory
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
      throw .notAFolder(outputDirectory)
    }
    let files = Set(
      (FileManager.default.subpaths(atPath: root) ?? []).filter { path in
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder)
          && !isFolder.boolValue
      })
    let pages = files.filter { $0.hasSuffix(".html") }.sorted()
    let scans = try await scanAll(pages, in: root)
    let site = SiteIndex(files: files, scans: Dictionary(uniqueKeysWithValues: zip(pages, scans)), base: base)
    var problems: [SiteProblem] = []
    for (page, scan) in zip(pages, scans) {
      problems += site.problems(of: page, scan: scan)
    }
    return problems
  }

  /// Reads and parses the pages, `batchSize` per task, in page order.
  private static func scanAll(_ pages: [String], in root: String) async throws(SiteCheckError)
    -> [HTMLPageScan]
  {
    let batches = stride(from: 0, to: pages.count, by: batchSize).map {
      ($0, Array(pages[$0..<min(pages.count, $0 + batchSize)]))
    }
    let result = await withTaskGroup(of: (Int, Result<[HTMLPageScan], SiteCheckError>).self) { group in
      for (start, batch) in batches {
        group.addTask {
          var scans: [HTMLPageScan] = []
          for page in batch {
            guard let data = FileManager.default.contents(atPath: root + "/" + page) else {
              return (start, .failure(.unreadable(path: root + "/" + page)))
            }
            scans.append(HTMLScan.scan(String(decoding: data, as: UTF8.self)))
          }
          return (start, .success(scans))
        }
      }
      var ordered = [[HTMLPageScan]](repeating: [], count: batches.count)
      for await (start, outcome) in group {
        switch outcome {
        case .success(let scans): ordered[start / batchSize] = scans
        case .failure(let error): return Result<[HTMLPageScan], SiteCheckError>.failure(error)
        }
      }
      return .success(ordered.flatMap { $0 })
    }
    return try result.get()
  }
}

/// The output folder's files and parsed pages, and how links resolve against them.
struct SiteIndex {
  let files: Set<String>
  let scans: [String: HTMLPageScan]
  let base: BaseURL

  /// Where a link leads inside the site.
  enum Target: Equatable {
    case file(String, fragment: String?)
    case external
    case problem(SiteProblem.Kind)
  }

  func problems(of page: String, scan: HTMLPageScan) -> [SiteProblem] {
    var problems: [SiteProblem] = []
    if scan.title?.trimmingASCIIWhitespace().isEmpty ?? true {
      problems.append(SiteProblem(page: page, kind: .missingTitle))
    }
    if scan.language?.trimmingASCIIWhitespace().isEmpty ?? true {
      problems.append(SiteProblem(page: page, kind: .missingLanguage))
    }
    var reported: Set<String> = []
    for link in scan.links {
      guard let kind = problem(with: link.url, on: page), reported.insert(link.url).inserted else { continue }
      problems.append(SiteProblem(page: page, kind: kind))
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
      guard let fragment, !fragment.isEmpty, fragment != "top", let target = scans[file] else { return nil }
      let id = LinkText.percentDecoded(Substring(fragment)) ?? fragment
      return target.ids.contains(id) ? nil : .brokenAnchor(link: url, id: id, target: file)
    }
  }

  /// Resolves `url` as a browser on `page` (a path relative to the output folder) would.
  func resolve(_ raw: String, on page: String) -> Target {
    let url = raw.trimmingASCIIWhitespace()
    let fragmentStart = url.firstIndex(of: "#")
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
    guard let decoded = LinkText.percentDecoded(Substring(normalized)) else {
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
