/// Splits a list into pages and describes the navigation of one page.
struct Pagination: Sendable, Equatable {
  let itemCount: Int
  let perPage: Int

  init(itemCount: Int, perPage: Int) {
    self.itemCount = max(0, itemCount)
    self.perPage = max(1, perPage)
  }

  /// At least one page, so an empty list still has its page.
  var pageCount: Int { max(1, (itemCount + perPage - 1) / perPage) }

  /// The item positions on page `number` (1-based).
  func range(ofPage number: Int) -> Range<Int> {
    let start = min(itemCount, (number - 1) * perPage)
    return start..<min(itemCount, start + perPage)
  }

  /// The page numbers shown around `current`: first, last and two either side, with nil for a
  /// gap (`1 … 4 5 6 7 8 … 40`). A window, not every page, keeps each page's context small.
  func window(around current: Int, radius: Int = 2) -> [Int?] {
    let total = pageCount
    var shown: [Int] = [1]
    let low = max(2, current - radius)
    let high = min(total - 1, current + radius)
    if low <= high { shown += Array(low...high) }
    if total > 1 { shown.append(total) }
    var result: [Int?] = []
    var previous = 0
    for number in shown where number > previous {
      if number > previous + 1 { result.append(nil) }
      result.append(number)
      previous = number
    }
    return result
  }
}
