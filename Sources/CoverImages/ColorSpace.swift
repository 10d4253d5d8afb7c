import Glibc

/// sRGB's transfer curve as tables: filters average light, so they work on linear values.
enum ColorSpace {
  static let toLinear: [Float] = (0..<256).map { code in
    let v = Double(code) / 255
    return Float(v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4))
  }

  /// Enough steps that adjacent dark sRGB codes stay apart.
  static let steps = 16384
  static let fromLinear: [UInt8] = (0..<steps).map { step in
    let v = Double(step) / Double(steps - 1)
    let s = v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
    return UInt8((s * 255).rounded())
  }

  /// A linear value to its sRGB code through `fromLinear` (passed in: a hot loop keeps it).
  @inline(__always)
  static func toSRGB(_ linear: Float, _ table: UnsafeBufferPointer<UInt8>) -> UInt8 {
    table[Int(min(max(linear, 0), 1) * Float(steps - 1) + 0.5)]
  }
}
