import Foundation
import Testing

@testable import SearchIndex

/// Reads a written index back the way `search.js` does: the manifest, the chunk a term falls in
/// by the bounds, its front-coded terms and their postings, the document and facet files. An
/// independent decoder of the format, for the tests.
struct IndexReader {
  struct Posting: Equatable {
    let slot: Int
    let flags: Int
  }

  let files: [String: [UInt8]]
  let manifest: [String: Any]

  init(_ files: [String: [UInt8]]) throws {
    self.files = files
    let data = Data(try #require(files["search/index.json"]))
    manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  static func build(_ documents: [SearchDocument], options: SearchIndexOptions = SearchIndexOptions())
    -> [String: [UInt8]]
  {
    var files: [String: [UInt8]] = [:]
    SearchIndexWriter.write(ids: documents.map(\.id), options: options) {
      documents[$0]
    } emit: { file in
      precondition(files[file.path] == nil, "\(file.path) written twice")
      files[file.path] = file.bytes
    }
    return files
  }

  var terms: [String: Any] { manifest["terms"] as! [String: Any] }
  var bounds: [String] { terms["bounds"] as! [String] }
  var chunkNames: [String] { terms["files"] as! [String] }
  var slotBits: Int { manifest["slotBits"] as! Int }

  /// Every chunk's terms with their postings, in chunk order.
  func chunks() throws -> [[(term: String, postings: [Posting])]] {
    try chunkNames.map { name in try decode(try #require(files["search/t/\(name).bin"])) }
  }

  /// The postings of `term` (exact), found through the bounds as the browser finds them.
  func postings(_ term: String) throws -> [Posting] {
    let index = bounds.lastIndex { Self.codePointOrder($0, term) <= 0 } ?? 0
    let chunk = try decode(try #require(files["search/t/\(chunkNames[index]).bin"]))
    return chunk.first { $0.term == term }?.postings ?? []
  }

  /// The record of `slot` in its group's document file: url, title, subtitle, authors,
  /// thumbnail, detail, texts.
  func document(_ slot: Int) throws -> [Any] {
    let group = slot >> (manifest["documentBits"] as! Int)
    let data = Data(try #require(files["search/d/\(String(group, radix: 36)).json"]))
    let records = try #require(try JSONSerialization.jsonObject(with: data) as? [[Any]])
    #expect(records.map { $0[0] as! Int } == records.map { $0[0] as! Int }.sorted())
    return Array(try #require(records.first { $0[0] as? Int == slot }).dropFirst())
  }

  /// Each slot's facet values as names, from the facet files of every range.
  func facets() throws -> [Int: [[String]]] {
    let facets = manifest["facets"] as! [String: Any]
    let values = try #require(files["search/f/\(facets["values"] as! String).json"])
    let tables = try #require(try JSONSerialization.jsonObject(with: Data(values)) as? [[String]])
    let rangeBits = facets["rangeBits"] as! Int
    var result: [Int: [[String]]] = [:]
    for (range, name) in (facets["files"] as! [String]).enumerated() where !name.isEmpty {
      let bytes = try #require(files["search/f/\(name).bin"])
      var reader = ByteReader(bytes: bytes)
      let widths = tables.map { _ in reader.varint() }
      let map = reader.offset
      var bit = (map + ((1 << rangeBits) + 7) / 8) * 8
      func read(_ width: Int) -> Int {
        var value = 0
        for shift in 0..<width {
          value |= Int(bytes[bit / 8] >> UInt8(bit % 8) & 1) << shift
          bit += 1
        }
        return value
      }
      for offset in 0..<(1 << rangeBits) where bytes[map + offset / 8] >> UInt8(offset % 8) & 1 == 1 {
        result[(range << rangeBits) + offset] = zip(tables, widths).map { table, width in
          var names: [String] = []
          var value = read(width)
          while value > 0 {
            names.append(table[value - 1])
            value = read(1) == 1 ? read(width) : 0
          }
          return names
        }
      }
      #expect((bit + 7) / 8 == bytes.count, "facet file \(name) has bytes left over")
    }
    return result
  }

  private func decode(_ bytes: [UInt8]) throws -> [(term: String, postings: [Posting])] {
    var reader = ByteReader(bytes: bytes)
    var previous: [UInt8] = []
    var result: [(term: String, postings: [Posting])] = []
    for _ in 0..<reader.varint() {
      let shared = reader.varint()
      let length = reader.varint()
      let key = Array(previous.prefix(shared)) + reader.take(length)
      previous = key
      let term = String(decoding: key, as: UTF8.self)
      let count = reader.varint()
      let size = reader.varint()
      var postings = ByteReader(bytes: reader.take(size))
      let cjk = term.unicodeScalars.first.map { SearchTokenizer.isCJK($0.value) } ?? false
      let scale = cjk ? 64 : 4
      var slot = -1
      var list: [Posting] = []
      for _ in 0..<count {
        let value = postings.varint()
        slot += value / scale + 1
        list.append(Posting(slot: slot, flags: value % scale))
      }
      #expect(postings.isAtEnd, "postings of \(term) longer than their count")
      result.append((term, list))
    }
    #expect(reader.isAtEnd)
    return result
  }

  static func codePointOrder(_ a: String, _ b: String) -> Int {
    let x = Array(a.unicodeScalars.map(\.value))
    let y = Array(b.unicodeScalars.map(\.value))
    for (p, q) in zip(x, y) where p != q { return p < q ? -1 : 1 }
    return x.count - y.count
  }
}

struct ByteReader {
  let bytes: [UInt8]
  var offset = 0

  var isAtEnd: Bool { offset == bytes.count }

  mutating func varint() -> Int {
    var value = 0
    var shift = 0
    while true {
      let byte = bytes[offset]
      offset += 1
      value |= Int(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
  }

  mutating func take(_ count: Int) -> [UInt8] {
    defer { offset += count }
    return Array(bytes[offset..<offset + count])
  }
}
