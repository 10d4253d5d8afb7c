/// One file the discovery stage adds to the output: a path relative to the output folder
/// (`/`-separated, not percent-encoded) and its bytes.
struct DiscoveryFile: Sendable, Equatable {
  let path: String
  let bytes: [UInt8]
  /// What the file was made from (`PageSources`), when it can be reused by the next build.
  var source: UInt64?

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

/// How the discovery stage skips files whose sources did not change (OPDS feed pages, which
/// write an entry per book): `key` names what a file is made from, nil when it must be made;
/// `reuse` places the previous build's file when it was made from the same key, and says so.
struct DiscoveryReuse<Failure: Error> {
  let key: (_ header: String, _ books: ArraySlice<Int>) -> UInt64?
  let reuse: (_ path: String, _ key: UInt64) throws(Failure) -> Bool
}
