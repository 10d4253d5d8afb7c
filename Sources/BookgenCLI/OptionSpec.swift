import Import

/// One `--option` a command accepts, with what its help line says.
struct OptionSpec: Sendable, Hashable {
  /// Without dashes: `catalog` for `--catalog`.
  let long: String
  let short: Character?
  /// `path` for `--catalog <path>`; nil for a flag.
  let valueName: String?
  let help: String
  /// Shown as `(default: …)` in help.
  let defaultValue: String?
  /// What a shell offers for the value (`bookgen completion`).
  let completion: ValueCompletion

  init(
    _ long: String, short: Character? = nil, value valueName: String? = nil, help: String,
    default defaultValue: String? = nil, completion: ValueCompletion = .text
  ) {
    self.long = long
    self.short = short
    self.valueName = valueName
    self.help = help
    self.defaultValue = defaultValue
    self.completion = completion
  }

  var isFlag: Bool { valueName == nil }
  var longName: String { "--" + long }

  /// `--jobs <n>`, as usage errors quote it.
  var displayName: String {
    valueName.map { "\(longName) <\($0)>" } ?? longName
  }

  /// `-j, --jobs <n>`, the left column of help.
  var helpLabel: String {
    (short.map { "-\($0), " } ?? "") + displayName
  }

  /// The help text with its `(default: …)`, as help and the man page show it.
  var helpWithDefault: String { defaultValue.map { "\(help) (default: \($0))" } ?? help }
}

extension OptionSpec {
  static let help = OptionSpec("help", short: "h", help: "Show help information.")
  static let version = OptionSpec("version", help: "Show the version.")

  static let catalog = OptionSpec(
    "catalog", value: "path", help: "The catalog file to read.", default: "catalog.yml", completion: .file)
  static let output = OptionSpec(
    "output", short: "o", value: "dir", help: "The folder the site is written to.", default: "public",
    completion: .directory)
  static let offline = OptionSpec(
    "offline", help: "Never touch the network; fail listing every entry missing from the cache.")
  static let refresh = OptionSpec(
    "refresh", help: "Refetch every entry, however fresh its cached copy (ignores cache.max_age).")
  static let jobs = OptionSpec(
    "jobs", short: "j", value: "n", help: "Most requests in flight at once, 1 to 64.", default: "4")
  static let maxRequests = OptionSpec(
    "max-requests", value: "n",
    help: "Most requests this run may make; the rest is served from stale cache with a warning.")
  static let baseURL = OptionSpec(
    "base-url", value: "url", help: "Build for this address instead of site.base_url (preview deploys).")
  static let forceOutput = OptionSpec(
    "force", help: "Write into an output folder bookgen did not create.")
  static let quiet = OptionSpec("quiet", short: "q", help: "Print errors only.")
  static let verbose = OptionSpec(
    "verbose", short: "v", help: "Print every step in detail (API keys are redacted).")
  static let timings = OptionSpec(
    "timings", help: "Print how long each stage took, as `timing: <stage> <seconds>` lines on stderr.")

  static let site = OptionSpec(
    "site", help: "Also verify the built site: every internal link and anchor, titles and languages.")
  static let checkedBaseURL = OptionSpec(
    "base-url", value: "url",
    help:
      "The address the site was built for (--site; default: the one its build recorded, else site.base_url).")
  static let checkedOutput = OptionSpec(
    "output", short: "o", value: "dir", help: "The built site that --site verifies.", default: "public",
    completion: .directory)

  static let host = OptionSpec(
    "host", value: "address", help: "The address to listen on.", default: "127.0.0.1")
  static let port = OptionSpec(
    "port", short: "p", value: "port",
    help: "The port, 0 for any free one; when the default is taken, the next free one.", default: "8000")
  static let open = OptionSpec("open", help: "Open the site in the default browser.")
  static let servedBaseURL = OptionSpec(
    "base-url", value: "url",
    help: "The address pages link to (a LAN name, tunnel or proxy); its path is where the site is served.")
  static let servedOffline = OptionSpec(
    "offline", help: "Never touch the network (by default, entries missing from the cache are fetched).")
  static let fetch = OptionSpec(
    "fetch", help: "Also refetch entries older than cache.max_age (by default they are used as they are).")

  static let forceInit = OptionSpec(
    "force", help: "Add the new site to a folder that is not empty (existing files are kept).")
  static let templates = OptionSpec(
    "templates", help: "Also copy the default templates into templates/ for editing.")
  static let example = OptionSpec(
    "example",
    help: "Write the example site: real books with notes and their recorded Google Books and Open Library "
      + "responses, so it builds at once, offline, without an API key.")

  static let ci = OptionSpec(
    "ci", value: "host",
    help: "Also write the workflow that builds and deploys the site there: 'github' (GitHub Pages, "
      + ".github/workflows/bookgen.yml) or 'gitlab' (GitLab Pages, .gitlab-ci.yml).",
    completion: .words(CIHost.allCases.map(\.rawValue)))

  static let importOutput = OptionSpec(
    "output", short: "o", value: "file",
    help: "The file to write, beside the catalog (default: the format's name, as in goodreads.yml).",
    completion: .file)
  static let importColumns = OptionSpec(
    "columns", value: "list",
    help: "Read any other CSV: which of its columns hold what, such as 'title=Name,isbn=Code,authors=Writer' "
      + "(fields: \(ColumnChoice.fields.joined(separator: ", "))).")
  static let dateOrder = OptionSpec(
    "date-order", value: "mdy|dmy|ymd",
    help: "How to read dates such as 4/1/2024 when the file's own dates do not tell (month/day/year, "
      + "day/month/year, or a two-digit year first).",
    completion: .words(DateOrder.allCases.map(\.rawValue)))
  static let importOffline = OptionSpec(
    "offline", help: "Look nothing up: rows without a usable ISBN keep the export's id.")
  static let importMaxRequests = OptionSpec(
    "max-requests", value: "n",
    help: "Most requests the title searches may make; rows beyond them keep the export's id.")
  static let shelves = OptionSpec(
    "shelves", value: "tags|collections",
    help: "What the export's other shelves become: tags on each book, or a collection each.", default: "tags",
    completion: .words(ShelfMapping.allCases.map(\.rawValue)))

  static let cleanedOutput = OptionSpec(
    "output", short: "o", value: "dir", help: "The built site to remove.", default: "public",
    completion: .directory)
  static let cache = OptionSpec("cache", help: "Also remove the fetch cache (cache.dir in the catalog).")
  static let outsideProject = OptionSpec(
    "outside-project", help: "Also remove a site or cache outside the catalog's folder.")

  static let manual = OptionSpec("man", help: "Print the whole manual as a man page (roff), for man(1).")
  static let markdown = OptionSpec(
    "markdown", help: "Print the whole manual as Markdown (the command-line reference in docs/cli.md).")
}

/// What a shell's completion offers for an option's value or an argument.
enum ValueCompletion: Sendable, Hashable {
  /// Free text (a number, an address): nothing to offer.
  case text
  case file
  case directory
  /// One of these words.
  case words([String])
}

/// A positional argument, such as `init`'s `<dir>`.
struct ArgumentSpec: Sendable, Hashable {
  let name: String
  let help: String
  let defaultValue: String?
  /// Must be given (`theme`'s `<action>`); the others may be left out.
  var isRequired = false
  /// Takes every remaining argument (`theme copy`'s `<file>...`); only the last one may.
  var isVariadic = false
  /// What a shell offers for it (`bookgen completion`).
  var completion: ValueCompletion = .text

  /// `<action>`, `<file>...`, as help lists it.
  var label: String { "<\(name)>" + (isVariadic ? "..." : "") }

  /// `<action>`, `[<dir>]`, `[<file>...]`, as the usage line shows it.
  var usage: String { isRequired ? label : "[\(label)]" }

  var helpWithDefault: String { defaultValue.map { "\(help) (default: \($0))" } ?? help }
}
