/// Finds the bytes an escaper must look at sixteen at a time: most text (descriptions, titles,
/// URLs) has none, and testing each byte on its own would be most of what escaping costs.
///
/// A block is plain when none of its bytes is one of up to ten `targets` nor, with
/// `controls`, below 0x20. The test may flag more than a caller needs (the caller's own check
/// decides byte by byte in a flagged block) but never misses a target.
package struct ByteBlocks: Sendable {
  package static let width = 16

  private let target0: SIMD16<UInt8>
  private let target1: SIMD16<UInt8>
  private let target2: SIMD16<UInt8>
  private let target3: SIMD16<UInt8>
  private let target4: SIMD16<UInt8>
  private let target5: SIMD16<UInt8>
  private let target6: SIMD16<UInt8>
  private let target7: SIMD16<UInt8>
  private let target8: SIMD16<UInt8>
  private let target9: SIMD16<UInt8>
  /// Bytes whose bits under this mask are all zero are flagged: 0xE0 flags 0x00–0x1F; 0xFF
  /// flags only NUL, a byte no caller minds looking at.
  private let controlMask: SIMD16<UInt8>

  /// `targets`: one to ten bytes (a shorter list is padded with its first).
  package init(_ targets: [UInt8], controls: Bool) {
    precondition((1...10).contains(targets.count), "ByteBlocks: 1 to 10 targets")
    let padded = targets + Array(repeating: targets[0], count: 10 - targets.count)
    target0 = SIMD16(repeating: padded[0])
    target1 = SIMD16(repeating: padded[1])
    target2 = SIMD16(repeating: padded[2])
    target3 = SIMD16(repeating: padded[3])
    target4 = SIMD16(repeating: padded[4])
    target5 = SIMD16(repeating: padded[5])
    target6 = SIMD16(repeating: padded[6])
    target7 = SIMD16(repeating: padded[7])
    target8 = SIMD16(repeating: padded[8])
    target9 = SIMD16(repeating: padded[9])
    controlMask = SIMD16(repeating: controls ? 0xE0 : 0xFF)
  }

  /// Whether none of the sixteen bytes at `start` is flagged.
  @inline(__always)
  package func isPlain(_ start: UnsafePointer<UInt8>) -> Bool {
    let block = UnsafeRawPointer(start).loadUnaligned(as: SIMD16<UInt8>.self)
    // Written with `.==` and `&` only, and the mask read as two words: `.<` and `any()`
    // compile to a loop over the lanes.
    var flagged = (block & controlMask) .== SIMD16(repeating: 0)
    flagged .|= block .== target0
    flagged .|= block .== target1
    flagged .|= block .== target2
    flagged .|= block .== target3
    flagged .|= block .== target4
    flagged .|= block .== target5
    flagged .|= block .== target6
    flagged .|= block .== target7
    flagged .|= block .== target8
    flagged .|= block .== target9
    let words = unsafeBitCast(flagged, to: SIMD2<UInt64>.self)
    return words[0] | words[1] == 0
  }

  /// The index of the first byte at or after `start` for which `flags` is true (`count` when
  /// none is), skipping plain blocks whole.
  @inline(__always)
  package func firstIndex(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, where flags: (UInt8) -> Bool
  ) -> Int {
    guard let base = bytes.baseAddress else { return bytes.count }
    var index = start
    while index < bytes.count {
      if index + ByteBlocks.width <= bytes.count, isPlain(base + index) {
        index += ByteBlocks.width
        continue
      }
      let end = min(index + ByteBlocks.width, bytes.count)
      while index < end {
        if flags(base[index]) { return index }
        index += 1
      }
    }
    return bytes.count
  }
}
