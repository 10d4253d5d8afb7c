import Foundation

/// The example site `bookgen init --example` writes: the repository's own example, `catalog.yml`
/// with its recorded cache `.ci/example-cache/`, embedded at build time (so there is one
/// example, and the release binary needs no other file).
///
/// The cache entries were recorded by `make example-cache` and are pinned: they never expire,
/// so the example builds at once, offline and without an API key. In the new site the cache
/// lives where any site keeps it, `.bookgen-cache/`, but is not ignored: `git add -A` commits
/// it, so the site builds offline from a clone (a CI runner's first run included).
enum ExampleSite {
  /// Where the repository keeps the example's cache, and where a new site keeps it.
  static let repositoryCache = ".ci/example-cache"
  static let cacheFolder = ".bookgen-cache"

  /// The example's `.gitignore`: the starter's, but the recorded cache is committed; only the
  /// cache's lock and marker, which runs write and rewrite, stay out of git.
  static var gitignoreLines: [String] {
    Scaffold.gitignoreLines.filter { $0 != cacheFolder + "/" } + Scaffold.cacheRunFiles
  }

  /// The example catalog with its `cache.dir` pointing at the new site's cache folder.
  static var catalog: String {
    let text = ExampleSiteFiles.files["catalog.yml"] ?? ""
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.trimmingCharacters(in: .whitespaces).hasPrefix("dir: \(repositoryCache)")
        ? "  dir: \(cacheFolder)" : String(line)
    }.joined(separator: "\n")
  }

  /// The recorded cache entries by their path in the new site (`.bookgen-cache/ab/….entry`).
  static var cacheFiles: [(path: String, bytes: [UInt8])] {
    ExampleSiteFiles.files.keys.sorted().compactMap { path in
      guard path.hasPrefix(repositoryCache + "/"), let text = ExampleSiteFiles.files[path] else { return nil }
      return (cacheFolder + path.dropFirst(repositoryCache.count), Array(text.utf8))
    }
  }
}
