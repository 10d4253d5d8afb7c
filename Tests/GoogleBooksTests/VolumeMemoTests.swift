import BookRecord
import Foundation
import Testing

@testable import GoogleBooks

/// A volume several pages return is decoded once per fetch run, and held once as a record.
@Suite struct VolumeMemoTests {
  @Test func aPageDecodedWithTheMemoIsTheSameAndItsSecondReadingReusesEveryVolume() throws {
    let body = try Fixtures.bytes("real/search-design-patterns-30-items-GB.json")
    let plain = try VolumeDecoder.decode(body[...], maxItems: nil)
    let memo = VolumeMemo()
    let first = try VolumeDecoder.decode(body[...], maxItems: nil, memo: memo)
    let second = try VolumeDecoder.decode(body[...], maxItems: nil, memo: memo)
    #expect(first == plain)
    #expect(second == plain)
    // The second reading found every item in the memo: the same string storage, not a copy.
    let description = try #require(first.volumes.first { $0.volumeInfo.description != nil })
    let again = try #require(second.volumes.first { $0.id == description.id })
    #expect(identity(of: description.volumeInfo.description!) == identity(of: again.volumeInfo.description!))
  }

  @Test func notesOfAReusedVolumeAreReportedAtItsNewPlace() throws {
    let long = String(repeating: "x", count: 70_000)
    let item =
      #"{"kind":"books#volume","id":"AAAAAAAAAAAA","volumeInfo":{"title":"T","description":"\#(long)"}}"#
    let memo = VolumeMemo()
    let first = try VolumeDecoder.decode(Array(#"{"items":[\#(item)]}"#.utf8)[...], maxItems: nil, memo: memo)
    let second = try VolumeDecoder.decode(
      Array(#"{"items":[{"id":"BBBBBBBBBBBB"},\#(item)]}"#.utf8)[...], maxItems: nil, memo: memo)
    let plain = try VolumeDecoder.decode(
      Array(#"{"items":[{"id":"BBBBBBBBBBBB"},\#(item)]}"#.utf8), maxItems: nil)
    #expect(!first.notes.isEmpty)
    #expect(second == plain)
    #expect(second.notes.map(\.index) == [1])
  }

  /// A new id is decoded without a skip first; a known id with other bytes, or an id after the
  /// item's objects (not peeked), still goes by the bytes' digest.
  @Test func itemsAreReusedByTheirBytesWhereverTheirIdIs() throws {
    let description = String(repeating: "d", count: 40)
    let early = #"{"kind":"books#volume","id":"AAAAAAAAAAAA","volumeInfo":{"description":"\#(description)"}}"#
    let edited = #"{"kind":"books#volume","id":"AAAAAAAAAAAA","volumeInfo":{"description":"other"}}"#
    let late = #"{"volumeInfo":{"description":"\#(description)"},"id":"BBBBBBBBBBBB"}"#
    let memo = VolumeMemo()
    let body = Array(#"{"items":[\#(early),\#(late)]}"#.utf8)
    let first = try VolumeDecoder.decode(body[...], maxItems: nil, memo: memo)
    let second = try VolumeDecoder.decode(
      Array(#"{"items":[\#(late),\#(edited),\#(early)]}"#.utf8)[...], maxItems: nil, memo: memo)
    #expect(first == (try VolumeDecoder.decode(body, maxItems: nil)))
    #expect(second.volumes.map(\.id) == ["BBBBBBBBBBBB", "AAAAAAAAAAAA", "AAAAAAAAAAAA"])
    #expect(second.volumes[1].volumeInfo.description == "other")
    #expect(
      second.volumes.map(\.sourceDigest) == [
        first.volumes[1].sourceDigest, second.volumes[1].sourceDigest, first.volumes[0].sourceDigest,
      ])
    #expect(second.volumes[1].sourceDigest != first.volumes[0].sourceDigest)
    let reused = [(second.volumes[0], first.volumes[1]), (second.volumes[2], first.volumes[0])]
    for (again, before) in reused {
      #expect(identity(of: again.volumeInfo.description!) == identity(of: before.volumeInfo.description!))
    }
  }

  @Test func recordsOfTheSameSourceBytesHaveTheSameSources() throws {
    let volume = try #require(
      try VolumeDecoder.decode(Fixtures.bytes("real/search-design-patterns-30-items-GB.json")).volumes.first)
    var other = volume
    #expect(volume.record.hasSameSources(as: other.record))
    other.sourceDigest = (volume.sourceDigest ?? 0) &+ 1
    #expect(!volume.record.hasSameSources(as: other.record))
    other.sourceDigest = nil
    var plain = volume
    plain.sourceDigest = nil
    #expect(!plain.record.hasSameSources(as: other.record))
  }

  /// Where a native string's bytes live: equal for copies of one string, different for two
  /// strings decoded apart.
  private func identity(of text: String) -> UInt? {
    var text = text
    return text.withUTF8 { UInt(bitPattern: $0.baseAddress) }
  }
}
