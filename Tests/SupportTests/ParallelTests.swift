import Testing

@testable import Support

@Suite struct ParallelTests {
  /// Results come back in index order whatever the chunking, for inputs below and above the
  /// size at which the work is split.
  @Test(arguments: [0, 1, 7, 1_023, 1_024, 5_000, 100_003])
  func mapKeepsIndexOrder(count: Int) {
    let squares = Parallel.map(count: count) { $0 &* $0 }
    #expect(squares == (0..<count).map { $0 &* $0 })
  }

  @Test func smallChunksStillCoverEveryIndexOnce() {
    let strings = Parallel.map(count: 37, minimumChunk: 1) { "item \($0)" }
    #expect(strings == (0..<37).map { "item \($0)" })
  }
}
