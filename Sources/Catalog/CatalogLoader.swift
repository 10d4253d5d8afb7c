import Diagnostics
import Foundation

/// Reads `catalog.yml` into a validated `Catalog`, reporting every problem at once.
public enum CatalogLoader {
  static let rootKeys = ["site", "google_books", "cache", "collections", "books"]
  /// Top-level keys with this prefix are ignored, so they can hold anchors to reuse.
  static let extensionPrefix = "x-"

  /// Loads the catalog at `path` (shown in messages as given); relative paths inside it
  /// resolve against the file's directory.
  public static func load(path: String) throws(CatalogError) -> Catalog {
    try load(path: path, shownAs: path)
  }

  /// Loads the catalog at `path`, naming it `shownAs` in messages (the path as the user wrote
  /// it, when `path` was resolved against another working directory); relative paths inside it
  /// resolve against the directory of `path`.
  public static func load(path: String, shownAs shown: String) throws(CatalogError) -> Catalog {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .fileNotFound(path: shown)
    }
    if isDirectory.boolValue { throw .unreadable(path: shown, reason: "it is a directory") }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .unreadable(path: shown, reason: (error as NSError).localizedDescription)
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw .unreadable(path: shown, reason: "it is not UTF-8 text")
    }
    return try parse(text, file: shown, directory: directory(of: path))
  }

  /// The folder holding `path`, `.` for a bare file name.
  static func directory(of path: String) -> String {
    let directory = (path as NSString).deletingLastPathComponent
    return directory.isEmpty ? "." : directory
  }

  /// Parses catalog text; `file` names it in messages, `directory` becomes `Catalog.directory`.
  public static func parse(_ yaml: String, file: String, directory: String) throws(CatalogError) -> Catalog {
    var decoder = CatalogDecoder(file: file, text: yaml)
    let root: YAMLNode?
    let usesAliases: Bool
    do {
      (root, usesAliases) = try YAMLReader.parseDocument(yaml, file: file)
    } catch {
      throw .invalid([decoder.withSourceLine(error)])
    }
    guard let root else { throw .empty(path: file) }
    guard root.isMapping else {
      decoder.error(
        "\(file) must be a mapping with keys such as 'site' and 'collections', got "
          + root.kindDescription, at: root)
      throw .invalid(decoder.sortedDiagnostics)
    }
    guard let fields = decoder.fields(of: root, path: "", keys: rootKeys, ignoring: extensionPrefix) else {
      throw .invalid(decoder.sortedDiagnostics)
    }
    var catalog = Catalog(
      site: decoder.decodeSite(fields), googleBooks: decoder.decodeGoogleBooks(fields),
      cache: decoder.decodeCache(fields), collections: decoder.decodeCollections(fields),
      books: decoder.decodeBooks(fields), directory: directory)
    guard decoder.diagnostics.isEmpty else { throw .invalid(decoder.sortedDiagnostics) }
    catalog.places = decoder.places
    if !usesAliases { catalog.booksLines = booksLines(of: root) }
    return catalog
  }

  /// From the `books` key's line to the next top-level key's (or the end), when every
  /// top-level key starts a line (block style); nil otherwise.
  static func booksLines(of root: YAMLNode) -> Range<Int>? {
    guard case .mapping(let pairs) = root.kind, pairs.allSatisfy({ $0.key.location.column == 1 }),
      let books = pairs.first(where: { $0.key.scalar?.value == "books" })
    else { return nil }
    let start = books.key.location.line
    let end = pairs.map(\.key.location.line).filter { $0 > start }.min() ?? Int.max
    return start..<end
  }
}
