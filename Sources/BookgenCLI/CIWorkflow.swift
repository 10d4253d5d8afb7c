/// The CI hosts `bookgen init --ci` writes a workflow for.
enum CIHost: String, Sendable, CaseIterable {
  case github
  case gitlab

  /// Where the host reads the workflow from, relative to the repository's root.
  var path: String {
    switch self {
    case .github: ".github/workflows/bookgen.yml"
    case .gitlab: ".gitlab-ci.yml"
    }
  }
}

/// The workflow `bookgen init --ci` writes: it installs this bookgen's release (checking the
/// binary's digest before it runs), keeps the catalog's cache folder between runs, rebuilds
/// weekly and on demand, and deploys to the host's Pages. Both hosts run the same commands.
enum CIWorkflow {
  /// The most requests one run makes: inside a free key's daily quota (about 1,000).
  static let maxRequests = 900

  static func text(for host: CIHost, pin: ReleasePin, cacheFolder: String) -> String {
    switch host {
    case .github: github(pin: pin, cacheFolder: cacheFolder)
    case .gitlab: gitlab(pin: pin, cacheFolder: cacheFolder)
    }
  }

  /// What the comments say happens without an API key; the build-step tests hold bookgen to it.
  static let withoutKey = """
    Without it Google refuses most requests (HTTP 429): ISBNs are then looked up in Open
    Library and Open Library searches need no key, so such a catalog builds; a Google Books
    search (a `q:` query) fails the build until the key is set.
    """

  /// The commands of the build step; `$BASE_URL` is the address the host serves the site at.
  static let buildCommands = [
    "bookgen --version",
    "bookgen check",
    "bookgen build --max-requests \(maxRequests) --base-url \"$BASE_URL\"",
    "bookgen check --site --base-url \"$BASE_URL\"",
  ]

  /// Downloads the release archive, takes the binary out of it, and keeps it only when its
  /// SHA-256 is the pinned one; `$TOOLS` is the folder it is put in (added to PATH after).
  /// `error` starts an error line: GitHub shows `::error::` lines on the run's summary.
  static func installCommands(error: String) -> [String] {
    [
      #"if [ "$BOOKGEN_REPO" = "\#(ReleasePin.unknownRepository)" ]; then"#,
      #"  echo "\#(error)Set BOOKGEN_REPO at the top of this workflow to the GitHub owner/name bookgen is released from." >&2"#,
      "  exit 1",
      "fi",
      #"package="bookgen-$BOOKGEN_VERSION-linux-x86_64""#,
      #"mkdir -p "$TOOLS""#,
      "curl --fail --silent --show-error --location --proto '=https' --retry 3 \\",
      #"  --output "$TOOLS/$package.tar.gz" \"#,
      #"  "https://github.com/$BOOKGEN_REPO/releases/download/v$BOOKGEN_VERSION/$package.tar.gz""#,
      #"tar -xzf "$TOOLS/$package.tar.gz" -O "$package/bookgen" >"$TOOLS/bookgen""#,
      #"if ! echo "$BOOKGEN_SHA256  $TOOLS/bookgen" | sha256sum --check --strict --quiet; then"#,
      #"  echo "\#(error)bookgen $BOOKGEN_VERSION from $BOOKGEN_REPO is not the binary BOOKGEN_SHA256 names; it was not run." >&2"#,
      "  exit 1",
      "fi",
      #"chmod 755 "$TOOLS/bookgen""#,
    ]
  }

  /// The `env:`/`variables:` block's three pins, each with what it is.
  static func pins(_ pin: ReleasePin, indent: String) -> String {
    let repository = pin.repository ?? ReleasePin.unknownRepository
    let repositoryNote =
      pin.repository == nil
      ? "set this: the GitHub owner/name bookgen is released from" : "where bookgen is released from"
    return """
      \(indent)BOOKGEN_REPO: \(repository) # \(repositoryNote)
      \(indent)BOOKGEN_VERSION: "\(pin.version)"
      \(indent)# SHA-256 of the bookgen binary (not of the archive) that wrote this file: a
      \(indent)# download with other bytes is never run. `sha256sum "$(command -v bookgen)"` prints it.
      \(indent)BOOKGEN_SHA256: \(pin.sha256)
      """
  }

  /// `lines` indented as the body of a `run: |` block (or of a list item).
  static func block(_ lines: [String], indent: String) -> String {
    lines.map { indent + $0 }.joined(separator: "\n")
  }

  /// `text` as comment lines: `#`, then `indent`, then the line.
  static func comment(_ text: String, indent: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "#" + indent + $0 }
      .joined(separator: "\n")
  }
}
