import BookRecord
import Foundation
import Support

extension Book {
  /// What making a book derives from its record at a cost (converting the description to a
  /// summary, folding names for sorting and the indexes, its slug, checking its ISBNs and cover
  /// link): all of it a function of the record's fields `BookMemo.Key` hashes, so an earlier
  /// build's can stand in for it.
  struct Derived: Sendable {
    var metaDescription: String?
    var titleFolded: String
    var authorFolded: String?
    var preferredSlug: String
    var cover: String?
    var isbn13: String?
    var isbn10: String?
    var filing: BookFiling

    /// What `book` (just made, its filing not yet consumed) derived.
    init?(_ book: Book) {
      guard let filing = book.filing else { return nil }
      metaDescription = book.metaDescription
      titleFolded = book.titleKey.folded
      authorFolded = book.authorKey?.folded
      preferredSlug = book.preferredSlug
      cover = book.cover
      isbn13 = book.isbn13
      isbn10 = book.isbn10
      self.filing = filing
    }

    init(
      metaDescription: String?, titleFolded: String, authorFolded: String?, preferredSlug: String,
      cover: String?, isbn13: String?, isbn10: String?, filing: BookFiling
    ) {
      self.metaDescription = metaDescription
      self.titleFolded = titleFolded
      self.authorFolded = authorFolded
      self.preferredSlug = preferredSlug
      self.cover = cover
      self.isbn13 = isbn13
      self.isbn10 = isbn10
      self.filing = filing
    }
  }
}

/// The books' derived fields (`Book.Derived`) from the last build, by a digest of exactly the
/// record fields they are derived from, and those of this build for the next: a rebuild
/// derives only the books whose inputs changed (a changed volume, an edited note's overrides).
///
/// Keyed by content, never by which book or file it came from, so a memo can only save work:
/// a book whose inputs differ in any byte misses and is derived afresh. The file
/// (`BookMemoFile`) is stamped with the format and the tool's version and checksummed; one
/// that is missing, damaged or another version's is an empty memo.
final class BookMemo: @unchecked Sendable {
  /// A 128-bit digest (two XXH64 seeds) of the record fields the derived ones are made from.
  typealias Key = StateKey

  private var previous: BookMemoFile
  private let lock = NSLock()
  /// This build's entries, for the next: (key, encoded `Derived`, whether it is the last
  /// build's entry).
  private var kept: [(key: Key, bytes: ArraySlice<UInt8>, reused: Bool)] = []
  private var reusedCount = 0

  init(previous: BookMemoFile = BookMemoFile()) {
    self.previous = previous
  }

  /// How many books took their derived fields from the last build.
  var reused: Int { lock.withLock { reusedCount } }

  /// Every field `Book.Fields` and `BookFiling` derive from, and the summary's length limit
  /// (the number after `bookgen-book-derived` changes with what is derived, so an older
  /// memo's entries never match).
  static func key(_ record: BookRecord) -> Key {
    var key = FieldHasher(seed: 0, secondSeed: 0x9E37_79B9_7F4A_7C15)
    func add(_ text: String?) {
      if let text { key.add(text) } else { key.add(-1) }
    }
    // No list and an empty one derive the same: a note's entry states the tags it lacks.
    func add(_ list: [String]?) {
      key.add(list?.count ?? 0)
      for item in list ?? [] { key.add(item) }
    }
    key.add("bookgen-book-derived 2")
    key.add(Book.metaDescriptionLimit)
    add(record.id)
    add(record.title)
    add(Book.coverSource(record))
    let identifiers = record.identifiers ?? []
    key.add(identifiers.count)
    for identifier in identifiers {
      switch identifier.kind {
      case .isbn13: key.add(13)
      case .isbn10: key.add(10)
      case .issn: key.add(0)
      case .other(let name):
        key.add(-1)
        key.add(name)
      }
      key.add(identifier.value)
    }
    add(record.description)
    add(record.descriptionFormat == .markdown ? "markdown" : "html")
    add(record.authors)
    add(record.categories)
    add(record.publisher)
    add(record.language)
    key.add(record.published?.year ?? Int.min)
    key.add(record.published?.month ?? Int.min)
    key.add(record.published?.day ?? Int.min)
    add(record.tags)
    let (low, high) = key.finishPair()
    return Key(low: low, high: high)
  }

  /// The book of `record`: its derived fields from the last build when its inputs are the
  /// same, made afresh otherwise; either way kept for the next build. Called on every core.
  func book(_ record: BookRecord) -> Book {
    let key = Self.key(record)
    if let bytes = previous.entry(key), let derived = BookMemoCoding.decode(bytes) {
      let book = Book(record: record, derived: derived)
      lock.withLock {
        kept.append((key, bytes, true))
        reusedCount += 1
      }
      return book
    }
    let book = Book(record: record)
    if let derived = Book.Derived(book) {
      let bytes = BookMemoCoding.encode(derived)[...]
      lock.withLock { kept.append((key, bytes, false)) }
    }
    return book
  }

  /// Hands `sink` the next build's memo file a chunk at a time (never whole in memory): this
  /// build's entries, each once, in key order (the same books give the same bytes); an entry
  /// reused from the last build is its bytes there, copied, not encoded again. The memo lets
  /// go of its entries and the last build's.
  ///
  /// With `unlessRepeating`, nothing is written, and false returned, when the file would be the
  /// last build's byte for byte: every entry is one of its entries and it holds no others (no
  /// book's derived fields changed, as after a note edit); the caller keeps that file.
  @discardableResult
  func writeNext(stamp: String, unlessRepeating: Bool = false, to sink: @escaping ([UInt8]) -> Void) -> Bool {
    var seen: Set<Key> = []
    let (taken, last) = lock.withLock {
      defer {
        kept = []
        previous = BookMemoFile()
      }
      return (kept, previous)
    }
    var unique = taken.filter { seen.insert($0.key).inserted }
    // Reused entries are the last file's, so as many as it holds are all of it.
    if unlessRepeating, last.count > 0, unique.count == last.count, unique.allSatisfy(\.reused) {
      return false
    }
    unique.sort { $0.key < $1.key }
    var writer = StateFileWriter(stamp: stamp, sink: sink)
    for entry in unique { writer.add(entry.key, entry.bytes) }
    writer.finish()
    return true
  }
}

/// A memo file as read: its bytes and where each entry's encoding is, by key.
struct BookMemoFile: Sendable {
  private let bytes: [UInt8]
  private let entries: [BookMemo.Key: Range<Int>]
  /// How many keys the file holds entries under (one each in a file `writeNext` wrote).
  let count: Int

  /// The empty memo.
  init() {
    bytes = []
    entries = [:]
    count = 0
  }

  /// The entries of `bytes` when they are a whole memo file with `stamp`; nil otherwise.
  init?(bytes: [UInt8], stamp: String) {
    guard let entries = StateReader.entries(of: bytes, stamp: stamp) else { return nil }
    self.bytes = bytes
    self.entries = entries
    count = entries.count
  }

  /// The encoded derived fields under `key`.
  func entry(_ key: BookMemo.Key) -> ArraySlice<UInt8>? {
    entries[key].map { bytes[$0] }
  }
}

/// `Book.Derived` as bytes (`StateWriter`'s layout).
enum BookMemoCoding {
  static func encode(_ derived: Book.Derived) -> [UInt8] {
    var writer = StateWriter()
    writer.optional(derived.metaDescription)
    writer.text(derived.titleFolded)
    writer.optional(derived.authorFolded)
    writer.text(derived.preferredSlug)
    writer.optional(derived.cover)
    writer.optional(derived.isbn13)
    writer.optional(derived.isbn10)
    let filing = derived.filing
    writer.entries(filing.authors)
    writer.count(filing.categories.count)
    filing.categories.forEach { writer.entries($0) }
    writer.optionalEntry(filing.publisher)
    writer.optionalEntry(filing.language)
    writer.optionalEntry(filing.year)
    writer.entries(filing.tags)
    return writer.bytes
  }

  /// The derived fields `bytes` encode; nil when they are not a whole encoding.
  static func decode(_ bytes: ArraySlice<UInt8>) -> Book.Derived? {
    var reader = StateReader(bytes)
    guard let metaDescription = reader.optional(), let titleFolded = reader.text(),
      let authorFolded = reader.optional(), let preferredSlug = reader.text(), let cover = reader.optional(),
      let isbn13 = reader.optional(), let isbn10 = reader.optional(), let authors = reader.entries(),
      let trailCount = reader.count(atMost: bytes.count)
    else { return nil }
    var categories: [[BookFiling.Entry]] = []
    categories.reserveCapacity(trailCount)
    for _ in 0..<trailCount {
      guard let trail = reader.entries() else { return nil }
      categories.append(trail)
    }
    guard let publisher = reader.optionalEntry(), let language = reader.optionalEntry(),
      let year = reader.optionalEntry(), let tags = reader.entries(), reader.isAtEnd
    else { return nil }
    var filing = BookFiling(authors: [], categories: [], publisher: nil, language: nil, date: nil)
    filing.authors = authors
    filing.categories = categories
    filing.publisher = publisher
    filing.language = language
    filing.year = year
    filing.tags = tags
    return Book.Derived(
      metaDescription: metaDescription, titleFolded: titleFolded, authorFolded: authorFolded,
      preferredSlug: preferredSlug, cover: cover, isbn13: isbn13, isbn10: isbn10, filing: filing)
  }
}

extension StateWriter {
  fileprivate mutating func entry(_ entry: BookFiling.Entry) {
    text(entry.key.text)
    text(entry.spelling)
    optional(entry.parentKey?.text)
  }

  fileprivate mutating func entries(_ entries: [BookFiling.Entry]) {
    count(entries.count)
    entries.forEach { entry($0) }
  }

  fileprivate mutating func optionalEntry(_ value: BookFiling.Entry?) {
    guard let value else { return count(0) }
    count(1)
    entry(value)
  }
}

extension StateReader {
  fileprivate mutating func entry() -> BookFiling.Entry? {
    guard let key = text(), let spelling = text(), let parentKey = optional() else { return nil }
    // The keys are hashed again: a hash is this process's, never kept.
    return BookFiling.Entry(key: key, spelling: spelling, parentKey: parentKey.map(TaxonomyBuilder.Key.init))
  }

  fileprivate mutating func entries() -> [BookFiling.Entry]? {
    guard let count = count(atMost: 1 << 20) else { return nil }
    var entries: [BookFiling.Entry] = []
    entries.reserveCapacity(count)
    for _ in 0..<count {
      guard let entry = entry() else { return nil }
      entries.append(entry)
    }
    return entries
  }

  fileprivate mutating func optionalEntry() -> BookFiling.Entry?? {
    switch count() {
    case 0: return .some(nil)
    case 1: return entry().map { .some($0) }
    default: return nil
    }
  }
}
