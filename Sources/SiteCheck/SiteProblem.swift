import Diagnostics

/// One thing wrong with a built site, found by `SiteChecker`.
package struct SiteProblem: Sendable, Equatable, CustomStringConvertible {
  package enum Kind: Sendable, Equatable {
    /// The link's target file does not exist in the output.
    case brokenLink(String)
    /// The target exists but has no element with the fragment's id.
    case brokenAnchor(link: String, id: String, target: String)
    /// A root-relative link (or one to the site's own host) outside the base URL's path.
    case outsideBasePath(link: String, basePath: String)
    /// A link to a development host (`localhost`, `127.0.0.1`, …) that is not the site's host.
    case wrongHost(link: String, host: String, expected: String)
    /// A `javascript:` URL.
    case scriptLink(String)
    /// No `<title>`, or one with only whitespace.
    case missingTitle
    /// No `lang` on `<html>`, or an empty one.
    case missingLanguage
  }

  /// The page, relative to the output folder (`books/dune/index.html`).
  package var page: String
  package var kind: Kind

  /// `books/x/index.html: broken link 'authors/y/' (no such file)`.
  package var description: String {
    let message: String
    switch kind {
    case .brokenLink(let link):
      message = "broken link '\(link)' (no such file)"
    case .brokenAnchor(let link, let id, let target):
      message = "broken link '\(link)' (no id '\(id)' in \(target))"
    case .outsideBasePath(let link, let basePath):
      message = "link '\(link)' leaves the base path '\(basePath)'"
    case .wrongHost(let link, let host, let expected):
      message = "link '\(link)' points at host '\(host)', not '\(expected)'"
    case .scriptLink(let link):
      message = "link '\(link)' runs a script"
    case .missingTitle:
      message = "no <title> (or an empty one)"
    case .missingLanguage:
      message = "no lang on <html>"
    }
    return "\(page): \(message)"
  }
}

/// Why the check could not run at all.
package enum SiteCheckError: Error, Equatable, CustomStringConvertible, Diagnosable {
  case notAFolder(String)
  case invalidBaseURL(String)
  case unreadable(path: String)

  package var description: String {
    switch self {
    case .notAFolder(let path): return "'\(path)' is not a folder (build the site first)"
    case .invalidBaseURL(let url): return "invalid base URL '\(url)' (expected http(s)://host/path/)"
    case .unreadable(let path): return "cannot read '\(path)'"
    }
  }

  package var diagnostics: [Diagnostic] { [.error(description)] }
}
