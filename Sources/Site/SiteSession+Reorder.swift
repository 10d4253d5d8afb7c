import BookRecord
import Catalog
import Support

extension SiteSession {
  /// The rebuild of `model`, the last one with some books replaced and moved to their places
  /// (`SiteModel.replacing`: the same books, filed under the same terms); `oldIndex` gives each
  /// book's index in the last model, `changed` (by that index) the books whose values differ.
  /// Rendered again: the pages at new addresses, the pages that read a changed book, the list
  /// pages whose books differ, the pages of the books in a changed book's series (their
  /// neighbours may differ), and the pages that are neither a book's nor such a list (the home
  /// page, shelves, series, stats; few); the others' files are the last build's, and the last
  /// build's pages that are gone are removed with the files that follow the pages, in the
  /// background (`finishFiles`).
  func renderReordered(
    _ last: Site, model: SiteModel, oldIndex: [Int], changed: Set<Int32>, catalog: Catalog,
    records: [SiteInput.Collection], merge: SiteModel.Merge, builder: SiteBuilder, clock: StageTimer
  ) async throws(SiteError) -> BuildReport {
    var clock = clock
    let old = last.plan.model
    var newIndex = [Int](repeating: 0, count: oldIndex.count)
    for (index, was) in oldIndex.enumerated() { newIndex[was] = index }
    // The books whose values differ, by their index in the last model and in this one: their
    // facts are made again, the others' are the last ones (their terms have the same addresses).
    var changed = changed
    for (index, was) in oldIndex.enumerated() where model.books[index].slug != old.books[was].slug {
      changed.insert(Int32(was))
    }
    let remade = Set(changed.map { Int32(newIndex[Int($0)]) })
    // The books that share a series with a changed one, before or after: by their new index.
    var inChangedSeries: Set<Int> = []
    for was in changed.map(Int.init) {
      if let place = old.seriesPlaces[was] {
        inChangedSeries.formUnion(old.series[place.series].books.map { newIndex[$0] })
      }
      if let place = model.seriesPlaces[newIndex[was]] {
        inChangedSeries.formUnion(model.series[place.series].books)
      }
    }
    // Nothing moved and every list is the last one's (a rating changed): a page that is no list
    // of books then shows no more than what it reads.
    let sameLists =
      oldIndex.indices.allSatisfy { oldIndex[$0] == $0 } && model.collections == old.collections
      && model.shelves == old.shelves && model.series == old.series && model.seriesPlaces == old.seriesPlaces
      && model.recentlyPublished == old.recentlyPublished && model.readingStats == old.readingStats
    let facts = last.plan.contexts.seo.facts
    let plan = try builder.plan(
      model: model, assets: last.plan.assets, reusing: oldIndex.map { facts[$0] }, changed: remade,
      strings: last.plan.contexts.strings)
    let perPage = plan.contexts.perPage
    var pages: [String: (job: PageJob, reads: [Int32])] = [:]
    pages.reserveCapacity(plan.jobs.count)
    var jobs: [PageJob] = []
    var paths: [String] = []
    for (job, path) in zip(plan.jobs, plan.paths.pages) {
      if let page = last.pages[path], !page.reads.contains(where: changed.contains),
        Self.isSame(job, as: page.job, oldIndex: oldIndex)
      {
        let keeps: Bool
        switch job.kind {
        case .book(let index), .card(let index): keeps = !inChangedSeries.contains(index)
        default:
          // The same books, compared by their index in the last model, and the same first cover
          // of the whole list, which its pages' link previews show (`SEOHead`).
          if let listed = model.booksOnPage(job, perPage: perPage),
            let was = old.booksOnPage(page.job, perPage: perPage)
          {
            let firstCover = listed.list.first { plan.contexts.seo.facts[$0].image != nil }
            keeps =
              listed.page.elementsEqual(was.page) { oldIndex[$0] == $1 }
              && firstCover.map { oldIndex[$0] } == was.list.first { facts[$0].image != nil }
          } else {
            keeps = sameLists
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
    let writer = try inPlaceWriter(
      plan, renderer: last.renderer, options: last.options, current: last.entries, builder: builder)
    try writer.update.makeFolders(for: paths)
    var tally = try await writer.writePages(jobs, paths: paths, concurrency: max(1, last.options.jobs))
    clock.lap("pages")
    for (job, path) in zip(jobs, paths) { pages[path] = (job, tally.reads[path] ?? []) }
    var site = last
    site.catalog = catalog
    site.collections = records
    site.merge = merge
    site.plan = plan
    site.pages = pages
    for (index, was) in oldIndex.enumerated() where index != was {
      site.bookIndices[model.books[index].id] = index
    }
    site.entryHolders = Self.entryHolders(of: model)
    site.entries.merge(tally.entries) { _, new in new }
    tally.entries = site.entries
    for path in last.pages.keys where pages[path] == nil { tally.entries[path] = nil }
    tally.bytes = tally.entries.values.reduce(0) { $0 + $1.size }
    self.site = site
    entries = site.entries
    var report = builder.report(plan, tally, pages: plan.jobs.count, removed: 0, clock: clock)
    report.pagesRendered = jobs.count
    finishing = Task { [self] in await finishFiles(site, writer: writer) }
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
