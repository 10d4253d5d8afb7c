extension CommandContext {
  /// `bookgen build`: catalog → fetch → render → write.
  func build() async throws {
    throw CommandError.notYetAvailable("'bookgen build'")
  }

  /// `bookgen fetch`: catalog → fetch, filling the cache only.
  func fetch() async throws {
    throw CommandError.notYetAvailable("'bookgen fetch'")
  }

  /// `bookgen check`: the catalog, the templates, and with `--site` the built output.
  func check() async throws {
    throw CommandError.notYetAvailable("'bookgen check'")
  }

  /// `bookgen serve`: the preview server, rebuilding with the same pipeline as `build`.
  func serve() async throws {
    throw CommandError.notYetAvailable("'bookgen serve'")
  }

  /// Where the catalog at `catalogPath` keeps its fetch cache.
  func cacheDirectory(catalogPath: String) throws -> String {
    throw CommandError.notYetAvailable("'bookgen clean --cache'")
  }
}
