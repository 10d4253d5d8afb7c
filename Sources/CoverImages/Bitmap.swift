/// Decoded pixels: rows of `width × channels` bytes, RGB (3 channels) or RGBA with straight
/// alpha (4).
struct Bitmap: Sendable, Equatable {
  var width: Int
  var height: Int
  var channels: Int
  var pixels: [UInt8]

  var hasAlpha: Bool { channels == 4 }
}

/// What a decoder read: the size the header declares, and the pixels unless only the header
/// was asked for.
struct Decoded {
  var width: Int
  var height: Int
  var bitmap: Bitmap?
}
