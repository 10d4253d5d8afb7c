import Foundation
import Support
import Testing

@testable import GoogleBooks

/// A memo kept for the next build (`VolumeMemo+State`): read back, it gives the volumes and
/// notes of decoding the same bytes; it never stands in for other bytes, and a damaged or
/// foreign file is an empty memo.
@Suite struct KeptVolumeMemoTests {
  private let stamp = "bookgen volume memo 1 test"

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
    let again = VolumeMemo(kept: file, stamp: stamp)
    for body in bodies {
      let plain = try VolumeDecoder.decode(body[...], maxItems: nil)
      #expect(try VolumeDecoder.decode(body[...], maxItems: nil, memo: again) == plain)
      #expect(plain.volumes.allSatisfy { $0.sourceDigest != nil })
    }
    // Every kept entry was taken from the file, none decoded again: none of their ids had been
    // seen in this run, and the fast path for new ids must not bypass what an earlier run kept.
    let keptCount = try #require(StateReader.entries(of: file, stamp: stamp)).count
    #expect(keptCount > 3)
    #expect(again.servedFromEarlierRun == keptCount)
    #expect(again.serialized(stamp: stamp) == file)
  }

  @Test func aReusedVolumeKeepsItsNotesAndAChangedOneIsDecoded() throws {
    let long = String(repeating: "x", count: 70_000)
    let item =
      #"{"kind":"books#volume","id":"AAAAAAAAAAAA","volumeInfo":{"title":"T","description":"\#(long)"}}"#
    let body = Array(#"{"items":[\#(item)]}"#.utf8)
    let memo = VolumeMemo(kept: try kept([body]), stamp: stamp)
    let plain = try VolumeDecoder.decode(body[...], maxItems: nil)
    let reused = try VolumeDecoder.decode(body[...], maxItems: nil, memo: memo)
    #expect(!plain.notes.isEmpty)
    #expect(reused == plain)
    let changed = Array(#"{"items":[\#(item.replacingOccurrences(of: #""T""#, with: #""U""#))]}"#.utf8)
    let decoded = try VolumeDecoder.decode(changed[...], maxItems: nil, memo: memo)
    #expect(decoded.volumes.map(\.volumeInfo.title) == ["U"])
    #expect(decoded == (try VolumeDecoder.decode(changed[...], maxItems: nil)))
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
      let memo = VolumeMemo(kept: bytes, stamp: stamp)
      #expect(memo.serialized(stamp: stamp) == VolumeMemo().serialized(stamp: stamp), "\(name)")
    }
  }
}
