extension SiteModel {
  /// The books list page `job` shows, in order, and the whole list it is a page of; nil for a
  /// page that is no list of books.
  func booksOnPage(_ job: PageJob, perPage: Int) -> (page: ArraySlice<Int>, list: [Int])? {
    let list: [Int]
    switch job.kind {
    case .collection(let index): list = collections[index].books
    case .allBooks: list = allBooks
    case .term(let kind, let index): list = listedBooks(kind, index)
    default: return nil
    }
    let start = min(list.count, (job.page - 1) * perPage)
    return (list[start..<min(list.count, start + perPage)], list)
  }
}
