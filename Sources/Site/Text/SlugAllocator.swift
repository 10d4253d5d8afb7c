/// Hands out unique slugs within one folder, deterministically (callers go in a stable order).
///
/// Uniqueness is checked case-insensitively so the output also works on macOS and Windows file
/// systems, where `books/abc/` and `books/ABC/` are the same folder.
struct SlugAllocator {
  private var taken: Set<String>

  /// `capacity`: how many slugs will be handed out, so the set is not grown (and every slug
  /// hashed again) on the way.
  init(reserved: Set<String> = ["page"], capacity: Int = 0) {
    taken = Set(minimumCapacity: reserved.count + capacity)
    for name in reserved { taken.insert(name.lowercased()) }
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
    // nil: not ASCII (or not contiguous), left to Unicode's lower-casing.
    let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
      var hasCapital = false
      for byte in bytes {
        guard byte < 0x80 else { return nil }
        if byte &- 0x41 < 26 { hasCapital = true }
      }
      guard hasCapital else { return text }
      return String(unsafeUninitializedCapacity: bytes.count) { buffer in
        for index in bytes.indices {
          let byte = bytes[index]
          buffer[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
        }
        return bytes.count
      }
    }
    return (ascii ?? nil) ?? text.lowercased()
  }
}
