import Foundation
import Support
import Testing

/// A state file read in pieces gives what reading it whole gives (`StateReader.entries`), with
/// any window; a file that is not a whole one of the stamp is none, and an entry changed after
/// the first pass is not served.
@Suite struct StateFileIndexTests {
  private let stamp = "bookgen state test 1"

  /// Entries of every size around the windows: empty, small, and larger than a window.
  private var entries: [(StateKey, [UInt8])] {
    (0..<40).map { (index: Int) -> (StateKey, [UInt8]) in
      let value: [UInt8] = (0..<(index * index * 7)).map { UInt8(truncatingIfNeeded: $0 + index) }
      return (StateKey(low: UInt64(index) * 977, high: UInt64(index)), value)
    }
  }

  private func file() -> [UInt8] {
    var bytes: [UInt8] = []
    var writer = StateFileWriter(stamp: stamp) { bytes.append(contentsOf: $0) }
    for (key, value) in entries { writer.add(key, value[...]) }
    writer.finish()
    return bytes
  }

  private func written(_ bytes: [UInt8]) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString)")
      .path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test(arguments: [64, 100, 1_000, 1 << 18]) func everyEntryReadsBackWithAnyWindow(window: Int) throws {
    let path = try written(file())
    defer { try? FileManager.default.removeItem(atPath: path) }
    let index = try #require(StateFileIndex(reading: path, stamp: stamp, window: window))
    var sequential = index.sequentialReader()
    for (key, value) in entries {
      #expect(index.contains(key))
      #expect(index.entry(key) == value)
      #expect(sequential.entry(key).map(Array.init) == value)
    }
    #expect(index.entry(StateKey(low: 1, high: 1)) == nil)
  }

  @Test func aFileThatIsNotAWholeOneOfTheStampIsNone() throws {
    let bytes = file()
    var flipped = bytes
    flipped[bytes.count / 2] ^= 0x01
    for (name, damaged, stamp) in [
      ("truncated", Array(bytes.dropLast()), stamp), ("a byte changed", flipped, stamp),
      ("longer", bytes + [0], stamp), ("empty", [], stamp), ("another stamp", bytes, "bookgen state test 2"),
    ] {
      let path = try written(damaged)
      defer { try? FileManager.default.removeItem(atPath: path) }
      #expect(StateFileIndex(reading: path, stamp: stamp, window: 100) == nil, "\(name)")
    }
    #expect(StateFileIndex(reading: "/nonexistent/state", stamp: stamp) == nil)
  }

  /// The file is read again for each entry: one whose bytes changed since is not there (the
  /// others still are).
  @Test func anEntryChangedAfterTheFirstPassIsNotServed() throws {
    var bytes = file()
    let path = try written(bytes)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let index = try #require(StateFileIndex(reading: path, stamp: stamp, window: 100))
    let (changedKey, changedValue) = entries[30]
    let at = try #require(bytes.firstRange(of: changedValue))
    bytes[at.lowerBound + 10] ^= 0xFF
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #expect(index.entry(changedKey) == nil)
    var sequential = index.sequentialReader()
    #expect(sequential.entry(changedKey) == nil)
    #expect(index.entry(entries[31].0) == entries[31].1)
    #expect(sequential.entry(entries[31].0).map(Array.init) == entries[31].1)
  }
}
