import Diagnostics

/// `shelves:` — the owner's own shelves, which `status` may name besides the built-in ones, and
/// for a built-in one (`slug: read`) its page's order, title or description.
extension CatalogDecoder {
  static let shelfKeys = ["title", "slug", "description", "sort"]

  /// Each shelf with the node its slug came from (for duplicates across files).
  mutating func decodeShelves(_ root: Fields) -> [(shelf: Shelf, node: YAMLNode)] {
    guard let items = list(root, "shelves") else { return [] }
    var shelves: [(shelf: Shelf, node: YAMLNode)] = []
    for (item, path) in items {
      guard let fields = fields(of: item, path: path, keys: Self.shelfKeys) else { continue }
      // A built-in status named by its slug: its title is the built-in one unless given.
      let builtIn =
        fields.value("slug")?.scalar.map { ReadingStatus.builtInSlugs.contains($0.value) } ?? false
      let title = (builtIn ? string(fields, "title") : requiredString(fields, "title")) ?? ""
      guard let slug = slug(fields, title: title) else { continue }
      if !builtIn, ReadingStatus.builtInSlugs.contains(slug.text) {
        error(
          "the shelf slug '\(slug.text)' is a built-in status: shelves of your own need other slugs "
            + "(the built-in ones are " + ReadingStatus.builtInSlugs.map { "'\($0)'" }.joined(separator: ", ")
            + "; 'slug: \(slug.text)' sets the built-in shelf's sort, title or description)", at: slug.node)
        continue
      }
      // Every order but `api`: nothing is fetched for a shelf.
      let orders = SortOrder.allCases.filter { $0 != .api }.map(\.rawValue)
      let sort = choice(fields, "sort", among: orders).flatMap(SortOrder.init)
      let shelf = Shelf(title: title, slug: slug.text, description: string(fields, "description"), sort: sort)
      shelves.append((shelf, slug.node))
    }
    return shelves
  }

  /// Reports each `status` that is neither built in nor a shelf's slug in `shelves`.
  mutating func checkStatuses(shelves: [String]) {
    let known = ReadingStatus.builtInSlugs + shelves
    for (slug, node, path) in statuses where !known.contains(slug) {
      error(
        "'\(path)' must be " + ReadingStatus.builtInSlugs.map { "'\($0)'" }.joined(separator: ", ")
          + " or the slug of a shelf declared under 'shelves', got \(shown(slug))", at: node,
        suggestion: NearestName.suggestion(for: slug, among: known))
    }
  }
}
