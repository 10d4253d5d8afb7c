/// The colour most of an image is close to, as `#rrggbb`: the slot's background while the image
/// loads, so the page's colour does not jump.
enum DominantColor {
  /// The most common of 512 colour boxes (3 bits a channel) among the RGB pixels, and the mean of
  /// the pixels in it; ties go to the lower box, so the answer never depends on order. A large
  /// image is sampled on a grid of about 4,096 pixels: plenty for a background colour.
  static func of(_ bitmap: Bitmap) -> String {
    precondition(bitmap.channels == 3)
    var counts = [Int](repeating: 0, count: 512)
    var sums = [SIMD3<Int>](repeating: .zero, count: 512)
    let step = max(1, Int((Double(bitmap.width * bitmap.height) / 4096).squareRoot()))
    bitmap.pixels.withUnsafeBufferPointer { pixels in
      for y in stride(from: 0, to: bitmap.height, by: step) {
        for x in stride(from: 0, to: bitmap.width, by: step) {
          let p = (y * bitmap.width + x) * 3
          let (r, g, b) = (Int(pixels[p]), Int(pixels[p + 1]), Int(pixels[p + 2]))
          let box = (r >> 5) << 6 | (g >> 5) << 3 | b >> 5
          counts[box] += 1
          sums[box] &+= SIMD3(r, g, b)
        }
      }
    }
    var best = 0
    for box in 1..<512 where counts[box] > counts[best] { best = box }
    let count = max(counts[best], 1)
    let mean = (sums[best] &+ SIMD3(repeating: count / 2)) / SIMD3(repeating: count)
    return "#" + [mean.x, mean.y, mean.z].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }
}
