import Foundation
import Support
import Testing

@testable import GoogleBooks

/// A memo kept for the next build (`VolumeMemo+State`): read back, it gives the volumes and
/// notes of decoding the same bytes; it never stands in for other bytes, and a damaged or
/// foreign file is an empty memo.
@Suite struct KeptVolumeMemoTests {
  private let stamp = "bookgen volume memo 1 test"

  /// The memo of a kept file of `bytes` (read from a file, as a build reads it; the file is
  /// removed once open).
  private func keptMemo(_ bytes: [UInt8], stamp: String? = nil) throws -> VolumeMemo {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString)").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    return VolumeMemo(keptFile: path, stamp: stamp ?? self.stamp)
  }

  private func kept(_ bodies: [[UInt8]]) throws -> [UInt8] {
    let memo = VolumeMemo()
    for body in bodies { _ = try VolumeDecoder.decode(body[...], maxItems: nil, memo: memo) }
    return memo.serialized(stamp: stamp)
  }

  @Test func everyFixtureReadsBackAsItsDecoding() throws {
    let folder = Fixtures.directory.appendingPathComponent("real").path
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
      .sorted()
    #expect(names.count > 3)
    var bodies: [[UInt8]] = []
    for name in names {
      let body = try Fixtures.bytes("real/" + name)
      if (try? VolumeDecoder.decode(body[...], maxItems: nil)) != nil { bodies.append(body) }
    }
    let file = try kept(bodies)
    // Twice: the second memo is made from the first's entries taken from the file, not decoded.
    let again = try keptMemo(file)
    for body in bodies {
      let plain = try VolumeDecoder.decode(body[...], maxItems: nil)
      #expect(try VolumeDecoder.decode(body[...], maxItems: nil, memo: again) == plain)
      #expect(plain.volumes.allSatisfy { $0.sourceDigest != nil })
    }
    // Every kept entry was taken from the file, none decoded again: none of their ids had been
    // seen in this run, and the fast path for new ids must not bypass what an earlier run kept.
    let keys = try #require(StateReader.entries(of: file, stamp: stamp)).keys
    let keptCount = keys.filter { !ResponseOutline.isOutlineKey($0) }.count
    #expect(keptCount > 3)
    #expect(again.servedFromEarlierRun == keptCount)
    // Every page was served from its outline, its JSON unread; a bare volume has none.
    let pages = try bodies.filter { try !VolumeDecoder.decode($0[...], maxItems: nil).isSingleVolume }
    #expect(pages.count > 3)
    #expect(keys.count == keptCount + pages.count)
    #expect(again.bodiesServedFromOutlines == pages.count)
    #expect(again.serialized(stamp: stamp) == file)
  }

  @Test func aReusedVolumeKeepsItsNotesAndAChangedOneIsDecoded() throws {
    let long = String(repeating: "x", count: 70_000)
    let item =
      #"{"kind":"books#volume","id":"AAAAAAAAAAAA","volumeInfo":{"title":"T","description":"\#(long)"}}"#
    let body = Array(#"{"items":[\#(item)]}"#.utf8)
    let memo = try keptMemo(try kept([body]))
    let plain = try VolumeDecoder.decode(body[...], maxItems: nil)
    let reused = try VolumeDecoder.decode(body[...], maxItems: nil, memo: memo)
    #expect(!plain.notes.isEmpty)
    #expect(reused == plain)
    let changed = Array(#"{"items":[\#(item.replacingOccurrences(of: #""T""#, with: #""U""#))]}"#.utf8)
    let decoded = try VolumeDecoder.decode(changed[...], maxItems: nil, memo: memo)
    #expect(decoded.volumes.map(\.volumeInfo.title) == ["U"])
    #expect(decoded == (try VolumeDecoder.decode(changed[...], maxItems: nil)))
  }

  /// A page with one item changed is another body: it is read, its unchanged items are served
  /// from the kept entries and the changed one is decoded.
  @Test func aPageWithAChangedItemIsReadAndOnlyThatItemDecoded() throws {
    let items = (0..<5).map {
      #"{"kind":"books#volume","id":"ID\#($0)AAAAAAAAA","volumeInfo":{"title":"T\#($0)"}}"#
    }
    let body = Array(#"{"items":[\#(items.joined(separator: ","))]}"#.utf8)
    var edited = items
    edited[2] = edited[2].replacingOccurrences(of: #""T2""#, with: #""Changed""#)
    let changed = Array(#"{"items":[\#(edited.joined(separator: ","))]}"#.utf8)
    let memo = try keptMemo(try kept([body]))
    let decoded = try VolumeDecoder.decode(changed[...], maxItems: nil, memo: memo)
    #expect(decoded == (try VolumeDecoder.decode(changed, maxItems: nil)))
    #expect(decoded.volumes[2].volumeInfo.title == "Changed")
    #expect(memo.bodiesServedFromOutlines == 0)
    #expect(memo.servedFromEarlierRun == 4)
    // The next run finds the changed page outlined, and every item of it kept.
    let next = try keptMemo(memo.serialized(stamp: stamp))
    #expect(try VolumeDecoder.decode(changed[...], maxItems: nil, memo: next) == decoded)
    #expect(next.bodiesServedFromOutlines == 1)
    #expect(next.servedFromEarlierRun == 5)
  }

  /// An outline stands only for its body read with the same `maxItems`, keeps a malformed
  /// item's note at its place, and is not used when an entry it names is missing.
  @Test func anOutlineStandsForItsBodyAsDecodedWithTheSameMaxItems() throws {
    let body = Array(
      #"{"items":[{"id":"AAAAAAAAAAAA","volumeInfo":{"title":"A"}},{"volumeInfo":{"title":"no id"}},{"id":"CCCCCCCCCCCC"}]}"#
        .utf8)
    let file = try kept([body])
    for maxItems in [nil, 1, 2, 3, 10] {
      let memo = try keptMemo(file)
      let plain = try VolumeDecoder.decode(body, maxItems: maxItems)
      #expect(
        try VolumeDecoder.decode(body[...], maxItems: maxItems, memo: memo) == plain,
        "\(String(describing: maxItems))")
      #expect(memo.bodiesServedFromOutlines == (maxItems == nil ? 1 : 0))
    }
    #expect(try VolumeDecoder.decode(body, maxItems: nil).skipped.map(\.index) == [1])
    // Only the outline kept, none of its volumes: the body is read as if there were none.
    let entries = try #require(StateReader.entries(of: file, stamp: stamp))
    var outlinesOnly: [UInt8] = []
    var writer = StateFileWriter(stamp: stamp) { outlinesOnly.append(contentsOf: $0) }
    for (key, range) in entries where ResponseOutline.isOutlineKey(key) { writer.add(key, file[range]) }
    writer.finish()
    let memo = try keptMemo(outlinesOnly)
    #expect(
      try VolumeDecoder.decode(body[...], maxItems: nil, memo: memo)
        == (try VolumeDecoder.decode(body, maxItems: nil)))
    #expect(memo.bodiesServedFromOutlines == 0)
  }

  @Test func anOutlineReadsBackAsWritten() throws {
    let outline = ResponseOutline(
      items: [
        .volume(digest: 0xFFFF_FFFF_FFFF_FFFF, length: 300), .skipped(id: nil, reason: "it has no id"),
        .skipped(id: "x", reason: ""),
      ],
      ignoredItems: 7)
    #expect(ResponseOutline(decoding: outline.encoded[...]) == outline)
    let bytes = outline.encoded
    #expect(ResponseOutline(decoding: bytes.dropLast()) == nil)
    #expect(ResponseOutline(decoding: (bytes + [0])[...]) == nil)
    #expect(
      ResponseOutline.key(digest: 1, length: 10, maxItems: nil)
        != ResponseOutline.key(digest: 1, length: 10, maxItems: 0))
    #expect(ResponseOutline.key(digest: 1, length: 1 << 32, maxItems: nil) == nil)
  }

  @Test func aFileThatIsNotAWholeOneOfThisStampIsAnEmptyMemo() throws {
    let body = try Fixtures.bytes("real/search-design-patterns-30-items-GB.json")
    let file = try kept([body])
    var flipped = file
    flipped[file.count / 2] ^= 0x01
    let damaged: [(String, [UInt8], String)] = [
      ("truncated", Array(file.prefix(file.count / 2)), stamp),
      ("a byte changed", flipped, stamp),
      ("empty", [], stamp),
      ("another version's", file, "bookgen volume memo 1 other"),
    ]
    for (name, bytes, stamp) in damaged {
      let memo = try keptMemo(bytes, stamp: stamp)
      #expect(memo.serialized(stamp: stamp) == VolumeMemo().serialized(stamp: stamp), "\(name)")
    }
  }

  /// The kept entries are copied from the file when the next one is written; when it changed
  /// under the run, they are encoded again: the same bytes.
  @Test func aKeptFileChangedUnderTheRunStillGivesTheSameNextFile() throws {
    let body = try Fixtures.bytes("real/search-design-patterns-30-items-GB.json")
    let file = try kept([body])
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString)").path
    try Data(file).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    for damage in [false, true] {
      try Data(file).write(to: URL(fileURLWithPath: path))
      let memo = VolumeMemo(keptFile: path, stamp: stamp)
      #expect(
        try VolumeDecoder.decode(body[...], maxItems: nil, memo: memo)
          == VolumeDecoder.decode(body, maxItems: nil))
      #expect(memo.servedFromEarlierRun > 3)
      if damage { try Data(file.map { $0 ^ 0x5A }).write(to: URL(fileURLWithPath: path)) }
      #expect(memo.serialized(stamp: stamp) == file, "damaged: \(damage)")
    }
  }

  /// A run that took every entry and outline from the kept file, and has no others, would write
  /// that file again byte for byte: with `unlessRepeating` it writes nothing and says so. Any
  /// other run writes its file, the same bytes as without it.
  @Test func aRunThatOnlyRepeatsTheKeptFileWritesNothing() throws {
    let pages = try [
      "real/search-design-patterns-30-items-GB.json", "real/search-kimetsu-no-yaiba-ja-JP.json",
    ]
    .map { try Fixtures.bytes($0) }
    let item = #"{"kind":"books#volume","id":"NEWNEWNEWNEW","volumeInfo":{"title":"New"}}"#
    let extra = Array(#"{"totalItems":1,"items":[\#(item)]}"#.utf8)
    let changedItem = item.replacingOccurrences(of: "New", with: "Newer")
    let changed = Array(#"{"totalItems":1,"items":[\#(changedItem)]}"#.utf8)
    let file = try kept(pages + [extra])
    let runs: [(String, [[UInt8]], repeats: Bool)] = [
      ("the same bodies", pages + [extra], true),
      ("the same bodies in another order", [extra] + pages.reversed(), true),
      ("one body fewer", pages, false),
      ("one more body", pages + [extra, changed], false),
      ("one body changed", pages + [changed], false),
    ]
    for (name, bodies, repeats) in runs {
      let memo = try keptMemo(file)
      for body in bodies { _ = try VolumeDecoder.decode(body[...], maxItems: nil, memo: memo) }
      var written: [UInt8] = []
      let wrote = memo.serialize(stamp: stamp, unlessRepeating: true) { written += $0 }
      #expect(wrote == !repeats, "\(name)")
      #expect(written == (repeats ? [] : try kept(bodies)), "\(name)")
    }
  }
}
