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

  /// `text.lowercased()`, without a copy when it is ASCII without capitals (most slugs).
  private static func lowered(_ text: String) -> String {
    text.utf8.allSatisfy({ $0 < 0x80 && !(0x41...0x5A).contains($0) }) ? text : text.lowercased()
  }
}
