/// The parts of the manual that are not a command: exit statuses and environment variables, as
/// the man page and the Markdown reference both list them.
enum ManualTopics {
  static let description = """
    bookgen builds a static website from a catalog of books: catalog.yml lists Google Books \
    searches, Open Library searches and ISBNs, groups them into collections and holds your own \
    notes. bookgen fetches the books (keeping a cache so rebuilds work offline), renders a page \
    per collection and per book with Mustache templates, and writes a folder, public/, that any \
    static host can serve.
    """

  static let exitStatuses: [(code: Int32, meaning: String)] = [
    (ExitCode.success, "Success, including --help and --version."),
    (
      ExitCode.failure,
      "The command ran and failed: invalid catalog or templates, a fetch or build error, problems "
        + "found by check --site, a folder bookgen refuses to write or remove, or a server that "
        + "cannot start."
    ),
    (
      ExitCode.usage,
      "The command line is wrong (unknown command or option, missing or bad value, conflicting "
        + "options); nothing was run."
    ),
  ]

  static let environment: [(name: String, effect: String)] = [
    (
      "GOOGLE_BOOKS_API_KEY",
      "The Google Books API key (google_books.api_key_env names another variable). Never written "
        + "to the cache, the site or any output."
    ),
    ("BOOKGEN_API_URL", "Overrides google_books.api_url (mirrors, tests): an http(s) URL."),
    ("BOOKGEN_OPENLIBRARY_URL", "Overrides open_library.api_url (mirrors, tests): an http(s) URL."),
    ("NO_COLOR", "Any non-empty value turns colour off."),
    ("SOURCE_DATE_EPOCH", "The time the site says it was built (feeds, sitemap); none by default."),
    ("TMPDIR", "Where serve makes its private build folder (default /tmp)."),
  ]
}

/// The whole manual's formats: `help --man` and `help --markdown`.
enum ManualFormat: Sendable, Equatable {
  case man
  case markdown
}
