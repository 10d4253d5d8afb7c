import Catalog

/// Turns a plan into Open Library requests, and each answer into the requests it leads to.
struct OpenLibraryPlanner: Sendable {
  let plan: OpenLibraryPlan
  /// `plan.batches` and `plan.withoutRecords`, worked out once.
  let batches: [(bibkeys: [String], optional: Bool)]
  let withoutRecords: Set<String>

  init(_ plan: OpenLibraryPlan) {
    self.plan = plan
    batches = plan.batches
    withoutRecords = plan.withoutRecords
  }

  /// The requests known before anything is fetched, in plan order.
  func initialRequests() -> [(OpenLibraryRequest, OpenLibraryPurpose)] {
    var result: [(OpenLibraryRequest, OpenLibraryPurpose)] = []
    for (index, batch) in batches.enumerated() {
      result.append(
        (OpenLibraryRequest(.books(bibkeys: batch.bibkeys)), .lookup(batch: index, optional: batch.optional)))
    }
    for index in plan.searches.indices {
      result.append((searchRequest(index, offset: 0), .search(query: index, offset: 0)))
    }
    for (index, work) in plan.works.enumerated() {
      result.append((OpenLibraryRequest(.work(work.id)), .listedWork(index: index)))
      result.append((editionsRequest(work.id), .listedWorkEditions(index: index)))
    }
    return result
  }

  func searchRequest(_ index: Int, offset: Int) -> OpenLibraryRequest {
    let search = plan.searches[index]
    let limit = min(OpenLibraryRequest.searchPageSize, search.maxResults - offset)
    return OpenLibraryRequest(.search(fields: search.fields, offset: offset, limit: limit))
  }

  func editionsRequest(_ work: OpenLibraryID) -> OpenLibraryRequest {
    OpenLibraryRequest(.workEditions(work, offset: 0, limit: OpenLibraryRequest.editionsPageSize))
  }

  /// A book's records follow from what the answer names; a redirect is followed once.
  func followUps(of request: OpenLibraryRequest, for purpose: OpenLibraryPurpose, answer: OpenLibraryAnswer)
    -> [(OpenLibraryRequest, OpenLibraryPurpose)]
  {
    switch (purpose, answer) {
    case (.lookup(let batch, let optional), .books(let entries)):
      return batches[batch].bibkeys.filter { !withoutRecords.contains($0) }.compactMap { entries[$0] }.map {
        editionRecord(of: $0, optional: optional)
      }
    case (.search(let index, let offset), .search(let docs, _)):
      var next: [(OpenLibraryRequest, OpenLibraryPurpose)] = []
      let limit = min(OpenLibraryRequest.searchPageSize, plan.searches[index].maxResults - offset)
      if !docs.isEmpty, offset + limit < plan.searches[index].maxResults {
        next.append(
          (searchRequest(index, offset: offset + limit), .search(query: index, offset: offset + limit)))
      }
      if plan.searches[index].withRecords { next += docs.prefix(limit).map(bookRecord(of:)) }
      return next
    case (.listedWork, .work(let work)):
      return authors(work.authors, optional: false)
    case (.listedWork, .redirect(let target)):
      return [
        (OpenLibraryRequest(.work(target)), .work(target, needsAuthors: true, optional: false, hops: 1))
      ]
    case (.edition(_, let named, let optional, _), .edition(let edition)):
      var next: [(OpenLibraryRequest, OpenLibraryPurpose)] = []
      if let work = edition.works.first {
        next.append(
          (
            OpenLibraryRequest(.work(work)),
            .work(work, needsAuthors: !named && edition.authors.isEmpty, optional: optional, hops: 0)
          ))
      }
      if !named { next += authors(edition.authors, optional: optional) }
      return next
    case (.edition(_, let named, let optional, 0), .redirect(let target)):
      return [
        (OpenLibraryRequest(.edition(target)), .edition(target, named: named, optional: optional, hops: 1))
      ]
    case (.work(_, let needsAuthors, let optional, _), .work(let work)):
      return needsAuthors ? authors(work.authors, optional: optional) : []
    case (.work(_, let needsAuthors, let optional, 0), .redirect(let target)):
      return [
        (
          OpenLibraryRequest(.work(target)),
          .work(target, needsAuthors: needsAuthors, optional: optional, hops: 1)
        )
      ]
    case (.author(_, let optional, 0), .redirect(let target)):
      return [(OpenLibraryRequest(.author(target)), .author(target, optional: optional, hops: 1))]
    default:
      return []
    }
  }

  /// What a books-API entry needs: its edition's record (which leads to the work).
  func editionRecord(of entry: BooksEntry, optional: Bool) -> (OpenLibraryRequest, OpenLibraryPurpose) {
    (
      OpenLibraryRequest(.edition(entry.id)),
      .edition(entry.id, named: !entry.authors.isEmpty, optional: optional, hops: 0)
    )
  }

  /// What a search result needs: its cover edition's record (which leads to the work), else
  /// the work's record.
  func bookRecord(of doc: SearchDoc) -> (OpenLibraryRequest, OpenLibraryPurpose) {
    if let edition = doc.coverEdition {
      return (
        OpenLibraryRequest(.edition(edition)),
        .edition(edition, named: !doc.authorNames.isEmpty, optional: false, hops: 0)
      )
    }
    return (
      OpenLibraryRequest(.work(doc.work)),
      .work(doc.work, needsAuthors: doc.authorNames.isEmpty, optional: false, hops: 0)
    )
  }

  func authors(_ ids: [OpenLibraryID], optional: Bool) -> [(OpenLibraryRequest, OpenLibraryPurpose)] {
    ids.map { (OpenLibraryRequest(.author($0)), .author($0, optional: optional, hops: 0)) }
  }
}
