/// The bytes a render writes: a growable buffer whose appends are a capacity check and a copy.
///
/// `[UInt8].append(contentsOf:)` costs about a hundred instructions per call (uniqueness,
/// capacity and generic copying), and a page is thousands of short pieces. The finished page
/// is copied into an array once.
struct OutputBuffer: ~Copyable {
  private var start: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    start = .allocate(capacity: self.capacity)
  }

  deinit { start.deallocate() }

  var last: UInt8? { count > 0 ? start[count - 1] : nil }

  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
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

  /// The UTF-8 of `string`, unescaped.
  @inline(__always)
  mutating func append(utf8 string: String) {
    // Native strings are contiguous; a bridged one is copied out first.
    if string.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil { append(Array(string.utf8)) }
  }

  @inline(never)
  private mutating func grow(toHold extra: Int) {
    capacity = max(capacity * 2, count + extra)
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    grown.moveInitialize(from: start, count: count)
    start.deallocate()
    start = grown
  }

  /// The bytes written so far.
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    body(UnsafeBufferPointer(start: start, count: count))
  }

  consuming func bytes() -> [UInt8] {
    withBytes { Array($0) }
  }
}
