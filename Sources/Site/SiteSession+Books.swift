import BookRecord
import Catalog
import Support

extension SiteSession {
  /// The rebuild after an edit that leaves the same books under the same terms (the first two
  /// cases `SiteSession` lists: `showsOnly` books are patched in, the others moved to their
  /// places). Nil when an edit changes more (a book new or gone, filed under other terms,
  /// another cover or source): the model is then made again.
  func updateBooks(
    _ last: Site, merge: SiteModel.Merge, mergedAgain: Set<String>?, collections: [SiteInput.Collection],
    builder: SiteBuilder, clock: StageTimer
  ) async throws(SiteError) -> BuildReport? {
    var clock = clock
    let catalog = merge.catalog
    var model = last.plan.model
    guard merge.records.count == model.books.count else { return nil }
    let edited = Set(catalog.books.keys).union(last.catalog.books.keys).filter {
      catalog.books[$0] != last.catalog.books[$0]
    }
    let matchingISBNs = merge.entriesMayMatchISBNs
    var changed: Set<Int32> = []
    var replacements: [Int: Book] = [:]
    for index in Self.candidates(last, mergedAgain: mergedAgain, edited: edited) {
      let old = model.books[index]
      guard let oldSource = old.sourceRecord, let source = merge.record(of: old.id) else { return nil }
      let sameCollections = merge.memberships[old.id] ?? [] == old.collections
      if sameCollections, source == oldSource,
        edited.isEmpty || !Self.mayTake(old, source, edited, catalog, matchingISBNs)
      {
        continue
      }
      let new = merge.book(source)
      guard new.record != old.record || new.entryKey != old.entryKey || !sameCollections else { continue }
      guard new.localCover == old.localCover, Self.sameSources(new.record, old.record) else { return nil }
      if sameCollections, Self.showsOnly(new.record, differingFrom: old.record) {
        model.replaceBook(at: index, with: new)
        changed.insert(Int32(index))
      } else if let filing = new.filing, filing == BookFiling(book: old) {
        replacements[index] = new
        changed.insert(Int32(index))
      } else {
        return nil
      }
    }
    if replacements.isEmpty, merge.apiOrder == last.merge.apiOrder {
      clock.lap("model")
      return try await renderChanged(
        last, model: model, changed: changed, catalog: catalog, records: collections, merge: merge,
        builder: builder, clock: clock)
    }
    let (reordered, oldIndex) = model.replacing(replacements, catalog: catalog, apiOrder: merge.apiOrder)
    clock.lap("model")
    return try await renderReordered(
      last, model: reordered, oldIndex: oldIndex, changed: changed, catalog: catalog, records: collections,
      merge: merge, builder: builder, clock: clock)
  }

  /// The books of the last model an edit may change, in model order: those merged again
  /// (`mergedAgain`; nil: every book), and those that had or may now take one of the owner's
  /// `edited` entries — by id, or by ISBN when an entry may be keyed by one.
  private static func candidates(_ last: Site, mergedAgain: Set<String>?, edited: Set<String>) -> [Int] {
    let books = last.plan.model.books
    guard let mergedAgain, !edited.contains(where: SiteModel.mayBeISBN13) else { return Array(books.indices) }
    var found = Set(mergedAgain.union(edited).compactMap { last.bookIndices[$0] })
    if !edited.isEmpty {
      for index in last.entryHolders where edited.contains(books[index].entryKey ?? "") {
        found.insert(index)
      }
    }
    return found.sorted()
  }

  /// Whether book `old` (whose sources' record is `source`) had or may now take one of the
  /// owner's `edited` entries.
  private static func mayTake(
    _ old: Book, _ source: BookRecord, _ edited: Set<String>, _ catalog: Catalog, _ matchingISBNs: Bool
  ) -> Bool {
    if let key = old.entryKey, edited.contains(key) { return true }
    let key = SiteModel.entry(for: source, in: catalog.books, matchingISBNs: matchingISBNs)?.key
    return key.map(edited.contains) == true
  }

  /// Whether `new` differs from `old` only in what the pages show of the book and nothing the
  /// model files, sorts, counts or links it by: the owner's note and the description (and
  /// which source stated them).
  static func showsOnly(_ new: BookRecord, differingFrom old: BookRecord) -> Bool {
    var probe = new
    probe.note = old.note
    probe.description = old.description
    probe.descriptionFormat = old.descriptionFormat
    probe.provenance = old.provenance
    return probe == old
  }

  /// Whether `new` was stated by the same sources as `old`, the owner aside: what every page's
  /// footer credits.
  static func sameSources(_ new: BookRecord, _ old: BookRecord) -> Bool {
    let sources = { (record: BookRecord) in record.provenance.records.map(\.source.id) }
    return sources(new).filter { $0 != BookSource.owner.id }
      == sources(old).filter { $0 != BookSource.owner.id }
  }
}
