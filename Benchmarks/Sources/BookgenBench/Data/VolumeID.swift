/// Unique 12-character volume ids in Google's alphabet (`[A-Za-z0-9_-]`).
enum VolumeID {
  static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-".utf8)

  /// The first 11 characters encode a bijection of the index (so ids never collide); the last
  /// one imitates Google's common endings.
  static func make(index: Int, seed: UInt64, random: inout SplitMix64) -> String {
    var value = SplitMix64.mix(UInt64(index) ^ seed)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(12)
    for _ in 0..<11 {
      bytes.append(alphabet[Int(value & 63)])
      value >>= 6
    }
    bytes.append(random.pick(Array("AJCQ".utf8)))
    return String(decoding: bytes, as: UTF8.self)
  }

  static func etag(_ random: inout SplitMix64) -> String {
    var value = random.next()
    var bytes: [UInt8] = []
    for _ in 0..<11 {
      bytes.append(alphabet[Int(value & 63)])
      value >>= 6
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
