import BookRecord
import GoogleBooks
import OpenLibrary
import Support

/// Each source's books mapped into records once, on every core: a volume several queries or
/// collections return (the same id decoded from the same bytes) is one record, held once, and
/// planning, enrichment and composing all read the same one.
struct RecordMemo: Sendable {
  private struct Key: Hashable {
    var id: String
    var digest: UInt64
  }

  private var volumes: [Key: BookRecord] = [:]
  private var books: [Key: BookRecord] = [:]

  /// Adds the records of every volume the run found, all collections' in one pass on every
  /// core (a collection at a time, collections of a thousand volumes fall under
  /// `Parallel.map`'s threshold, and map on one core). The volumes are read in place and
  /// gathered once, a pointer each (a volume is one shared box), into a table sized once.
  mutating func add(_ result: FetchResult) {
    mapNew { body in
      for collection in result.collections { collection.forEachVolume(body) }
    }
  }

  /// Adds the records of `volumes` not mapped yet.
  mutating func add(_ volumes: [Volume]) {
    mapNew { body in volumes.forEach(body) }
  }

  /// Maps the volumes `visit` calls its argument with that are not mapped yet, each once, on
  /// every core.
  private mutating func mapNew(_ visit: ((Volume) -> Void) -> Void) {
    var found: [Volume] = []
    var keys: Set<Key> = []
    visit { volume in
      guard let digest = volume.sourceDigest else { return }
      let key = Key(id: volume.id, digest: digest)
      if volumes[key] == nil, keys.insert(key).inserted { found.append(volume) }
    }
    let records = Parallel.map(count: found.count) { [found] in found[$0].record }
    volumes.reserveCapacity(volumes.count + found.count)
    for (volume, record) in zip(found, records) {
      volumes[Key(id: volume.id, digest: volume.sourceDigest ?? 0)] = record
    }
  }

  /// Adds the records of Open Library's `books` not mapped yet.
  mutating func add(_ books: [OpenLibraryBook]) {
    var unique: [OpenLibraryBook] = []
    var keys: Set<Key> = []
    for book in books {
      let key = Key(id: book.id.description, digest: book.digest)
      if self.books[key] == nil, keys.insert(key).inserted { unique.append(book) }
    }
    let found = unique
    let records = Parallel.map(count: found.count) { found[$0].record }
    for (book, record) in zip(found, records) {
      self.books[Key(id: book.id.description, digest: book.digest)] = record
    }
  }

  /// The volume's record; one made in code (no digest) is mapped on the spot.
  func record(_ volume: Volume) -> BookRecord {
    guard let digest = volume.sourceDigest, let record = volumes[Key(id: volume.id, digest: digest)] else {
      return volume.record
    }
    return record
  }

  func record(_ book: OpenLibraryBook) -> BookRecord {
    books[Key(id: book.id.description, digest: book.digest)] ?? book.record
  }
}

/// The records a run mapped, kept for the next one (`bookgen serve` keeps one between rebuilds):
/// a volume decoded from the same bytes is then not mapped again, and its record is the very
/// same value, which compares equal at a glance. Held in memory only.
package final class KeptRecords: Sendable {
  private let memo = Locked(RecordMemo())

  package init() {}

  /// The records, taken out (not copied) until `keep` puts them back.
  func take() -> RecordMemo {
    memo.withLock { memo in
      defer { memo = RecordMemo() }
      return memo
    }
  }

  func keep(_ records: RecordMemo) {
    memo.withLock { $0 = records }
  }
}

extension CollectionVolumes {
  /// Calls `body` with every volume the run found for the collection, other editions included,
  /// read in place rather than copied into one array.
  func forEachVolume(_ body: (Volume) -> Void) {
    for index in volumes.indices { body(volumes[index]) }
    for index in idVolumes.indices { body(idVolumes[index]) }
    for query in queryVolumes.indices {
      for index in queryVolumes[query].indices { body(queryVolumes[query][index]) }
    }
    for isbn in isbnOutcomes.keys.sorted() {
      if let volume = isbnOutcomes[isbn]?.volume { body(volume) }
    }
  }
}

extension OpenLibraryResult {
  /// Whether the run found any book.
  var hasBooks: Bool { !lookups.isEmpty || searches.contains { !$0.isEmpty } || works.contains { $0 != nil } }

  /// Every book the run found.
  var allBooks: [OpenLibraryBook] {
    lookups.keys.sorted().compactMap { lookups[$0] } + searches.flatMap { $0 } + works.compactMap { $0 }
  }
}

extension ISBNOutcome {
  /// The volume the outcome names, if any.
  var volume: Volume? {
    switch self {
    case .matched(let volume), .otherEdition(let volume): volume
    case .notFound, .rateLimited, .unavailable: nil
    }
  }
}
