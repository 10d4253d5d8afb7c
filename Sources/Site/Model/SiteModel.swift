import Catalog
import GoogleBooks
import Support

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
  /// `0..<books.count` as an array, for the all-books lists (made once: a copy per list page
  /// would be quadratic).
  let allBooks: [Int]
  let collections: [CollectionEntry]
  let taxonomies: [TaxonomyKind: Taxonomy]
  /// Each book's terms, in `books` order.
  let bookTerms: [BookTerms]
  /// Books with a publication date, newest first.
  let recentlyPublished: [Int]
  /// The kinds whose terms get pages (`site.index_pages`); the others are shown unlinked.
  let indexPages: Set<TaxonomyKind>

  /// Folders at the root that collection slugs may not take.
  static let reservedRootNames: Set<String> = [
    "books", "authors", "categories", "publishers", "languages", "years", "assets", "page", "search",
    "feeds", "opds", "collections", "404.html", "index.html",
  ]

  /// Merges the fetched volumes into books (made on every core: the costly part) and builds
  /// every index.
  init(catalog: Catalog, collections inputs: [SiteInput.Collection]) throws(SiteError) {
    let merge = try Merge(catalog: catalog, collections: inputs)
    let volumes = merge.volumes
    self.init(merge: merge, books: Parallel.map(count: volumes.count) { merge.book(volumes[$0]) })
  }

  /// The collections' volumes merged: one record per volume id, with its collections.
  struct Merge: Sendable {
    let catalog: Catalog
    /// The richest record of each volume, in first-seen order.
    let volumes: [Volume]
    let memberships: [String: [Int]]
    /// Each collection's volume ids in API order.
    let apiOrder: [[String]]

    init(catalog: Catalog, collections inputs: [SiteInput.Collection]) throws(SiteError) {
      let declared = catalog.collections
      // Positions of each collection's inputs, not their volumes: concatenating the (large)
      // Volume values per slug would copy every one of them once more.
      var inputsBySlug: [String: [Int]] = [:]
      for (position, input) in inputs.enumerated() {
        guard declared.contains(where: { $0.slug == input.slug }) else {
          throw .unknownCollection(input.slug)
        }
        inputsBySlug[input.slug, default: []].append(position)
      }
      for collection in declared {
        guard Slug.isSafeSegment(collection.slug) else { throw .unsafeCollectionSlug(collection.slug) }
        guard !SiteModel.reservedRootNames.contains(collection.slug.lowercased()) else {
          throw .reservedCollectionSlug(collection.slug)
        }
      }

      // One book per volume id, the richest record wins, first occurrence breaks ties.
      var position: [String: Int] = [:]
      var volumes: [Volume] = []
      var memberships: [String: [Int]] = [:]
      var apiOrder: [[String]] = []
      for (collectionIndex, collection) in declared.enumerated() {
        var seen: Set<String> = []
        var order: [String] = []
        for input in inputsBySlug[collection.slug] ?? [] {
          for volume in inputs[input].volumes where seen.insert(volume.id).inserted {
            order.append(volume.id)
            memberships[volume.id, default: []].append(collectionIndex)
            if let existing = position[volume.id] {
              if Book.richness(of: volumes[existing]) < Book.richness(of: volume) {
                volumes[existing] = volume
              }
            } else {
              position[volume.id] = volumes.count
              volumes.append(volume)
            }
          }
        }
        apiOrder.append(order)
      }
      self.catalog = catalog
      self.volumes = volumes
      self.memberships = memberships
      self.apiOrder = apiOrder
    }

    @Sendable func book(_ volume: Volume) -> Book {
      var book = Book(volume: volume, entry: SiteModel.entry(for: volume, in: catalog.books))
      book.collections = memberships[volume.id] ?? []
      return book
    }
  }

  private init(merge: Merge, books unsorted: [Book]) {
    let catalog = merge.catalog
    // Sorting positions, not the (large) Book values, then placing each book once.
    // Keys gathered once: a comparison then reads two arrays, not two books' fields.
    let keys = unsorted.map(\.titleKey)
    let ids = unsorted.map(\.id)
    let order = unsorted.indices.sorted { a, b in
      keys[a] != keys[b] ? keys[a] < keys[b] : ids[a] < ids[b]
    }
    var books = order.map { unsorted[$0] }
    SiteModel.assignSlugs(&books)
    // Indices, not `enumerated()`: iterating would copy every (large) Book value.
    let position = Dictionary(uniqueKeysWithValues: books.indices.map { (books[$0].id, $0) })

    (self.taxonomies, self.bookTerms) = TaxonomyBuilder.build(
      books: books, siteLanguage: UILanguage(tag: catalog.site.language))
    for index in books.indices { books[index].filing = nil }
    self.books = books
    self.allBooks = Array(books.indices)
    self.collections = catalog.collections.enumerated().map { index, collection in
      let members = merge.apiOrder[index].compactMap { position[$0] }
      return CollectionEntry(
        title: collection.title, slug: collection.slug, description: collection.description,
        books: BookSorting.sort(members, by: collection.sort, in: books))
    }
    self.indexPages = Set(TaxonomyKind.allCases.filter { catalog.site.indexPages.contains($0.indexPage) })
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
      books[index].slug = allocator.allocate(books[index].preferredSlug)
    }
  }
}
