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
      return sorted(members, descending: true) { books[$0].date?.sortValue }
    case .dateAscending:
      return sorted(members, descending: false) { books[$0].date?.sortValue }
    case .dateAdded:
      return sorted(members, descending: true) { books[$0].reading?.dateAdded?.sortValue }
    case .dateRead:
      return sorted(members, descending: true) { books[$0].reading?.datesRead.max()?.sortValue }
    case .rating:
      return sorted(members, descending: true) { books[$0].reading?.rating }
    case .author:
      return sorted(members, descending: false) { books[$0].authorKey }
    }
  }

  /// `members` by the key each one has (books without one last), ties in index order. Each
  /// member's key is read once, before sorting: a comparison then reads two adjacent pairs,
  /// not two books' records (with many books those reads are cache misses, two per
  /// comparison).
  static func sorted<Key: Comparable>(
    _ members: [Int], descending: Bool, by key: (Int) -> Key?
  ) -> [Int] {
    var keyed = members.map { (key: key($0), index: $0) }
    keyed.sort { a, b in
      switch (a.key, b.key) {
      case (let x?, let y?) where x != y: return descending ? x > y : x < y
      case (.some, nil): return true
      case (nil, .some): return false
      default: return a.index < b.index
      }
    }
    return keyed.map(\.index)
  }
}

/// Pairs two optionals: both values, or nil.
func both<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
  guard let a, let b else { return nil }
  return (a, b)
}
