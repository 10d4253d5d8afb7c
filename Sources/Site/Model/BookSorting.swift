import BookRecord
import Catalog

/// Orders lists of books; every order ends with the all-books order (title, then id) so ties
/// are stable and independent of input order.
enum BookSorting {
  /// Sorts indices into `books` (which is itself in title, id order, so a smaller index wins ties).
  static func sort(_ members: [Int], by order: SortOrder, in books: [Book]) -> [Int] {
    switch order {
    case .api:
      return members
    case .title:
      return members.sorted()
    case .date:
      return members.sorted { a, b in
        compareDates(books[a].date, books[b].date, newestFirst: true) ?? (a < b)
      }
    case .dateAscending:
      return members.sorted { a, b in
        compareDates(books[a].date, books[b].date, newestFirst: false) ?? (a < b)
      }
    case .dateAdded:
      return members.sorted { a, b in
        compareDates(books[a].reading?.dateAdded, books[b].reading?.dateAdded, newestFirst: true) ?? (a < b)
      }
    case .dateRead:
      return members.sorted { a, b in
        compareDates(
          books[a].reading?.datesRead.max(), books[b].reading?.datesRead.max(), newestFirst: true) ?? (a < b)
      }
    case .rating:
      return members.sorted { a, b in
        switch (books[a].reading?.rating, books[b].reading?.rating) {
        case (let x?, let y?) where x != y: return x > y
        case (.some, nil): return true
        case (nil, .some): return false
        default: return a < b
        }
      }
    case .author:
      return members.sorted { a, b in
        switch (books[a].authorKey, books[b].authorKey) {
        case (let x?, let y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: return a < b
        }
      }
    }
  }

  /// nil when equal; undated books always go last.
  private static func compareDates(_ a: BookDate?, _ b: BookDate?, newestFirst: Bool) -> Bool? {
    switch (a, b) {
    case (let x?, let y?):
      if x.sortValue == y.sortValue { return nil }
      return newestFirst ? x.sortValue > y.sortValue : x.sortValue < y.sortValue
    case (.some, nil): return true
    case (nil, .some): return false
    case (nil, nil): return nil
    }
  }
}

/// Pairs two optionals: both values, or nil.
func both<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
  guard let a, let b else { return nil }
  return (a, b)
}
