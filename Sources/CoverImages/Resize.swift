/// Resampling with a Catmull-Rom filter in linear light with premultiplied alpha: sharp without
/// Lanczos's ringing, half its taps, and no dark fringes where light and dark meet.
enum Resize {
  /// A resized image twice: as WebP takes it (RGB, or RGBA with straight alpha) and as JPEG
  /// takes it (RGB, transparency composited on white). The same bitmap when there is no alpha.
  struct Output {
    var straight: Bitmap
    var onWhite: Bitmap
  }

  /// `source` at each of `sizes`, in order. Each source row is turned linear once for all sizes.
  static func resize(_ image: Bitmap, to sizes: [(width: Int, height: Int)]) -> [Output] {
    // Many times larger than needed (a big PNG, a thumbnail): boxes first, down to at least twice
    // the largest size, so the filter's taps and buffers stay small.
    let factor = min(
      image.width / (2 * (sizes.map(\.width).max() ?? image.width)),
      image.height / (2 * (sizes.map(\.height).max() ?? image.height)))
    let source = factor >= 2 ? shrink(image, by: factor) : image
    // At its own size the filter is the identity (it samples whole pixels): no work.
    let filtered = sizes.indices.filter { sizes[$0] != (source.width, source.height) }
    let columns = filtered.map { FilterWeights(from: source.width, to: sizes[$0].width) }
    let horizontal = resizeRows(source, columns)
    defer { for buffer in horizontal { buffer.deallocate() } }
    var outputs = sizes.map { _ in Output(straight: source, onWhite: source) }
    if source.hasAlpha, filtered.count < sizes.count {
      let onWhite = flattened(source)
      for index in sizes.indices where !filtered.contains(index) { outputs[index].onWhite = onWhite }
    }
    for (buffer, index) in zip(horizontal, filtered) {
      let rows = FilterWeights(from: source.height, to: sizes[index].height)
      outputs[index] = resizeColumns(
        UnsafeBufferPointer(buffer), width: sizes[index].width, rows, alpha: source.hasAlpha)
    }
    return outputs
  }

  /// Each source row, turned linear and premultiplied, filtered to each of `weights`' widths;
  /// the caller deallocates the buffers.
  private static func resizeRows(_ source: Bitmap, _ weights: [FilterWeights])
    -> [UnsafeMutableBufferPointer<SIMD4<Float>>]
  {
    let outputs = weights.map {
      UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: $0.starts.count * source.height)
    }
    guard !weights.isEmpty else { return outputs }
    let row = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: source.width)
    defer { row.deallocate() }
    let channels = source.channels
    source.pixels.withUnsafeBufferPointer { pixels in
      ColorSpace.toLinear.withUnsafeBufferPointer { toLinear in
        for y in 0..<source.height {
          var p = y * source.width * channels
          if channels == 4 {
            for x in 0..<source.width {
              let alpha = Float(pixels[p + 3]) * (1 / 255)
              let linear = SIMD4(
                toLinear[Int(pixels[p])], toLinear[Int(pixels[p + 1])], toLinear[Int(pixels[p + 2])], 1)
              row[x] = linear * SIMD4(alpha, alpha, alpha, alpha)
              p += 4
            }
          } else {
            for x in 0..<source.width {
              row[x] = SIMD4(
                toLinear[Int(pixels[p])], toLinear[Int(pixels[p + 1])], toLinear[Int(pixels[p + 2])], 1)
              p += 3
            }
          }
          for (filter, out) in zip(weights, outputs) {
            filter.weights.withUnsafeBufferPointer { w in
              filter.starts.withUnsafeBufferPointer { starts in
                let taps = filter.taps
                let width = starts.count
                for x in 0..<width {
                  var sum = SIMD4<Float>.zero
                  let start = starts[x]
                  let base = x * taps
                  for k in 0..<taps { sum += row[start + k] * w[base + k] }
                  out[y * width + x] = sum
                }
              }
            }
          }
        }
      }
    }
    return outputs
  }

  /// The rows of `horizontal` filtered to the output's rows, then back to 8-bit sRGB.
  private static func resizeColumns(
    _ horizontal: UnsafeBufferPointer<SIMD4<Float>>, width: Int, _ weights: FilterWeights, alpha: Bool
  ) -> Output {
    let height = weights.starts.count
    let channels = alpha ? 4 : 3
    var straight = [UInt8](repeating: 0, count: width * height * channels)
    var onWhite = alpha ? [UInt8](repeating: 0, count: width * height * 3) : []
    let sum = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: width)
    defer { sum.deallocate() }
    straight.withUnsafeMutableBufferPointer { straight in
      onWhite.withUnsafeMutableBufferPointer { onWhite in
        weights.weights.withUnsafeBufferPointer { w in
          ColorSpace.fromLinear.withUnsafeBufferPointer { lut in
            for y in 0..<height {
              sum.update(repeating: .zero)
              let start = weights.starts[y]
              for k in 0..<weights.taps {
                let weight = w[y * weights.taps + k]
                let rowBase = (start + k) * width
                for x in 0..<width { sum[x] += horizontal[rowBase + x] * weight }
              }
              for x in 0..<width {
                let s = sum[x]
                if alpha {
                  store(
                    s, at: (y * width + x) * 4, straight: straight, onWhite: onWhite, at: (y * width + x) * 3,
                    lut)
                } else {
                  let o = (y * width + x) * 3
                  straight[o] = ColorSpace.toSRGB(s.x, lut)
                  straight[o + 1] = ColorSpace.toSRGB(s.y, lut)
                  straight[o + 2] = ColorSpace.toSRGB(s.z, lut)
                }
              }
            }
          }
        }
      }
    }
    let straightBitmap = Bitmap(width: width, height: height, channels: channels, pixels: straight)
    let onWhiteBitmap =
      alpha ? Bitmap(width: width, height: height, channels: 3, pixels: onWhite) : straightBitmap
    return Output(straight: straightBitmap, onWhite: onWhiteBitmap)
  }

  /// A premultiplied linear pixel as straight RGBA and as RGB over white.
  @inline(__always)
  private static func store(
    _ s: SIMD4<Float>, at o: Int, straight: UnsafeMutableBufferPointer<UInt8>,
    onWhite: UnsafeMutableBufferPointer<UInt8>, at f: Int, _ lut: UnsafeBufferPointer<UInt8>
  ) {
    let a = min(max(s.w, 0), 1)
    let color = a > 0 ? s / a : .zero
    straight[o] = ColorSpace.toSRGB(color.x, lut)
    straight[o + 1] = ColorSpace.toSRGB(color.y, lut)
    straight[o + 2] = ColorSpace.toSRGB(color.z, lut)
    straight[o + 3] = UInt8(a * 255 + 0.5)
    let flat = s + (1 - a)  // over white, still premultiplied
    onWhite[f] = ColorSpace.toSRGB(flat.x, lut)
    onWhite[f + 1] = ColorSpace.toSRGB(flat.y, lut)
    onWhite[f + 2] = ColorSpace.toSRGB(flat.z, lut)
  }

  /// `source` shrunk by a whole factor: each pixel the mean of a box of factor × factor pixels
  /// (fewer at the right and bottom edges) in linear light with premultiplied alpha.
  static func shrink(_ source: Bitmap, by factor: Int) -> Bitmap {
    let width = (source.width + factor - 1) / factor
    let height = (source.height + factor - 1) / factor
    let channels = source.channels
    var out = [UInt8](repeating: 0, count: width * height * channels)
    let sums = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: width)
    defer { sums.deallocate() }
    source.pixels.withUnsafeBufferPointer { pixels in
      out.withUnsafeMutableBufferPointer { out in
        ColorSpace.toLinear.withUnsafeBufferPointer { toLinear in
          ColorSpace.fromLinear.withUnsafeBufferPointer { lut in
            for row in 0..<height {
              sums.update(repeating: .zero)
              let rows = min(factor, source.height - row * factor)
              for y in (row * factor)..<(row * factor + rows) {
                var p = y * source.width * channels
                for column in 0..<width {
                  var sum = SIMD4<Float>.zero
                  for _ in 0..<min(factor, source.width - column * factor) {
                    let alpha = channels == 4 ? Float(pixels[p + 3]) * (1 / 255) : 1
                    let linear = SIMD4(
                      toLinear[Int(pixels[p])], toLinear[Int(pixels[p + 1])], toLinear[Int(pixels[p + 2])], 1)
                    sum += linear * alpha
                    p += channels
                  }
                  sums[column] += sum
                }
              }
              for column in 0..<width {
                let count = Float(rows * min(factor, source.width - column * factor))
                let mean = sums[column] / count
                let o = (row * width + column) * channels
                let a = mean.w
                let color = a > 0 ? mean / a : .zero
                out[o] = ColorSpace.toSRGB(color.x, lut)
                out[o + 1] = ColorSpace.toSRGB(color.y, lut)
                out[o + 2] = ColorSpace.toSRGB(color.z, lut)
                if channels == 4 { out[o + 3] = UInt8(min(max(a, 0), 1) * 255 + 0.5) }
              }
            }
          }
        }
      }
    }
    return Bitmap(width: width, height: height, channels: channels, pixels: out)
  }

  /// An RGBA bitmap composited on white, in linear light as the filtered sizes are.
  private static func flattened(_ source: Bitmap) -> Bitmap {
    var out = [UInt8](repeating: 0, count: source.width * source.height * 3)
    source.pixels.withUnsafeBufferPointer { pixels in
      out.withUnsafeMutableBufferPointer { out in
        ColorSpace.toLinear.withUnsafeBufferPointer { toLinear in
          ColorSpace.fromLinear.withUnsafeBufferPointer { lut in
            for i in 0..<(source.width * source.height) {
              let a = Float(pixels[i * 4 + 3]) * (1 / 255)
              for k in 0..<3 {
                out[i * 3 + k] = ColorSpace.toSRGB(toLinear[Int(pixels[i * 4 + k])] * a + (1 - a), lut)
              }
            }
          }
        }
      }
    }
    return Bitmap(width: source.width, height: source.height, channels: 3, pixels: out)
  }
}

/// For each output pixel, the first source pixel it reads and `taps` weights that sum to 1;
/// pixels past an edge repeat the edge.
struct FilterWeights {
  let taps: Int
  let starts: [Int]
  let weights: [Float]

  init(from source: Int, to target: Int) {
    let scale = Double(source) / Double(target)
    let stretch = max(scale, 1)  // widen the filter when shrinking, so every pixel counts
    let support = 2 * stretch
    let window = Int((support).rounded(.up)) * 2 + 1
    taps = min(window, source)
    var starts = [Int](repeating: 0, count: target)
    var weights = [Float](repeating: 0, count: target * taps)
    for i in 0..<target {
      let center = (Double(i) + 0.5) * scale
      let low = Int((center - support).rounded(.down))
      let start = min(max(low, 0), source - taps)
      starts[i] = start
      var values = [Double](repeating: 0, count: taps)
      for j in low..<(low + window) {
        let value = Self.catmullRom((Double(j) + 0.5 - center) / stretch)
        guard value != 0 else { continue }
        values[min(max(j, 0), source - 1) - start] += value
      }
      let total = values.reduce(0, +)
      for k in 0..<taps { weights[i * taps + k] = Float(values[k] / total) }
    }
    self.starts = starts
    self.weights = weights
  }

  private static func catmullRom(_ x: Double) -> Double {
    let x = abs(x)
    if x < 1 { return (1.5 * x - 2.5) * x * x + 1 }
    if x < 2 { return ((-0.5 * x + 2.5) * x - 4) * x + 2 }
    return 0
  }
}
