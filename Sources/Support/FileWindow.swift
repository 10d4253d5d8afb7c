/// A file read front to back through a buffer of about `window` bytes (more for a piece larger
/// than that): `load` makes the next bytes lie in the buffer, then a module's own reader reads
/// them (`reading`); offsets are the file's. The first pass of a state file read in pieces
/// (`StateFileIndex`, the search analyses' store).
package struct FileWindow {
  package let file: PositionalFile
  package let window: Int
  /// The bytes from `start` in the file.
  private var buffer: [UInt8] = []
  private var start = 0
  /// Where reading is, in `buffer`.
  private var position = 0
  private var failed = false

  package init(file: PositionalFile, window: Int) {
    self.file = file
    self.window = window
  }

  package var offset: Int { start + position }

  /// The bytes after here, up to the size the file had when opened (its end for this pass).
  package var remaining: Int { file.size - offset }

  /// Whether the file ends here.
  package var isAtEnd: Bool { !failed && remaining == 0 && position == buffer.count }

  /// Reads on so that the buffer holds the `count` bytes from here, or what is left of the file
  /// when fewer, and still holds those from `mark` on (a file offset before here); false when
  /// a read fails. What is read is taken as it comes.
  package mutating func load(_ count: Int, keeping mark: Int? = nil) -> Bool {
    guard !failed else { return false }
    guard buffer.count - position < count else { return true }
    let kept = (mark ?? offset) - start
    buffer.removeSubrange(0..<kept)
    start += kept
    position -= kept
    let have = buffer.count
    let wanted = have + min(max(window, position + count) - have, file.size - start - have)
    guard wanted > have else { return true }
    var got: Int?
    buffer.append(contentsOf: repeatElement(0, count: wanted - have))
    buffer.withUnsafeMutableBytes { raw in
      got = file.read(at: start + have, into: UnsafeMutableRawBufferPointer(rebasing: raw[have..<wanted]))
    }
    guard let got else {
      failed = true
      return false
    }
    buffer.removeSubrange((have + got)..<wanted)
    return true
  }

  /// The `count` bytes from `offset` (in the buffer).
  package func bytes(from offset: Int, count: Int) -> ArraySlice<UInt8> {
    buffer[(offset - start)..<(offset - start + count)]
  }

  /// The XXH64 of the bytes from `offset` (in the buffer) to here.
  package func hash(from offset: Int) -> UInt64 {
    let range = (offset - start)..<position
    return buffer.withUnsafeBufferPointer { XXH64.hash(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// The next `count` bytes, when the buffer holds them.
  package mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
    guard count >= 0, buffer.count - position >= count else { return nil }
    defer { position += count }
    return buffer[position..<(position + count)]
  }

  /// `read` given the buffer and where reading is in it; the reading goes on from where `read`
  /// leaves it.
  package mutating func reading<T>(_ read: (_ buffer: [UInt8], _ position: inout Int) -> T?) -> T? {
    var at = position
    defer { position = at }
    return read(buffer, &at)
  }
}
