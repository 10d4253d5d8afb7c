import Catalog
import Fetching

extension Sourcing {
  /// `last` (this catalog's books, sourced from the cache as it was) with the collections in
  /// `changed` sourced again, for `bookgen serve` after some of their cache entries changed.
  /// Nil when the others' records could depend on those entries (`SourcedBooks.isolated`), when
  /// either run has warnings or pending requests (which are the whole run's), or when the run
  /// fails: a whole run then says what it must.
  package func run(updating last: SourcedBooks, changed: Set<Int>) async -> SourcedBooks? {
    guard last.isolated, last.warnings.isEmpty, last.pending.isEmpty,
      last.collections.count == catalog.collections.count,
      last.entries.count == catalog.collections.count
    else { return nil }
    if changed.isEmpty { return last }
    let indices = changed.sorted()
    var part = catalog
    part.collections = indices.map { catalog.collections[$0] }
    var sourcing = Sourcing(catalog: part, options: options, version: version, progress: progress)
    sourcing.googleTransport = googleTransport
    sourcing.openLibraryTransport = openLibraryTransport
    sourcing.volumeMemo = volumeMemo
    sourcing.keptRecords = keptRecords
    guard let found = try? await sourcing.run(), found.isolated, found.warnings.isEmpty, found.pending.isEmpty
    else { return nil }
    var books = last
    for (position, index) in indices.enumerated() {
      books.collections[index] = found.collections[position]
      books.entries[index] = found.entries[position]
    }
    books.statistics = found.statistics
    books.statistics.volumes = books.collections.reduce(0) { $0 + $1.records.count }
    return books
  }
}

extension SourcedBooks {
  /// The collections whose records read one of the cache entries at `paths` (relative to the
  /// cache folder); nil when one of them fed none of them, or when it is not known.
  package func collections(reading paths: Set<String>) -> Set<Int>? {
    guard isolated else { return nil }
    var readers: [String: [Int]] = [:]
    for (index, paths) in entries.enumerated() {
      for path in paths { readers[path, default: []].append(index) }
    }
    var found: Set<Int> = []
    for path in paths {
      guard let indices = readers[path] else { return nil }
      found.formUnion(indices)
    }
    return found
  }
}
