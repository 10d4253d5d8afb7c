import BookRecord
import Catalog
import Support

extension SiteModel {
  /// The collections' records merged: one per book id, with its collections.
  struct Merge: Sendable {
    private(set) var catalog: Catalog
    /// The richest record of each book, in first-seen order (which no page depends on: the
    /// model sorts its books).
    private(set) var records: [BookRecord]
    private(set) var memberships: [String: [Int]]
    /// Each collection's book ids in source order.
    private(set) var apiOrder: [[String]]
    /// Each book's place in `records`, by id.
    private var positions: [String: Int]
    /// Whether any of the owner's entries is keyed by an ISBN-13 (13 digits): when none is, a
    /// book's ISBNs need not be checked and converted to look for its entry.
    private(set) var entriesMayMatchISBNs: Bool
    /// The covers bookgen processed, which books show instead of their sources' links.
    var covers = LocalCovers.none

    init(catalog: Catalog, collections inputs: [SiteInput.Collection]) throws(SiteError) {
      let declared = catalog.collections
      // Positions of each collection's inputs, not their records: concatenating the (large)
      // records per slug would copy every one of them once more.
      var inputsBySlug: [String: [Int]] = [:]
      let slugs = Set(declared.map(\.slug))
      for (position, input) in inputs.enumerated() {
        guard slugs.contains(input.slug) else {
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

      // One book per id, the richest record wins, first occurrence breaks ties.
      var position: [String: Int] = [:]
      var records: [BookRecord] = []
      var memberships: [String: [Int]] = [:]
      var apiOrder: [[String]] = []
      // Later records of a book that may be richer than its first, in the order met.
      var contenders: [(position: Int, record: BookRecord)] = []
      // Sized once for every record (most books are listed once): no table grows record by record.
      let count = inputs.reduce(0) { $0 + $1.records.count }
      position.reserveCapacity(count)
      records.reserveCapacity(count)
      memberships.reserveCapacity(count)
      for (collectionIndex, collection) in declared.enumerated() {
        var seen: Set<String> = []
        var order: [String] = []
        let groups = Self.groups(
          of: collection, inputs: (inputsBySlug[collection.slug] ?? []).map { inputs[$0] }, catalog: catalog)
        for group in groups {
          for record in group where seen.insert(record.id).inserted {
            order.append(record.id)
            memberships[record.id, default: []].append(collectionIndex)
            if let existing = position[record.id] {
              // The same volume listed again (decoded from the same bytes) scores as the first.
              if !records[existing].hasSameSources(as: record) { contenders.append((existing, record)) }
            } else {
              position[record.id] = records.count
              records.append(record)
            }
          }
        }
        apiOrder.append(order)
      }
      Self.keepRichest(&records, of: contenders)
      self.catalog = catalog
      self.records = records
      self.memberships = memberships
      self.apiOrder = apiOrder
      self.positions = position
      entriesMayMatchISBNs = catalog.books.keys.contains(where: SiteModel.mayBeISBN13)
    }

    /// The records of `collection`, group by group: its inputs' (`inputs`), then the books no
    /// source knows, made from what their import recorded — its export ids', and its imported
    /// ISBNs' no source gave a record for (offline without a cache entry).
    private static func groups(
      of collection: Collection, inputs: [SiteInput.Collection], catalog: Catalog
    ) -> [[BookRecord]] {
      var exported = collection.exportIDs.compactMap { catalog.books[$0.description]?.exportRecord(id: $0) }
      for input in inputs {
        exported += input.unfound.compactMap { catalog.books[$0]?.exportRecord(key: $0) }
      }
      return inputs.map(\.records) + [exported]
    }

    /// Replaces each book's record in `records` by the richest of its `contenders` (in the order
    /// met) richer than it; of equally rich ones the first stays. The records are scored on every
    /// core (a long description's characters are counted), then compared in order.
    private static func keepRichest(
      _ records: inout [BookRecord], of contenders: [(position: Int, record: BookRecord)]
    ) {
      guard !contenders.isEmpty else { return }
      var firsts: [Int] = []
      var firstSeen: Set<Int> = []
      for contender in contenders where firstSeen.insert(contender.position).inserted {
        firsts.append(contender.position)
      }
      let scores = richness(of: firsts, in: records, then: contenders)
      var best: [Int: Int] = [:]
      for (index, first) in firsts.enumerated() { best[first] = scores[index] }
      for (index, contender) in contenders.enumerated() {
        let score = scores[firsts.count + index]
        if score > best[contender.position]! {
          best[contender.position] = score
          records[contender.position] = contender.record
        }
      }
    }

    /// The richness of the records at `firsts` in `records`, then of `contenders`'; a function of
    /// its own, so that `records` is changed in place once they are scored.
    private static func richness(
      of firsts: [Int], in records: [BookRecord], then contenders: [(position: Int, record: BookRecord)]
    ) -> [Int] {
      Parallel.map(count: firsts.count + contenders.count) { index in
        index < firsts.count
          ? records[firsts[index]].richness : contenders[index - firsts.count].record.richness
      }
    }

    /// Whether `record`, met after `existing` for the same book, replaces it: the richer one
    /// wins, the first breaks ties.
    private static func isRicher(_ record: BookRecord, than existing: BookRecord) -> Bool {
      // The same volume listed again (decoded from the same bytes) is no richer: its digests
      // tell so without scoring either. Equal records score the same, so they need no
      // comparing field by field.
      !existing.hasSameSources(as: record) && existing.richness < record.richness
    }

    /// This merge with the owner's entries of `catalog`, which gives the same records: its
    /// entries differ from this one's at most in what no book's record is made from (all but
    /// `imported`), and its collections are the same.
    func applying(_ catalog: Catalog) -> Merge {
      var merge = self
      merge.catalog = catalog
      merge.entriesMayMatchISBNs = catalog.books.keys.contains(where: SiteModel.mayBeISBN13)
      return merge
    }

    /// This merge with the records of the collections in `changed` taken from `inputs` (one
    /// per collection of `catalog`, in its order; the others' records are this merge's), and
    /// the ids of the books whose record or collections changed. Only the books those
    /// collections list, then or now, are merged again. Nil when a book is new to the site
    /// or gone from it (the merge is then made anew), or when the inputs are not one per
    /// collection.
    func updating(
      _ catalog: Catalog, inputs: [SiteInput.Collection], changed: [Int]
    ) -> (merge: Merge, changed: Set<String>)? {
      let declared = catalog.collections
      guard inputs.count == declared.count, declared.count == apiOrder.count,
        zip(inputs, declared).allSatisfy({ $0.slug == $1.slug })
      else { return nil }
      var merge = applying(catalog)
      var affected: Set<String> = []
      var members: [Int: Set<String>] = [:]
      for index in changed {
        affected.formUnion(apiOrder[index])
        var seen: Set<String> = []
        var order: [String] = []
        for group in Self.groups(of: declared[index], inputs: [inputs[index]], catalog: catalog) {
          for record in group where seen.insert(record.id).inserted { order.append(record.id) }
        }
        merge.apiOrder[index] = order
        affected.formUnion(order)
        members[index] = seen
      }
      // Each collection's record of a book, looked up by id once a collection is asked.
      var lookups: [Int: [String: BookRecord]] = [:]
      func record(_ id: String, in index: Int) -> BookRecord? {
        if lookups[index] == nil {
          var found: [String: BookRecord] = [:]
          for group in Self.groups(of: declared[index], inputs: [inputs[index]], catalog: catalog) {
            for record in group where found[record.id] == nil { found[record.id] = record }
          }
          lookups[index] = found
        }
        return lookups[index]?[id]
      }
      var updated: Set<String> = []
      for id in affected {
        guard let position = positions[id] else { return nil }
        let collections =
          ((memberships[id] ?? []).filter { members[$0] == nil }
          + members.compactMap { $0.value.contains(id) ? $0.key : nil }).sorted()
        guard !collections.isEmpty else { return nil }
        var best: BookRecord?
        for index in collections {
          guard let next = record(id, in: index) else { continue }
          if let current = best, !Self.isRicher(next, than: current) { continue }
          best = next
        }
        guard let best else { return nil }
        if collections != memberships[id] || best != records[position] {
          merge.memberships[id] = collections
          merge.records[position] = best
          updated.insert(id)
        }
      }
      return (merge, updated)
    }

    /// The record of book `id`, if the merge holds it.
    func record(of id: String) -> BookRecord? { positions[id].map { records[$0] } }

    /// The book of `record`, with the owner's entry for it applied; `earlier`, when its record
    /// is the same, gives its fields.
    @Sendable func book(_ record: BookRecord, reusing earlier: Book? = nil) -> Book {
      SiteModel.book(
        record, entries: catalog.books, matchingISBNs: entriesMayMatchISBNs,
        collections: memberships[record.id] ?? [], covers: covers, reusing: earlier)
    }
  }
}
