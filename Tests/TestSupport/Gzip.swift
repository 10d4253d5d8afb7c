/// Just enough gzip (RFC 1952 around RFC 1951 deflate) for the fake server: any body stored
/// uncompressed, and a bomb of zeros that compresses about 160 to 1 and can run forever.
public enum Gzip {
  /// `bytes` in stored (uncompressed) deflate blocks: a valid gzip stream, for answers sent with
  /// `Content-Encoding: gzip` that must decode to exactly the same body.
  public static func stored(_ bytes: [UInt8]) -> [UInt8] {
    var output = header
    var start = 0
    repeat {
      let count = min(65_535, bytes.count - start)
      let isLast = start + count == bytes.count
      output.append(isLast ? 1 : 0)
      output += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
      output += bytes[start..<start + count]
      start += count
    } while start < bytes.count
    output += littleEndian(CRC32.checksum(bytes)) + littleEndian(UInt32(truncatingIfNeeded: bytes.count))
    return output
  }

  /// The 10-byte gzip header: deflate, no name, no time, unknown OS.
  static let header: [UInt8] = [0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0, 0xFF]

  static func littleEndian(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  /// Zeros as one fixed-Huffman deflate block: a literal 0, then copies of 258 bytes from one
  /// byte back, 13 bits each. `next` hands out the stream piece by piece.
  public struct ZeroBomb {
    /// Decoded bytes the stream stands for; nil for a stream that never ends.
    public let decodedBytes: Int?
    private var written = 0
    private var bits: UInt64 = 0
    private var bitCount = 0
    private var started = false
    private var finished = false

    public init(decodedBytes: Int?) {
      self.decodedBytes = decodedBytes
    }

    /// The next part of the gzip stream, standing for about `decoded` more zero bytes; nil once
    /// the stream is complete.
    public mutating func next(decoded: Int = 1 << 20) -> [UInt8]? {
      guard !finished else { return nil }
      var output: [UInt8] = []
      if !started {
        started = true
        output = Gzip.header
        write(decodedBytes == nil ? 0 : 1, count: 1)  // BFINAL
        write(1, count: 2)  // BTYPE 01: fixed Huffman codes
        writeCode(0x30, length: 8)  // literal 0
        written = 1
      }
      let goal = decodedBytes.map { min($0, written + decoded) } ?? written + decoded
      while written + 258 <= goal {
        writeCode(0xC5, length: 8)  // length code 285: 258 bytes, no extra bits
        writeCode(0, length: 5)  // distance code 0: one byte back
        written += 258
        flush(into: &output)
      }
      if let total = decodedBytes, written + 258 > total {
        while written < total {
          writeCode(0x30, length: 8)
          written += 1
          flush(into: &output)
        }
        writeCode(0, length: 7)  // end of block
        flush(into: &output)
        if bitCount > 0 { write(0, count: 8 - bitCount) }
        flush(into: &output)
        output += Gzip.littleEndian(CRC32.zeros(total)) + Gzip.littleEndian(UInt32(truncatingIfNeeded: total))
        finished = true
      }
      return output
    }

    private mutating func write(_ value: UInt64, count: Int) {
      bits |= value << UInt64(bitCount)
      bitCount += count
    }

    /// Huffman codes go most significant bit first into the least-significant-first stream.
    private mutating func writeCode(_ code: UInt64, length: Int) {
      var reversed: UInt64 = 0
      for index in 0..<length where code & (1 << UInt64(index)) != 0 {
        reversed |= 1 << UInt64(length - 1 - index)
      }
      write(reversed, count: length)
    }

    private mutating func flush(into output: inout [UInt8]) {
      while bitCount >= 8 {
        output.append(UInt8(truncatingIfNeeded: bits))
        bits >>= 8
        bitCount -= 8
      }
    }
  }
}

/// The CRC-32 gzip's trailer carries (polynomial 0xEDB88320).
enum CRC32 {
  static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  static func checksum(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
  }

  /// The checksum of `count` zero bytes.
  static func zeros(_ count: Int) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for _ in 0..<count { crc = table[Int(crc & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
  }
}
