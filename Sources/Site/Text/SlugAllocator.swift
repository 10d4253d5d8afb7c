/// Hands out unique slugs within one folder, deterministically (callers go in a stable order).
///
/// Uniqueness is checked case-insensitively so the output also works on macOS and Windows file
/// systems, where `books/abc/` and `books/ABC/` are the same folder.
struct SlugAllocator {
  private var taken: Set<String>

  init(reserved: Set<String> = ["page"]) {
    taken = Set(reserved.map { $0.lowercased() })
  }

  /// `preferred`, or `preferred-2`, `preferred-3`… when it is taken.
  mutating func allocate(_ preferred: String) -> String {
    var candidate = preferred
    var counter = 2
    // Lowered once per candidate (not at all when it has no capital): inserting returns whether
    // it was free.
    while !taken.insert(SlugAllocator.lowered(candidate)).inserted {
      candidate = "\(preferred)-\(counter)"
      counter += 1
    }
    return candidate
  }

  /// `text.lowercased()`: without a copy when it is ASCII without capitals, by bytes when it is
  /// other ASCII (a book's slug ends in its id, which has capitals; Unicode's lower-casing of
  /// ASCII is just that, at a tenth of the cost).
  static func lowered(_ text: String) -> String {
    var hasCapital = false
    for byte in text.utf8 {
      guard byte < 0x80 else { return text.lowercased() }
      if byte >= 0x41 && byte <= 0x5A { hasCapital = true }
    }
    guard hasCapital else { return text }
    return String(unsafeUninitializedCapacity: text.utf8.count) { buffer in
      var count = 0
      for byte in text.utf8 {
        buffer[count] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
        count += 1
      }
      return count
    }
  }
}
