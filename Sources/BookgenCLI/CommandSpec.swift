import Catalog
import Import
import Site

/// The subcommands of `bookgen`.
enum CommandName: String, Sendable, CaseIterable {
  case build
  case fetch
  case check
  case serve
  case `init`
  case `import`
  case theme
  case clean
  case completion
  case help
  case version
}

/// What a subcommand accepts and how its help describes it.
struct CommandSpec: Sendable {
  let name: CommandName
  /// One sentence, shown in the subcommand list and as `OVERVIEW:`.
  let abstract: String
  /// Paragraphs shown under the overview in the command's own help.
  let discussion: String?
  let arguments: [ArgumentSpec]
  /// Without `--help`, which every command accepts and help lists last: the command's options
  /// type says which it reads (`BuildCommandOptions.specs`).
  let options: [OptionSpec]
  /// Further two-column sections, after the options (`import`'s formats).
  var sections: [HelpSection] = []

  var allOptions: [OptionSpec] { options + [.help] }

  func option(named long: String) -> OptionSpec? {
    allOptions.first { $0.long == long }
  }

  func option(short: Character) -> OptionSpec? {
    allOptions.first { $0.short == short }
  }
}

/// A titled list of two-column rows in a command's help.
struct HelpSection: Sendable {
  var title: String
  /// The two columns' names, where a table shows them (the Markdown manual).
  var headings = (label: "Name", text: "Meaning")
  var rows: [(label: String, text: String)]
}

extension CommandSpec {
  static let all: [CommandSpec] = [
    build, fetch, check, serve, initialize, importExport, theme, clean, completion, help, version,
  ]

  static func named(_ name: CommandName) -> CommandSpec {
    all.first { $0.name == name }!
  }

  static let build = CommandSpec(
    name: .build, abstract: "Fetch what is missing and write the site into the output folder.",
    discussion: """
      Loads the catalog, fetches volumes that are missing or stale in the cache, renders every \
      page and swaps the new site into the output folder only when all of it succeeded: a \
      failed build leaves the previous site untouched.
      """,
    arguments: [],
    options: BuildCommandOptions.specs)

  static let fetch = CommandSpec(
    name: .fetch, abstract: "Fill the cache from the catalog's sources without building the site.",
    discussion: """
      Requests only what is missing or older than cache.max_age, so a scheduled run stays \
      inside the API key's daily quota. The key is read from the variable named by \
      google_books.api_key_env (default GOOGLE_BOOKS_API_KEY).
      """,
    arguments: [],
    options: FetchCommandOptions.specs)

  static let check = CommandSpec(
    name: .check, abstract: "Validate the catalog and the templates without touching the network.",
    discussion: """
      Reports every problem at once, each with its file, line and column. With --site it also \
      verifies the site built into the output folder.
      """,
    arguments: [],
    options: CheckCommandOptions.specs)

  static let serve = CommandSpec(
    name: .serve, abstract: "Preview the site locally and rebuild it when a file changes.",
    discussion: """
      Builds into a private folder (the output folder is not touched), serves it over HTTP \
      under the path of site.base_url, watches the catalog, the templates, static/ and the \
      cache, and reloads open pages after each rebuild. Entries missing from the cache are \
      fetched (so a book added to the catalog appears); fresh and expired entries are used as \
      they are, so editing costs no quota. Stop it with Ctrl-C.
      """,
    arguments: [],
    options: ServeCommandOptions.specs)

  static let initialize = CommandSpec(
    name: .`init`, abstract: "Create a new site: a commented catalog.yml and a .gitignore.",
    discussion: """
      Writes only what is missing and never replaces a file: anything already there is kept \
      and listed. The default templates are built into bookgen, so a new site needs none; \
      --templates copies them out for editing (or 'bookgen theme copy' some of them). \
      --example writes a complete sample site that builds offline, without a key. --ci \
      writes the workflow that builds the site on every push, weekly and on demand, and \
      deploys it; in a folder that already holds a catalog.yml it adds just that.
      """,
    arguments: [
      ArgumentSpec(
        name: "dir", help: "The folder to create the site in.", defaultValue: ".", completion: .directory)
    ],
    options: InitCommandOptions.specs)

  static let importExport = CommandSpec(
    name: .`import`, abstract: "Import your books from another app's export into the catalog.",
    discussion: """
      Reads an export and writes one books: entry per row, with its shelf, rating, dates, \
      review and more, into its own file beside the catalog (goodreads.yml, storygraph.yml and \
      so on), \
      which catalog.yml includes: the import adds one line to it if needed and changes nothing \
      else. The app is recognised by the file's columns; name it first to be sure. Importing \
      again replaces that file; your own entries in catalog.yml win, and where they differ from \
      the export's is listed. Rows without a usable ISBN are looked up by title and author (not \
      with --offline), marked 'matched_by: title' for you to check. Damage a spreadsheet did is \
      repaired where it can be and listed row by row where it cannot.
      """,
    arguments: [
      ArgumentSpec(
        name: "format",
        help: ImportSource.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
          + "; recognised by the file's columns when left out.", defaultValue: nil,
        completion: .words(ImportSource.allCases.map(\.rawValue))),
      ArgumentSpec(
        name: "file", help: "The exported file.", defaultValue: nil, isRequired: true, completion: .file),
    ],
    options: ImportCommandOptions.specs,
    sections: [
      HelpSection(
        title: "FORMATS (where each app's export is found)", headings: ("Format", "Where the export is"),
        rows: ImportSource.allCases.map { ($0.rawValue, $0.helpLine) })
    ])

  static let theme = CommandSpec(
    name: .theme, abstract: "List the default theme's files or copy them into templates/ to edit.",
    discussion: """
      A site's templates/ folder overrides the built-in theme file by file. 'bookgen theme list' \
      shows the theme's files and which ones the site replaces; 'bookgen theme copy book.mustache \
      partials/cover.mustache' copies those (a folder such as 'partials' copies all it holds; no \
      file, the whole theme) next to the catalog, never replacing a file already there. For \
      extra styles alone, write templates/assets/custom.css: every page links it after the \
      theme's stylesheet.
      """,
    arguments: [
      ArgumentSpec(
        name: "action", help: "'list' or 'copy'.", defaultValue: nil, isRequired: true,
        completion: .words(ThemeCommandOptions.Action.allCases.map(\.rawValue))),
      ArgumentSpec(
        name: "file", help: "Theme files or folders to copy (default: all).", defaultValue: nil,
        isVariadic: true, completion: .words(DefaultThemeFiles.completions)),
    ],
    options: ThemeCommandOptions.specs)

  static let clean = CommandSpec(
    name: .clean, abstract: "Remove the built site, and with --cache the fetch cache.",
    discussion: """
      Removes the output folder only if bookgen created it (or it is empty), with what bookgen \
      keeps beside it (.NAME.bookgen-manifest, the lock file, an interrupted build's \
      .NAME.bookgen-staging); the cache only if bookgen created it. Never the root, \
      home or project folder, nor anything outside the project without --outside-project. \
      Keeps .NAME.bookgen-replaced (your files moved aside by build --force).
      """,
    arguments: [],
    options: CleanCommandOptions.specs)

  static let completion = CommandSpec(
    name: .completion, abstract: "Print the shell completion script for bash, zsh or fish.",
    discussion: """
      Completes subcommands, options, and the values the command line expects (files, folders, \
      theme files, 'goodreads' or 'storygraph'). To load it: bash, 'source <(bookgen completion \
      bash)' in ~/.bashrc; zsh, 'bookgen completion zsh > "${fpath[1]}/_bookgen"'; fish, \
      'bookgen completion fish > ~/.config/fish/completions/bookgen.fish'. The Debian package \
      installs all three.
      """,
    arguments: [
      ArgumentSpec(
        name: "shell", help: "'bash', 'zsh' or 'fish'.", defaultValue: nil, isRequired: true,
        completion: .words(Shell.allCases.map(\.rawValue)))
    ],
    options: [])

  static let help = CommandSpec(
    name: .help, abstract: "Show help for a subcommand, or the whole manual.",
    discussion: """
      With --man, the manual as a man page ('bookgen help --man | man -l -'); with --markdown, \
      the same as Markdown. Both are made from the same table as this help.
      """,
    arguments: [
      ArgumentSpec(
        name: "subcommand", help: "The subcommand to describe.", defaultValue: nil,
        completion: .words(CommandName.allCases.map(\.rawValue)))
    ],
    options: [.manual, .markdown])

  static let version = CommandSpec(
    name: .version, abstract: "Show the version.", discussion: nil, arguments: [], options: [])
}
