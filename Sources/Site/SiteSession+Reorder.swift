import BookRecord
import Catalog
import Support

extension SiteSession {
  /// The rebuild of a model that lists the same books as the last one in the same lists, some
  /// in another order (`SiteModel.listsTheSameBooks`: a title changed, and with it the book's
  /// place and address). Rendered again: the pages at new addresses, the pages that read a
  /// changed book, the list pages whose books differ, and the pages that are neither a book's
  /// nor such a list (the home page and the indexes of terms, few); the others' files are the
  /// last build's, and the last build's pages that are gone are removed with the files that
  /// follow the pages, in the background (`finishFiles`). Nil when the model lists other books.
  func renderReordered(
    _ last: Site, model: SiteModel, catalog: Catalog, records: [SiteInput.Collection], merge: SiteModel.Merge,
    builder: SiteBuilder, clock: StageTimer
  ) async throws(SiteError) -> BuildReport? {
    var clock = clock
    let old = last.plan.model
    var oldIndex: [Int] = []
    oldIndex.reserveCapacity(model.books.count)
    for index in model.books.indices {
      guard let was = last.bookIndices[model.books[index].id] else { return nil }
      oldIndex.append(was)
    }
    guard model.listsTheSameBooks(as: old, oldIndex: oldIndex) else { return nil }
    var newIndex = [Int](repeating: 0, count: oldIndex.count)
    for (index, was) in oldIndex.enumerated() { newIndex[was] = index }
    // The books whose values differ, by their index in the last model and in this one: their
    // facts are made again, the others' are the last ones (their terms have the same addresses).
    var changed: Set<Int32> = []
    var remade: Set<Int32> = []
    for (index, was) in oldIndex.enumerated() {
      let (new, book) = (model.books[index], old.books[was])
      if new.record != book.record || new.slug != book.slug || new.entryKey != book.entryKey
        || new.localCover != book.localCover
      {
        changed.insert(Int32(was))
        remade.insert(Int32(index))
      }
    }
    let facts = last.plan.contexts.seo.facts
    let plan = try builder.plan(
      model: model, assets: last.plan.assets, reusing: oldIndex.map { facts[$0] }, changed: remade)
    let perPage = plan.contexts.perPage
    var pages: [String: (job: PageJob, reads: [Int32])] = [:]
    var jobs: [PageJob] = []
    var paths: [String] = []
    for (job, path) in zip(plan.jobs, plan.paths.pages) {
      if let page = last.pages[path], !page.reads.contains(where: changed.contains),
        Self.isSame(job, as: page.job, oldIndex: oldIndex)
      {
        let keeps: Bool
        switch job.kind {
        case .book, .card: keeps = true
        default:
          // The same books, compared by their index in the last model.
          if let listed = model.booksOnPage(job, perPage: perPage),
            let was = old.booksOnPage(page.job, perPage: perPage)
          {
            keeps = listed.elementsEqual(was) { oldIndex[$0] == $1 }
          } else {
            keeps = false
          }
        }
        if keeps {
          pages[path] = (job, page.reads.map { Int32(newIndex[Int($0)]) })
          continue
        }
      }
      jobs.append(job)
      paths.append(path)
    }
    clock.lap("contexts")
    let update = try inPlaceUpdate(last.options, current: last.entries)
    var writer = builder.writer(plan, update, renderer: last.renderer)
    writer.recordsReads = true
    try update.makeFolders(for: paths)
    var tally = try await writer.writePages(jobs, paths: paths, concurrency: max(1, last.options.jobs))
    clock.lap("pages")
    for (job, path) in zip(jobs, paths) { pages[path] = (job, tally.reads[path] ?? []) }
    var site = last
    site.catalog = catalog
    site.collections = records
    site.merge = merge
    site.plan = plan
    site.pages = pages
    site.bookIndices = Self.indices(of: model)
    site.entryHolders = Self.entryHolders(of: model)
    site.entries.merge(tally.entries) { _, new in new }
    tally.entries = site.entries.filter { pages[$0.key] != nil || last.pages[$0.key] == nil }
    tally.bytes = tally.entries.values.reduce(0) { $0 + $1.size }
    self.site = site
    entries = site.entries
    var report = builder.report(plan, tally, pages: plan.jobs.count, removed: 0, clock: clock)
    report.pagesRendered = jobs.count
    finishing = Task { [self] in await finishFiles(site, builder: builder, update: update, writer: writer) }
    return report
  }

  /// Whether page job `job` of the new model is `old` of the last one: the same list page, or
  /// the same book's page or card (`oldIndex`: each book's index in the last model).
  private static func isSame(_ job: PageJob, as old: PageJob, oldIndex: [Int]) -> Bool {
    switch (job.kind, old.kind) {
    case (.book(let index), .book(let was)), (.card(let index), .card(let was)): oldIndex[index] == was
    default: job == old
    }
  }
}
