/// Synthetic covers shaped like photographs of books, so sizes and speed are measured on
/// texture rather than flat colour: a two-colour gradient, value noise in five octaves (1/f, as
/// photos are), a few shapes with hard edges, a block of title "letters" and fine grain.
struct PhotoCover {
  var width: Int
  var height: Int
  var pixels: [UInt8]  // RGB

  /// Each pixel repeated `factor` × `factor` times.
  func enlarged(by factor: Int) -> PhotoCover {
    var large = self
    large.width = width * factor
    large.height = height * factor
    large.pixels = [UInt8](repeating: 0, count: large.width * large.height * 3)
    for y in 0..<large.height {
      for x in 0..<large.width {
        let (from, to) = (((y / factor) * width + x / factor) * 3, (y * large.width + x) * 3)
        large.pixels[to..<(to + 3)] = pixels[from..<(from + 3)]
      }
    }
    return large
  }

  init(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    width = 300 + Int(random.next() % 201)  // 300–500 px, as sources serve
    height = width * (140 + Int(random.next() % 21)) / 100
    pixels = [UInt8](repeating: 0, count: width * height * 3)
    let top = SIMD3<Float>(random.unit() * 255, random.unit() * 255, random.unit() * 255)
    let bottom = SIMD3<Float>(random.unit() * 255, random.unit() * 255, random.unit() * 255)
    let octaves = [64, 32, 16, 8, 4].map {
      ValueNoise(cell: $0, width: width, height: height, random: &random)
    }
    var shapes: [(x: Int, y: Int, r: Int, color: SIMD3<Float>)] = []
    for _ in 0..<6 {
      shapes.append(
        (
          Int(random.next() % UInt64(width)), Int(random.next() % UInt64(height)),
          20 + Int(random.next() % 80),
          SIMD3(random.unit() * 255, random.unit() * 255, random.unit() * 255)
        ))
    }
    let titleTop = height / 8 + Int(random.next() % UInt64(height / 4))
    for y in 0..<height {
      let t = Float(y) / Float(height)
      for x in 0..<width {
        var color = top * (1 - t) + bottom * t
        var amplitude: Float = 60
        for octave in octaves {
          color += SIMD3(repeating: octave.value(x, y) * amplitude)
          amplitude /= 2
        }
        for shape in shapes
        where (x - shape.x) * (x - shape.x) + (y - shape.y) * (y - shape.y) < shape.r * shape.r {
          color = color * 0.3 + shape.color * 0.7
        }
        // Title lines: letter-sized dark blocks with gaps.
        let line = (y - titleTop) / 28
        if line >= 0, line < 3, (y - titleTop) % 28 < 18, x > width / 10, x < width * 9 / 10,
          (x / 11 + line * 3) % 7 != 0,
          x % 11 < 8
        {
          color = SIMD3(repeating: 20)
        }
        color += SIMD3(repeating: (random.unit() - 0.5) * 12)
        let p = (y * width + x) * 3
        pixels[p] = UInt8(max(0, min(255, color.x)))
        pixels[p + 1] = UInt8(max(0, min(255, color.y)))
        pixels[p + 2] = UInt8(max(0, min(255, color.z)))
      }
    }
  }
}

/// Random values on a grid of `cell` pixels, interpolated smoothly between.
struct ValueNoise {
  let cell: Int
  let columns: Int
  let grid: [Float]

  init(cell: Int, width: Int, height: Int, random: inout SplitMix64) {
    self.cell = cell
    columns = width / cell + 2
    grid = (0..<(columns * (height / cell + 2))).map { _ in random.unit() * 2 - 1 }
  }

  func value(_ x: Int, _ y: Int) -> Float {
    let (cx, cy) = (x / cell, y / cell)
    let fx = Float(x % cell) / Float(cell)
    let fy = Float(y % cell) / Float(cell)
    let sx = fx * fx * (3 - 2 * fx)
    let sy = fy * fy * (3 - 2 * fy)
    let a = grid[cy * columns + cx]
    let b = grid[cy * columns + cx + 1]
    let c = grid[(cy + 1) * columns + cx]
    let d = grid[(cy + 1) * columns + cx + 1]
    return (a + (b - a) * sx) * (1 - sy) + (c + (d - c) * sx) * sy
  }
}

struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func unit() -> Float { Float(next() >> 40) / Float(1 << 24) }
}

/// An uncompressed PNG (stored deflate blocks): the bench needs a lossless container to hand
/// its pixels to CoverProcessor, not a small one.
func storedPNG(_ cover: PhotoCover) -> [UInt8] {
  var raw: [UInt8] = []
  raw.reserveCapacity((cover.width * 3 + 1) * cover.height)
  for y in 0..<cover.height {
    raw.append(0)
    raw += cover.pixels[(y * cover.width * 3)..<((y + 1) * cover.width * 3)]
  }
  var zlib: [UInt8] = [0x78, 0x01]
  var offset = 0
  repeat {
    let length = min(65535, raw.count - offset)
    zlib.append(offset + length == raw.count ? 1 : 0)
    zlib += [UInt8(length & 255), UInt8(length >> 8), UInt8(~length & 255), UInt8((~length >> 8) & 255)]
    zlib += raw[offset..<(offset + length)]
    offset += length
  } while offset < raw.count
  var (a, b): (UInt32, UInt32) = (1, 0)
  for byte in raw {
    a = (a + UInt32(byte)) % 65521
    b = (b + a) % 65521
  }
  zlib += bigEndian(b << 16 | a)
  var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  png += chunk("IHDR", bigEndian(UInt32(cover.width)) + bigEndian(UInt32(cover.height)) + [8, 2, 0, 0, 0])
  png += chunk("IDAT", zlib)
  png += chunk("IEND", [])
  return png
}

private func bigEndian(_ value: UInt32) -> [UInt8] {
  [UInt8(value >> 24), UInt8((value >> 16) & 255), UInt8((value >> 8) & 255), UInt8(value & 255)]
}

private func chunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
  let body = Array(name.utf8) + data
  var crc: UInt32 = 0xFFFF_FFFF
  for byte in body { crc = crcTable[Int((crc ^ UInt32(byte)) & 255)] ^ (crc >> 8) }
  return bigEndian(UInt32(data.count)) + body + bigEndian(~crc)
}

private let crcTable: [UInt32] = (0..<256).map { index in
  var crc = UInt32(index)
  for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
  return crc
}
