/// The bytes a render writes: a growable buffer whose appends are a capacity check and a copy.
///
/// `[UInt8].append(contentsOf:)` costs about a hundred instructions per call (uniqueness,
/// capacity and generic copying), and a page is thousands of short pieces. One buffer can take
/// many renders in turn: `removeAll()` keeps its memory for the next page.
public struct OutputBuffer: ~Copyable {
  private var start: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// The number of bytes written.
  public private(set) var count = 0

  /// An empty buffer with room for `capacity` bytes before it grows.
  public init(capacity: Int = 16_384) {
    self.capacity = max(capacity, 64)
    start = .allocate(capacity: self.capacity)
  }

  deinit { start.deallocate() }

  var last: UInt8? { count > 0 ? start[count - 1] : nil }

  /// Appends `bytes` as they are.
  @inline(__always)
  public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    if bytes.count > capacity - count { grow(toHold: bytes.count) }
    (start + count).initialize(from: source, count: bytes.count)
    count += bytes.count
  }

  mutating func append(_ byte: UInt8) {
    if count == capacity { grow(toHold: 1) }
    start[count] = byte
    count += 1
  }

  @inline(__always)
  mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  /// Appends the UTF-8 of `string`, unescaped.
  @inline(__always)
  public mutating func append(utf8 string: String) {
    // Native strings are contiguous; a bridged one is copied out first.
    if string.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil { append(Array(string.utf8)) }
  }

  /// Forgets the bytes written, keeping the memory.
  public mutating func removeAll() {
    count = 0
  }

  /// Forgets the bytes written after the first `count`.
  mutating func truncate(to count: Int) {
    self.count = min(self.count, count)
  }

  @inline(never)
  private mutating func grow(toHold extra: Int) {
    capacity = max(capacity * 2, count + extra)
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    grown.moveInitialize(from: start, count: count)
    start.deallocate()
    start = grown
  }

  /// Calls `body` with the bytes written so far, valid only during the call.
  public func withBytes<Result, Failure: Error>(
    _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try body(UnsafeBufferPointer(start: start, count: count))
  }

  /// The bytes written so far, as a string.
  public func string() -> String {
    withBytes { String(decoding: $0, as: UTF8.self) }
  }
}
