import Support

/// A document, hashed twice with different seeds; or what the caller makes it from, hashed
/// the same way (`SearchIndexWriter.write`'s `key`), so that a kept analysis is found without
/// making the document.
package struct DocumentDigest: Hashable, Sendable {
  var low: UInt64
  var high: UInt64

  package init(low: UInt64, high: UInt64) {
    self.low = low
    self.high = high
  }

  init(_ document: SearchDocument) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(4096)
    func add(_ text: String) {
      bytes.appendVarInt(text.utf8.count)
      bytes.append(contentsOf: text.utf8)
    }
    func add(_ texts: [String]) {
      bytes.appendVarInt(texts.count)
      texts.forEach(add)
    }
    add(document.id)
    bytes.appendVarInt(document.fields.count)
    for field in document.fields {
      bytes.append(field.weight == .primary ? 1 : 2)
      add(field.text)
    }
    let facets = document.facets.sorted { $0.key < $1.key }
    bytes.appendVarInt(facets.count)
    for (id, values) in facets {
      add(id)
      add(values)
    }
    let display = document.display
    add([display.title, display.url])
    add(display.subtitle.map { [$0] } ?? [])
    add(display.authors)
    add(display.thumbnail.map { [$0] } ?? [])
    add(display.detail.map { [$0] } ?? [])
    add(display.texts)
    low = XXH64.hash(bytes, range: 0..<bytes.count)
    high = XXH64.hash(bytes, range: 0..<bytes.count, seed: 0x7365_6172_6368)
  }

  /// What of the options an analysis depends on: the facets (their ids, in order), the
  /// thumbnail template and the excerpts' length.
  static func options(_ options: SearchIndexOptions) -> UInt64 {
    var bytes: [UInt8] = []
    for text in options.facets.map(\.id) + [options.thumbnailTemplate ?? "\u{0}"] {
      bytes.appendVarInt(text.utf8.count)
      bytes.append(contentsOf: text.utf8)
    }
    bytes.appendVarInt(options.excerptSourceLimit)
    bytes.appendVarInt(TermIndex.shardCount)
    return XXH64.hash(bytes, range: 0..<bytes.count)
  }
}
