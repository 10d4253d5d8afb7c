extension CommandContext {
  /// `bookgen build`: catalog → fetch → render → write.
  func build() async throws {
    throw CommandError.notYetAvailable("'bookgen build'")
  }

  /// `bookgen fetch`: catalog → fetch, filling the cache only.
  func fetch() async throws {
    throw CommandError.notYetAvailable("'bookgen fetch'")
  }

  /// `bookgen serve`: the preview server, rebuilding with the same pipeline as `build`.
  func serve() async throws {
    throw CommandError.notYetAvailable("'bookgen serve'")
  }
}
