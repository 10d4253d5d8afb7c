import Catalog
import Fetching

/// Walks a finished run in plan order and puts each book together from its answers: the
/// books-API entry or search document, the edition record, the work, the authors' records,
/// following a redirect once. Notes and failures are reported with the purpose first met.
struct OpenLibraryAssembly {
  var collector: FetchCollector<OpenLibrarySource>
  let planner: OpenLibraryPlanner
  var standIns: StandIns

  mutating func assemble() -> OpenLibraryResult {
    var result = OpenLibraryResult()
    for (index, batch) in planner.batches.enumerated() {
      let request = OpenLibraryRequest(.books(bibkeys: batch.bibkeys))
      // `ISBN:9780140328721` and `OLID:OL7353617M` name the books keyed 9780140328721 and OL7353617M.
      let keys = batch.bibkeys.map { String($0.drop { $0 != ":" }.dropFirst()) }
      guard
        case .books(let entries)? = take(
          request, .lookup(batch: index, optional: batch.optional), standingIn: keys)
      else { continue }
      result.answered.formUnion(batch.bibkeys)
      for bibkey in batch.bibkeys {
        guard let entry = entries[bibkey] else { continue }
        var book = OpenLibraryBook(id: entry.id)
        book.entry = entry
        if !planner.withoutRecords.contains(bibkey) {
          complete(&book, edition: entry.id, named: !entry.authors.isEmpty, optional: batch.optional)
        }
        result.lookups[bibkey] = book
      }
    }
    for index in planner.plan.searches.indices {
      result.searches.append(searchBooks(index, into: &result))
    }
    for index in planner.plan.works.indices {
      result.works.append(listedWork(index))
    }
    return result
  }

  /// The search's books, page by page, up to what it asked for; each book once.
  private mutating func searchBooks(_ index: Int, into result: inout OpenLibraryResult) -> [OpenLibraryBook] {
    let search = planner.plan.searches[index]
    var books: [OpenLibraryBook] = []
    var seen: Set<OpenLibraryID> = []
    var offset = 0
    while offset < search.maxResults {
      let request = planner.searchRequest(index, offset: offset)
      let answer = take(
        request, .search(query: index, offset: offset),
        handled: { failure in search.mayFallBack && result.searchFallbacks.failed(index, failure) },
        handledMissing: { reason in search.mayFallBack && result.searchFallbacks.missing(index, reason) })
      guard case .search(let docs, _)? = answer else { break }
      let limit = min(OpenLibraryRequest.searchPageSize, search.maxResults - offset)
      for doc in docs.prefix(limit) {
        var book = OpenLibraryBook(id: doc.coverEdition ?? doc.work)
        guard seen.insert(book.id).inserted else { continue }
        book.doc = doc
        if search.withRecords, let edition = doc.coverEdition {
          complete(&book, edition: edition, named: !doc.authorNames.isEmpty, optional: false)
        } else if search.withRecords {
          completeWork(
            &book, doc.work, needsAuthors: doc.authorNames.isEmpty, optional: false, editionAuthors: [])
        }
        books.append(book)
      }
      if docs.isEmpty { break }
      offset += limit
    }
    return books
  }

  /// A listed work: its record (a redirect followed), an edition from its first page of
  /// editions to stand for it, and its authors.
  private mutating func listedWork(_ index: Int) -> OpenLibraryBook? {
    let listed = planner.plan.works[index]
    var work: WorkRecord?
    switch take(
      OpenLibraryRequest(.work(listed.id)), .listedWork(index: index), standingIn: [listed.id.description])
    {
    case .work(let record)?: work = record
    case .redirect(let target)?:
      if case .work(let record)? = take(
        OpenLibraryRequest(.work(target)), .work(target, needsAuthors: true, optional: false, hops: 1))
      {
        work = record
      } else {
        collector.warn("\(listed.subject): the work it redirects to, \(target), could not be read")
      }
    case .gone?: collector.warn("\(listed.subject): Open Library has deleted this work")
    default: break
    }
    guard let work else { return nil }
    var book = OpenLibraryBook(id: work.id)
    book.work = work
    if case .editions(let entries, _)? = take(
      planner.editionsRequest(listed.id), .listedWorkEditions(index: index)),
      let edition = Self.representative(entries)
    {
      book.id = edition.id
      book.edition = edition
    }
    book.authors = authors(work.authors, optional: false)
    return book
  }

  /// The edition that best stands for a work: one with an ISBN and a cover, else with an ISBN,
  /// else with a cover, else the first listed.
  static func representative(_ editions: [EditionRecord]) -> EditionRecord? {
    func hasISBN(_ edition: EditionRecord) -> Bool { !edition.isbn13.isEmpty || !edition.isbn10.isEmpty }
    return editions.first { hasISBN($0) && !$0.covers.isEmpty } ?? editions.first(where: hasISBN)
      ?? editions.first { !$0.covers.isEmpty } ?? editions.first
  }

  /// Adds the edition record, its work and (when no answer named them) its authors.
  private mutating func complete(
    _ book: inout OpenLibraryBook, edition id: OpenLibraryID, named: Bool, optional: Bool
  ) {
    guard
      let edition = follow(
        id, { .edition($0) }, { .edition($0, named: named, optional: optional, hops: $1) },
        unwrap: { if case .edition(let record) = $0 { record } else { nil } })
    else { return }
    book.edition = edition
    if let work = edition.works.first {
      completeWork(
        &book, work, needsAuthors: !named && edition.authors.isEmpty, optional: optional,
        editionAuthors: named ? [] : edition.authors)
    } else if !named {
      book.authors = authors(edition.authors, optional: optional)
    }
  }

  private mutating func completeWork(
    _ book: inout OpenLibraryBook, _ id: OpenLibraryID, needsAuthors: Bool, optional: Bool,
    editionAuthors: [OpenLibraryID]
  ) {
    book.work = follow(
      id, { .work($0) }, { .work($0, needsAuthors: needsAuthors, optional: optional, hops: $1) },
      unwrap: { if case .work(let record) = $0 { record } else { nil } })
    let keys = editionAuthors.isEmpty && needsAuthors ? book.work?.authors ?? [] : editionAuthors
    book.authors = authors(keys, optional: optional)
  }

  private mutating func authors(_ ids: [OpenLibraryID], optional: Bool) -> [AuthorRecord] {
    ids.compactMap { id in
      follow(
        id, { .author($0) }, { .author($0, optional: optional, hops: $1) },
        unwrap: { if case .author(let record) = $0 { record } else { nil } })
    }
  }

  /// The record for `id`, through one redirect at most; a second redirect or a deleted record
  /// is reported and gives nothing.
  private mutating func follow<Record>(
    _ id: OpenLibraryID, _ kind: (OpenLibraryID) -> OpenLibraryRequest.Kind,
    _ purpose: (OpenLibraryID, Int) -> OpenLibraryPurpose, unwrap: (OpenLibraryAnswer) -> Record?
  ) -> Record? {
    var current = id
    for hops in 0...1 {
      let asked = purpose(current, hops)
      switch take(OpenLibraryRequest(kind(current)), asked) {
      case .redirect(let target)?:
        guard hops == 0 else {
          collector.warn(
            "\(collector.source.subject(of: asked)): redirects again, to \(target); only one redirect is followed"
          )
          return nil
        }
        current = target
      case .gone?:
        collector.warn("\(collector.source.subject(of: asked)): Open Library has deleted this record")
        return nil
      case let answer?:
        return unwrap(answer)
      case nil:
        return nil
      }
    }
    return nil
  }

  /// The request's answer; the first time, its notes are reported with the subject. A lookup
  /// only of books imported entries stand in for (`standingIn`) that cannot be made is no error.
  private mutating func take(
    _ request: OpenLibraryRequest, _ purpose: OpenLibraryPurpose, standingIn keys: [String] = [],
    handled: (RequestFailure) -> Bool = { _ in false },
    handledMissing: (FetchError.MissingReason) -> Bool = { _ in false }
  ) -> OpenLibraryAnswer? {
    var standIns = self.standIns
    defer { self.standIns = standIns }
    guard
      let (decoded, isFirst) = collector.take(
        request, purpose, handled: { failure, _ in standIns.failed(keys, failure) || handled(failure) },
        handledMissing: { standIns.missing(keys, $0) || handledMissing($0) })
    else { return nil }
    if isFirst {
      let subject = collector.source.subject(of: purpose)
      for note in decoded.notes { collector.warn("\(subject): \(note)") }
    }
    return decoded.answer
  }
}
