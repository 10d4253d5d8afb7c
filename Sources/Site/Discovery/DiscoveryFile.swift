/// One file the discovery stage adds to the output: a path relative to the output folder
/// (`/`-separated, not percent-encoded) and its bytes.
struct DiscoveryFile: Sendable, Equatable {
  let path: String
  let bytes: [UInt8]

  init(path: String, text: String) {
    self.path = path
    self.bytes = Array(text.utf8)
  }

  init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }

  var text: String { String(decoding: bytes, as: UTF8.self) }
}
