import Catalog
import Foundation

/// Finds the books export rows without a usable ISBN stand for, by title and authors (Google
/// Books' `intitle:`/`inauthor:` search): the CLI gives one that fetches, tests a fake.
package protocol BookMatcher: Sendable {
  /// For each query in order, the book's `books:` key (a volume id or an ISBN-13) and where it
  /// was found; nil when no book matches well enough (or the request budget ran out).
  func match(_ queries: [MatchQuery]) async throws -> [BookMatch?]
}

/// A row to look up: its title (without the series) and authors, as the export wrote them.
package struct MatchQuery: Sendable, Equatable {
  package var title: String
  package var authors: [String]
}

package struct BookMatch: Sendable, Equatable {
  package var key: String
  package var source: SourceName

  package init(key: String, source: SourceName) {
    self.key = key
    self.source = source
  }
}

/// Where the export's other shelves go: tags on each book, or a collection per shelf.
package enum ShelfMapping: String, Sendable, Equatable, CaseIterable {
  case tags
  case collections
}

/// What an import is asked to do.
package struct ImportRequest: Sendable {
  package var export: ReadExport
  package var shelves: ShelfMapping = .tags
  /// The collection that lists every imported book; its slug also prefixes shelf collections
  /// whose slug the catalog uses already.
  package var collectionSlug: String
  /// Rows a previous import matched by title, by export id: kept without a new lookup.
  package var previousMatches: [String: BookMatch] = [:]
  /// Collection and shelf slugs the rest of the catalog uses.
  package var takenCollectionSlugs: Set<String> = []
  package var takenShelfSlugs: Set<String> = []

  package init(export: ReadExport, collectionSlug: String) {
    self.export = export
    self.collectionSlug = collectionSlug
  }
}

/// An export read and keyed: the entries the file will hold and what the report lists.
package struct ImportPlan: Sendable {
  package struct Entry: Sendable, Equatable {
    /// The `books:` key: the ISBN-13, the matched book's key or the export's id.
    package var key: String
    package var row: ImportedRow
    /// How a row without a usable ISBN was found (nil: by its ISBN, or not at all).
    package var match: BookMatch?
    /// The match comes from the previous import's file.
    package var matchWasKept = false

    /// Without a usable ISBN, an id a source knows or a match: a title search may find it.
    var needsMatch: Bool { row.isbn13 == nil && row.sourceKey == nil && match == nil }
  }

  package struct PlannedCollection: Sendable, Equatable {
    package var title: String
    package var slug: String
    package var keys: [String]
  }

  package var format: ImportSource
  /// As messages name the export.
  package var csvName: String
  package var entries: [Entry] = []
  package var shelves: [Shelf] = []
  package var collections: [PlannedCollection] = []
  package var shelvesAreTags: Bool
  /// Rows keyed by their export id because an earlier row has their book's key, with where that
  /// earlier row is.
  package var duplicates: [(row: ImportedRow, first: RowPosition)] = []
  /// Rows that are no entry, with why.
  package var skipped: [SkippedRow] = []
  package var encoding: ExportEncoding = .utf8
  package var dateOrder: DateOrderFinding = .notNeeded
  /// Fields a spreadsheet had saved in the wrong encoding (`Ã©` for `é`), put back.
  package var repairedText = 0

  /// Rows a title search found (this time or the last).
  package var matchedByTitle: [Entry] { entries.filter { $0.match != nil } }
  /// Rows without a usable ISBN (nor an id a source knows) that nothing matched: shown from the
  /// export's own data.
  package var unmatched: [Entry] { entries.filter(\.needsMatch) }
  /// Rows whose ISBN a spreadsheet rounded away (`9.78053E+12`).
  package var lostISBNs: [Entry] { entries.filter(\.row.isbnLostDigits) }

  /// Rows with date columns that are no dates, with those columns.
  package var unreadDates: [Entry] { entries.filter { !$0.row.unreadDates.isEmpty } }

  /// The YAML file's text.
  package var text: String { ImportFileWriter.text(self) }
}

/// Keys an export's rows: by ISBN, by an id a source knows, by a previous import's match, by a
/// title search (`matcher`, when not offline) or else by the export's own id.
package enum ExportImporter {
  package static func plan(_ request: ImportRequest, matcher: (any BookMatcher)?) async throws -> ImportPlan {
    let export = request.export
    var plan = ImportPlan(
      format: export.format, csvName: export.file, shelvesAreTags: request.shelves == .tags)
    plan.encoding = export.table.encoding
    plan.dateOrder = export.dateOrder
    plan.skipped = export.table.damaged
    let index = export.table.index
    let dates = DateReader(order: export.dateOrder.order)
    var entries: [ImportPlan.Entry] = []
    entries.reserveCapacity(export.table.records.count)
    for record in export.table.records {
      var fields = record.fields
      for position in fields.indices {
        if let repaired = Mojibake.repaired(fields[position]) {
          fields[position] = repaired
          plan.repairedText += 1
        }
      }
      let columns = ExportColumns(index: index, fields: fields, dates: dates)
      let row = export.format.spec.row(columns, record.position)
      if let reason = export.format.spec.skipReason(columns) ?? row.skipReason {
        plan.skipped.append(
          SkippedRow(position: record.position, title: row.title.isEmpty ? nil : row.title, reason: reason))
        continue
      }
      entries.append(entry(for: row, previous: request.previousMatches))
    }
    if let matcher { try await match(&entries, with: matcher) }
    var firstOfKey: [String: RowPosition] = [:]
    for var entry in entries {
      if let first = firstOfKey[entry.key] {
        plan.duplicates.append((entry.row, first))
        entry.key = entry.row.exportID.description
        entry.match = nil
        // Two rows with one id too (a row exported twice) still make two entries.
        if firstOfKey[entry.key] != nil { entry.key += "-" + entry.row.position.keySuffix }
      }
      firstOfKey[entry.key] = entry.row.position
      plan.entries.append(entry)
    }
    plan.skipped.sort { $0.position < $1.position }
    plan.shelves = shelves(of: plan.entries, taken: request.takenShelfSlugs)
    plan.collections = collections(of: plan, request: request)
    return plan
  }

  private static func entry(for row: ImportedRow, previous: [String: BookMatch]) -> ImportPlan.Entry {
    if let isbn13 = row.isbn13 { return ImportPlan.Entry(key: isbn13, row: row) }
    if let key = row.sourceKey { return ImportPlan.Entry(key: key, row: row) }
    if let kept = previous[row.exportID.id] {
      return ImportPlan.Entry(key: kept.key, row: row, match: kept, matchWasKept: true)
    }
    return ImportPlan.Entry(key: row.exportID.description, row: row)
  }

  /// Looks up the rows that need it, in one batch.
  private static func match(_ entries: inout [ImportPlan.Entry], with matcher: any BookMatcher) async throws {
    let wanted = entries.indices.filter { entries[$0].needsMatch }
    guard !wanted.isEmpty else { return }
    let matches = try await matcher.match(
      wanted.map { MatchQuery(title: entries[$0].row.title, authors: entries[$0].row.authors) })
    for (index, match) in zip(wanted, matches) {
      guard let match, CatalogRules.isVolumeID(match.key) else { continue }
      entries[index].key = match.key
      entries[index].match = match
    }
  }

  /// The owner-defined shelves the rows' statuses name, in order of first use, but those the
  /// catalog declares already.
  private static func shelves(of entries: [ImportPlan.Entry], taken: Set<String>) -> [Shelf] {
    var seen = taken
    var shelves: [Shelf] = []
    for entry in entries {
      guard let shelf = entry.row.shelf, !seen.contains(shelf.slug) else { continue }
      seen.insert(shelf.slug)
      shelves.append(shelf)
    }
    return shelves
  }

  private static func collections(of plan: ImportPlan, request: ImportRequest) -> [ImportPlan
    .PlannedCollection]
  {
    var collections = [
      ImportPlan.PlannedCollection(
        title: plan.format.appName, slug: request.collectionSlug, keys: plan.entries.map(\.key))
    ]
    guard request.shelves == .collections else { return collections }
    var order: [String] = []
    var members: [String: [String]] = [:]
    var titles: [String: String] = [:]
    for entry in plan.entries {
      for name in entry.row.shelves {
        guard let slug = ExportValues.shelfSlug(name) else { continue }
        if members[slug] == nil {
          order.append(slug)
          titles[slug] = ExportValues.shelfTitle(name)
        }
        if members[slug]?.last != entry.key { members[slug, default: []].append(entry.key) }
      }
    }
    var used = request.takenCollectionSlugs.union([request.collectionSlug])
    for slug in order {
      let unique = used.contains(slug) ? "\(request.collectionSlug)-\(slug)" : slug
      guard !used.contains(unique) else { continue }
      used.insert(unique)
      collections.append(.init(title: titles[slug] ?? slug, slug: unique, keys: members[slug] ?? []))
    }
    return collections
  }
}

extension ImportedRow {
  /// Why the row makes no entry: it names no book (no title, no ISBN, no id a source knows).
  var skipReason: String? {
    guard title.isEmpty, isbn13 == nil, sourceKey == nil else { return nil }
    return unusableISBN == nil
      ? "no title and no ISBN: not imported"
      : "no title, and its ISBN \(unusableISBN!) is no ISBN\(isbnLostDigits ? " (a spreadsheet rounded it)" : ""): not imported"
  }
}

extension RowPosition: Comparable {
  package static func < (a: RowPosition, b: RowPosition) -> Bool {
    switch (a, b) {
    case (.line(let x), .line(let y)): x < y
    case (.record(let x), .record(let y)): (x.count, x) < (y.count, y)
    case (.line, .record): true
    case (.record, .line): false
    }
  }

  /// What keeps apart two entries with one export id: the line, or the record's id.
  var keySuffix: String {
    switch self {
    case .line(let line): String(line)
    case .record(let id): id
    }
  }
}
