import Diagnostics
import Foundation
import Support

/// One file's share of the catalog: its decoder (its lines, its problems) and what it declares.
struct CatalogPart {
  var decoder: CatalogDecoder
  var collections: [Collection]
  var books: [DecodedBook]
  var shelves: [(shelf: Shelf, node: YAMLNode)]
}

/// `include:` — files beside catalog.yml that add `books:`, `collections:` and `shelves:`
/// entries (what `bookgen import` writes), merged after catalog.yml's own.
extension CatalogLoader {
  /// The keys an included file may hold.
  static let includedKeys = ["collections", "shelves", "books"]

  /// The included file's part; nil (reported in `decoder`, catalog.yml's, at the `include` item)
  /// when it cannot be read.
  static func loadIncluded(
    _ file: IncludedFile, directory: String, at node: YAMLNode, into decoder: inout CatalogDecoder
  ) -> CatalogPart? {
    let bytes: [UInt8]
    do {
      bytes = try FileFence(folder: directory, name: "the catalog's folder").read(file.name, limit: fileLimit)
    } catch {
      decoder.error("cannot read the included file \(shown(file.name)): \(error.reason)", at: node)
      return nil
    }
    var part = CatalogPart(
      decoder: CatalogDecoder(file: file.shownAs, text: ""), collections: [], books: [], shelves: [])
    let root: YAMLNode
    do {
      let text = try self.text(of: bytes, file: file.shownAs)
      part.decoder = CatalogDecoder(file: file.shownAs, text: text)
      part.decoder.directory = directory
      guard let parsed = try document(text, decoder: part.decoder) else { return part }
      root = parsed
    } catch {
      part.decoder.diagnostics += error.diagnostics
      return part
    }
    guard root.isMapping else {
      part.decoder.error(
        "\(file.shownAs) must be a mapping with keys such as 'books', got \(root.kindDescription)", at: root)
      return part
    }
    guard let fields = part.decoder.fields(of: root, path: "", keys: rootKeys, ignoring: extensionPrefix)
    else {
      return part
    }
    for (key, entry) in fields.entries.sorted(by: { $0.value.keyNode.location < $1.value.keyNode.location })
    where !includedKeys.contains(key) {
      part.decoder.error(
        "'\(key)' belongs in catalog.yml: an included file holds only "
          + includedKeys.map { "'\($0)'" }.joined(separator: ", "), at: entry.keyNode)
    }
    part.collections = part.decoder.decodeCollections(fields, isRequired: false)
    part.books = part.decoder.decodeBooks(fields)
    part.shelves = part.decoder.decodeShelves(fields)
    return part
  }

  /// Checks what only all files together tell (statuses against every shelf, slugs used twice)
  /// and merges the parts into `catalog`, catalog.yml's first; throws every problem found.
  static func assemble(_ parts: [CatalogPart], into catalog: inout Catalog, includeKey: YAMLNode?)
    throws(CatalogError)
  {
    var parts = parts
    var shelfSlugs: [String: SourceLocation] = [:]
    for index in parts.indices {
      for decoded in parts[index].shelves {
        if let first = shelfSlugs[decoded.shelf.slug] {
          parts[index].decoder.error(
            "duplicate shelf slug '\(decoded.shelf.slug)' (first used at \(first))", at: decoded.node)
          continue
        }
        shelfSlugs[decoded.shelf.slug] = decoded.node.location
        catalog.shelves.append(decoded.shelf)
      }
    }
    var collectionSlugs: [String: SourceLocation] = [:]
    for index in parts.indices {
      parts[index].decoder.checkStatuses(shelves: catalog.shelves.map(\.slug))
      for collection in parts[index].collections {
        let location =
          collection.location ?? SourceLocation(file: parts[index].decoder.file, line: 1, column: 1)
        // Slugs within one file were checked as it was read.
        if let first = collectionSlugs[collection.slug], first.file != location.file {
          parts[index].decoder.error(
            "duplicate slug '\(collection.slug)' (first used at \(first))", at: location)
          continue
        }
        collectionSlugs[collection.slug] = collectionSlugs[collection.slug] ?? location
        catalog.collections.append(collection)
      }
    }
    if let includeKey, catalog.collections.isEmpty {
      parts[0].decoder.error(
        "there are no collections: list at least one under 'collections', in catalog.yml or a file it includes",
        at: includeKey)
    }
    for (index, part) in parts.dropFirst().enumerated() where catalog.includes.indices.contains(index) {
      catalog.includes[index].collectionSlugs = part.collections.map(\.slug)
      catalog.includes[index].shelfSlugs = part.shelves.map { $0.shelf.slug }
    }
    mergeBooks(parts, into: &catalog)
    checkExportIDs(&parts, catalog: catalog)
    let diagnostics = parts.flatMap(\.decoder.sortedDiagnostics)
    guard diagnostics.isEmpty else { throw .invalid(diagnostics) }
  }

  /// A collection's export id needs an entry with `imported:` data: nothing else could show it.
  private static func checkExportIDs(_ parts: inout [CatalogPart], catalog: Catalog) {
    // An entry whose `imported:` was reported already would be reported again here.
    guard parts.allSatisfy(\.decoder.diagnostics.isEmpty) else { return }
    for index in parts.indices {
      for collection in parts[index].collections {
        for id in collection.exportIDs where catalog.books[id.description]?.imported == nil {
          let location =
            collection.location ?? SourceLocation(file: parts[index].decoder.file, line: 1, column: 1)
          parts[index].decoder.error(
            "collection '\(collection.slug)' lists '\(id)', which no entry in 'books' describes: an export's id "
              + "needs an entry with 'imported:' (its title and authors), as 'bookgen import' writes",
            at: location)
        }
      }
    }
  }

  private static func mergeBooks(_ parts: [CatalogPart], into catalog: inout Catalog) {
    catalog.places = parts[0].decoder.places
    for part in parts { catalog.coverFileStamps.merge(part.decoder.coverFileStamps) { first, _ in first } }
    var merges: [String: BookMerge] = [:]
    var order: [String] = []
    for decoded in parts.flatMap(\.books) {
      if merges[decoded.id] == nil {
        merges[decoded.id] = BookMerge(decoded)
        order.append(decoded.id)
        catalog.places.books[decoded.id] = decoded.place
      } else {
        merges[decoded.id]?.add(decoded)
      }
    }
    for id in order {
      guard let merge = merges[id] else { continue }
      catalog.books[id] = merge.entry
      catalog.conflicts += merge.conflicts
    }
  }
}

extension CatalogDecoder {
  /// `include:` — a file name or a list of them, relative to the catalog's folder.
  mutating func decodeIncludes(_ root: Fields) -> [(name: String, node: YAMLNode)] {
    guard let node = root.value("include") else { return [] }
    let items: [(YAMLNode, String)]
    if case .sequence(let list) = node.kind {
      items = list.enumerated().map { ($1, keyPath("include", index: $0)) }
    } else {
      items = [(node, "include")]
    }
    var names: [(name: String, node: YAMLNode)] = []
    var seen: [String: SourceLocation] = [:]
    let ownName = (file as NSString).lastPathComponent
    for (item, path) in items {
      guard
        let name = checked(
          item, path: path, expected: "a file beside catalog.yml ending in '.yml', such as 'goodreads.yml'",
          isValid: CatalogLoader.isIncludeName)
      else { continue }
      if name == ownName {
        error("'\(path)' names the catalog itself", at: item)
      } else if let first = seen[name] {
        error("'\(name)' is included twice (first at \(first))", at: item)
      } else {
        seen[name] = item.location
        names.append((name, item))
      }
    }
    return names
  }
}

extension CatalogLoader {
  /// A relative path below the catalog's folder (no `..`, no hidden parts) to a `.yml` or `.yaml` file.
  package static func isIncludeName(_ text: String) -> Bool {
    guard text.hasSuffix(".yml") || text.hasSuffix(".yaml"), !text.hasPrefix("/"), text.count <= 255 else {
      return false
    }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    return parts.allSatisfy { !$0.isEmpty && !$0.hasPrefix(".") }
      && !text.contains(where: { $0.isNewline || $0 == "\\" })
  }
}
