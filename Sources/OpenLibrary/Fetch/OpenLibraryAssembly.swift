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
          read(planner.editionRecord(of: entry, optional: batch.optional), into: &book)
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
        if search.withRecords { read(planner.bookRecord(of: doc), into: &book) }
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
    for author in planner.authors(work.authors, optional: false) { read(author, into: &book) }
    return book
  }

  /// The edition that best stands for a work: one with an ISBN and a cover, else with an ISBN,
  /// else with a cover, else the first listed.
  static func representative(_ editions: [EditionRecord]) -> EditionRecord? {
    func hasISBN(_ edition: EditionRecord) -> Bool { !edition.isbn13.isEmpty || !edition.isbn10.isEmpty }
    return editions.first { hasISBN($0) && !$0.covers.isEmpty } ?? editions.first(where: hasISBN)
      ?? editions.first { !$0.covers.isEmpty } ?? editions.first
  }

  /// Reads a book's record (its edition, its work or an author) into `book`, then the records
  /// the answer leads to (`OpenLibraryPlanner.followUps`, one redirect at most); a second
  /// redirect or a deleted record is reported and gives nothing.
  private mutating func read(
    _ asked: (OpenLibraryRequest, OpenLibraryPurpose), into book: inout OpenLibraryBook
  ) {
    let (request, purpose) = asked
    guard let answer = take(request, purpose) else { return }
    let next = planner.followUps(of: request, for: purpose, answer: answer)
    switch answer {
    case .edition(let edition): book.edition = edition
    case .work(let work): book.work = work
    case .author(let author): book.authors.append(author)
    case .redirect(let target) where next.isEmpty:
      collector.warn(
        "\(collector.source.subject(of: purpose)): redirects again, to \(target); only one redirect is followed"
      )
    case .gone:
      collector.warn("\(collector.source.subject(of: purpose)): Open Library has deleted this record")
    default: break
    }
    for record in next { read(record, into: &book) }
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
