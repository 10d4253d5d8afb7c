/// Resampling with a Catmull-Rom filter in linear light with premultiplied alpha: sharp without
/// Lanczos's ringing, half its taps, and no dark fringes where light and dark meet.
enum Resize {
  /// The resized image twice: as WebP takes it (RGB, or RGBA with straight alpha) and as JPEG
  /// takes it (RGB, transparency composited on white). The same array when there is no alpha.
  struct Output {
    var straight: Bitmap
    var onWhite: Bitmap
  }

  static func resize(_ source: Bitmap, width: Int, height: Int) -> Output {
    let columns = FilterWeights(from: source.width, to: width)
    let rows = FilterWeights(from: source.height, to: height)
    let horizontal = resizeRows(source, columns)
    return resizeColumns(horizontal, width: width, sourceHeight: source.height, rows, alpha: source.hasAlpha)
  }

  /// Each source row, turned linear and premultiplied, filtered to `width` columns.
  private static func resizeRows(_ source: Bitmap, _ weights: FilterWeights) -> [SIMD4<Float>] {
    let width = weights.starts.count
    var out = [SIMD4<Float>](repeating: .zero, count: width * source.height)
    var row = [SIMD4<Float>](repeating: .zero, count: source.width)
    let channels = source.channels
    source.pixels.withUnsafeBufferPointer { pixels in
      out.withUnsafeMutableBufferPointer { out in
        row.withUnsafeMutableBufferPointer { row in
          ColorSpace.toLinear.withUnsafeBufferPointer { toLinear in
            weights.weights.withUnsafeBufferPointer { w in
              weights.starts.withUnsafeBufferPointer { starts in
                for y in 0..<source.height {
                  var p = y * source.width * channels
                  for x in 0..<source.width {
                    let linear = SIMD4(
                      toLinear[Int(pixels[p])], toLinear[Int(pixels[p + 1])], toLinear[Int(pixels[p + 2])], 1)
                    if channels == 4 {
                      let alpha = Float(pixels[p + 3]) / 255
                      row[x] = linear * SIMD4(alpha, alpha, alpha, 1) * SIMD4(1, 1, 1, alpha)
                    } else {
                      row[x] = linear
                    }
                    p += channels
                  }
                  let taps = weights.taps
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
    }
    return out
  }

  /// The rows of `horizontal` filtered to the output's rows, then back to 8-bit sRGB.
  private static func resizeColumns(
    _ horizontal: [SIMD4<Float>], width: Int, sourceHeight: Int, _ weights: FilterWeights, alpha: Bool
  ) -> Output {
    let height = weights.starts.count
    let channels = alpha ? 4 : 3
    var straight = [UInt8](repeating: 0, count: width * height * channels)
    var onWhite = alpha ? [UInt8](repeating: 0, count: width * height * 3) : []
    var sum = [SIMD4<Float>](repeating: .zero, count: width)
    horizontal.withUnsafeBufferPointer { source in
      sum.withUnsafeMutableBufferPointer { sum in
        straight.withUnsafeMutableBufferPointer { straight in
          onWhite.withUnsafeMutableBufferPointer { onWhite in
            weights.weights.withUnsafeBufferPointer { w in
              ColorSpace.fromLinear.withUnsafeBufferPointer { lut in
                for y in 0..<height {
                  for x in 0..<width { sum[x] = .zero }
                  let start = weights.starts[y]
                  for k in 0..<weights.taps {
                    let weight = w[y * weights.taps + k]
                    let rowBase = (start + k) * width
                    for x in 0..<width { sum[x] += source[rowBase + x] * weight }
                  }
                  for x in 0..<width {
                    let s = sum[x]
                    let o = (y * width + x) * channels
                    if alpha {
                      let a = min(max(s.w, 0), 1)
                      let color = a > 0 ? s / a : .zero
                      straight[o] = ColorSpace.toSRGB(color.x, lut)
                      straight[o + 1] = ColorSpace.toSRGB(color.y, lut)
                      straight[o + 2] = ColorSpace.toSRGB(color.z, lut)
                      straight[o + 3] = UInt8(a * 255 + 0.5)
                      let flat = s + (1 - a)  // over white, still premultiplied
                      let f = (y * width + x) * 3
                      onWhite[f] = ColorSpace.toSRGB(flat.x, lut)
                      onWhite[f + 1] = ColorSpace.toSRGB(flat.y, lut)
                      onWhite[f + 2] = ColorSpace.toSRGB(flat.z, lut)
                    } else {
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
      }
    }
    let straightBitmap = Bitmap(width: width, height: height, channels: channels, pixels: straight)
    let onWhiteBitmap =
      alpha ? Bitmap(width: width, height: height, channels: 3, pixels: onWhite) : straightBitmap
    return Output(straight: straightBitmap, onWhite: onWhiteBitmap)
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
