import Diagnostics
import Foundation
import Support

/// Reads `catalog.yml` into a validated `Catalog`, reporting every problem at once.
package enum CatalogLoader {
  static let rootKeys = [
    "site", "google_books", "open_library", "sources", "cache", "include", "collections", "shelves", "books",
  ]
  /// Top-level keys with this prefix are ignored, so they can hold anchors to reuse.
  static let extensionPrefix = "x-"

  /// Loads the catalog at `path`, naming it `shownAs` in messages (the path as the user wrote
  /// it, when `path` was resolved against another working directory); relative paths inside it
  /// resolve against the directory of `path`. `needsCollections` is false for `bookgen import`,
  /// which is about to add one.
  package static func load(path: String, shownAs: String? = nil, needsCollections: Bool = true)
    throws(CatalogError) -> Catalog
  {
    let shown = shownAs ?? path
    let bytes: [UInt8]
    do {
      // A link to a regular file (a catalog shared between sites) is followed; a FIFO, a
      // device or a kernel file is not a catalog, and neither is anything this large.
      bytes = try FileReader.read(path, limit: fileLimit)
    } catch {
      if error.problem == .notFound { throw .fileNotFound(path: shown) }
      throw .unreadable(path: shown, reason: error.reason)
    }
    return try parse(
      text(of: bytes, file: shown), file: shown, directory: directory(of: path),
      needsCollections: needsCollections)
  }

  /// The most read from a catalog: 32 MiB is three times a catalog that lists 100,000 books
  /// with a note on each.
  package static let fileLimit = FileLimit(bytes: 32 << 20, what: "a catalog")

  /// The catalog's text; other encodings are named, and a byte that is not UTF-8 is located.
  static func text(of bytes: [UInt8], file: String) throws(CatalogError) -> String {
    if let encoding = TextEncoding.wideEncoding(of: bytes) {
      throw .invalid([
        .error(
          "the file is \(encoding) text: save it as UTF-8 (most editors offer the choice when saving)",
          at: SourceLocation(file: file, line: 1, column: 1))
      ])
    }
    guard let offset = TextEncoding.firstInvalidUTF8Byte(in: bytes) else {
      return String(decoding: bytes, as: UTF8.self)
    }
    let before = String(decoding: bytes[..<offset], as: UTF8.self)
    // Lines break where libyaml breaks them: at "\n", "\r\n" and a lone "\r".
    let lines = before.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    let location = SourceLocation(
      file: file, line: lines.count, column: (lines.last?.unicodeScalars.count ?? 0) + 1)
    let byte = "0x" + String(bytes[offset], radix: 16, uppercase: true)
    // The line as the file holds it, the bad bytes shown as U+FFFD: nothing but the catalog's own text.
    let decoder = CatalogDecoder(file: file, text: String(decoding: bytes, as: UTF8.self))
    throw .invalid([
      decoder.withSourceLine(
        .error(
          "the file is not UTF-8 text: byte \(byte) here does not begin a character (save the file as UTF-8)",
          at: location))
    ])
  }

  /// The folder holding `path`, `.` for a bare file name.
  static func directory(of path: String) -> String {
    let directory = (path as NSString).deletingLastPathComponent
    return directory.isEmpty ? "." : directory
  }

  /// Parses catalog text; `file` names it in messages, `directory` becomes `Catalog.directory`
  /// and holds the files `include:` names.
  package static func parse(_ yaml: String, file: String, directory: String, needsCollections: Bool = true)
    throws(CatalogError) -> Catalog
  {
    var decoder = CatalogDecoder(file: file, text: yaml)
    decoder.directory = directory
    guard let root = try document(yaml, decoder: decoder) else { throw .empty(path: file) }
    guard root.isMapping else {
      decoder.error(
        "\(file) must be a mapping with keys such as 'site' and 'collections', got "
          + root.kindDescription, at: root)
      throw .invalid(decoder.sortedDiagnostics)
    }
    guard let fields = decoder.fields(of: root, path: "", keys: rootKeys, ignoring: extensionPrefix) else {
      throw .invalid(decoder.sortedDiagnostics)
    }
    let includes = decoder.decodeIncludes(fields)
    var catalog = Catalog(
      site: decoder.decodeSite(fields), googleBooks: decoder.decodeGoogleBooks(fields),
      cache: decoder.decodeCache(fields), directory: directory)
    catalog.openLibrary = decoder.decodeOpenLibrary(fields)
    if let sources = decoder.decodeSources(fields) { catalog.sources = sources }
    let collections = decoder.decodeCollections(fields, isRequired: includes.isEmpty && needsCollections)
    let books = decoder.decodeBooks(fields)
    let shelves = decoder.decodeShelves(fields)
    var parts = [CatalogPart(decoder: decoder, collections: collections, books: books, shelves: shelves)]
    // Messages show an included file beside the catalog as shown.
    let shownFolder = (file as NSString).deletingLastPathComponent
    for (name, node) in includes {
      let included = IncludedFile(
        name: name, path: (directory as NSString).appendingPathComponent(name),
        shownAs: shownFolder.isEmpty ? name : (shownFolder as NSString).appendingPathComponent(name))
      guard let part = loadIncluded(included, directory: directory, at: node, into: &parts[0].decoder)
      else { continue }
      parts.append(part)
      catalog.includes.append(included)
    }
    try assemble(
      parts, into: &catalog,
      includeKey: includes.isEmpty || !needsCollections ? nil : fields.entries["include"]?.keyNode)
    return catalog
  }

  /// The document's root; nil when it holds nothing.
  static func document(_ yaml: String, decoder: CatalogDecoder) throws(CatalogError) -> YAMLNode? {
    do {
      return try YAMLReader.parse(yaml, file: decoder.file)
    } catch {
      throw .invalid([decoder.withSourceLine(error)])
    }
  }
}
