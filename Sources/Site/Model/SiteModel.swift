import Catalog
import GoogleBooks

/// Everything the pages are rendered from: merged books, sorted collections and the indexes.
struct SiteModel: Sendable {
  struct CollectionEntry: Sendable {
    let title: String
    let slug: String
    /// Markdown.
    let description: String?
    /// Indices into `books`, in the collection's sort order.
    let books: [Int]
  }

  /// In all-books order: title (folded, then raw), then volume id.
  let books: [Book]
  let collections: [CollectionEntry]
  let taxonomies: [TaxonomyKind: Taxonomy]
  /// Each book's terms, in `books` order.
  let bookTerms: [BookTerms]
  /// Books with a publication date, newest first.
  let recentlyPublished: [Int]

  /// Folders at the root that collection slugs may not take.
  static let reservedRootNames: Set<String> = [
    "books", "authors", "categories", "publishers", "languages", "years", "assets", "page", "search",
    "feeds", "opds", "404.html", "index.html",
  ]

  /// Merges the fetched volumes into books and builds every index.
  init(catalog: Catalog, collections inputs: [SiteInput.Collection]) throws(SiteError) {
    let declared = catalog.collections
    var volumesBySlug: [String: [Volume]] = [:]
    for input in inputs {
      guard declared.contains(where: { $0.slug == input.slug }) else {
        throw .unknownCollection(input.slug)
      }
      volumesBySlug[input.slug, default: []] += input.volumes
    }
    for collection in declared {
      guard Slug.isSafeSegment(collection.slug) else { throw .unsafeCollectionSlug(collection.slug) }
      guard !SiteModel.reservedRootNames.contains(collection.slug.lowercased()) else {
        throw .reservedCollectionSlug(collection.slug)
      }
    }

    // Merge: one book per volume id, the richest record wins, first occurrence breaks ties.
    var chosen: [String: Volume] = [:]
    var memberships: [String: [Int]] = [:]
    var apiOrder: [[String]] = []
    for (collectionIndex, collection) in declared.enumerated() {
      var seen: Set<String> = []
      var order: [String] = []
      for volume in volumesBySlug[collection.slug] ?? [] where seen.insert(volume.id).inserted {
        order.append(volume.id)
        memberships[volume.id, default: []].append(collectionIndex)
        if let existing = chosen[volume.id], Book.richness(of: existing) >= Book.richness(of: volume) {
          continue
        }
        chosen[volume.id] = volume
      }
      apiOrder.append(order)
    }

    var books = chosen.values.map { volume in
      var book = Book(volume: volume, entry: SiteModel.entry(for: volume, in: catalog.books))
      book.collections = memberships[volume.id] ?? []
      return book
    }
    books.sort { a, b in a.titleKey != b.titleKey ? a.titleKey < b.titleKey : a.id < b.id }
    SiteModel.assignSlugs(&books)
    let position = Dictionary(uniqueKeysWithValues: books.enumerated().map { ($1.id, $0) })

    self.books = books
    self.collections = declared.enumerated().map { index, collection in
      let members = apiOrder[index].compactMap { position[$0] }
      return CollectionEntry(
        title: collection.title, slug: collection.slug, description: collection.description,
        books: BookSorting.sort(members, by: collection.sort, in: books))
    }
    (self.taxonomies, self.bookTerms) = TaxonomyBuilder.build(
      books: books, siteLanguage: UILanguage(tag: catalog.site.language))
    self.recentlyPublished = BookSorting.sort(
      books.indices.filter { books[$0].date != nil }, by: .date, in: books)
  }

  /// The owner's entry: by volume id first, then by any of the volume's ISBNs.
  static func entry(for volume: Volume, in entries: [String: BookEntry]) -> BookEntry? {
    if let entry = entries[volume.id] { return entry }
    for isbn in Book.matchingISBNs(of: volume) {
      if let entry = entries[isbn] { return entry }
    }
    return nil
  }

  /// `title-words-<volume id>`: readable, and unique because ids are; collisions after making
  /// ids path-safe (or differing only in case) get `-2`, `-3` in all-books order.
  static func assignSlugs(_ books: inout [Book]) {
    var allocator = SlugAllocator()
    for index in books.indices {
      let id = Slug.safeIdentifier(books[index].id)
      let words = Slug.make(books[index].title ?? "")
      books[index].slug = allocator.allocate(words.isEmpty ? id : "\(words)-\(id)")
    }
  }
}
