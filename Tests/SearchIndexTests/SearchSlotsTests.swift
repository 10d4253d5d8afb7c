import Testing

@testable import SearchIndex

@Suite struct SearchSlotsTests {
  static let ids = (0..<10_000).map { "volume\($0)x" }

  @Test func slotsAreUniqueAndInASpaceFourToEightTimesTheCount() {
    let slots = SearchSlots(ids: Self.ids)
    #expect(slots.bits == 16)
    #expect(Set(slots.slots).count == Self.ids.count)
    #expect(slots.slots.allSatisfy { (0..<(1 << 16)).contains($0) })
    #expect(SearchSlots(ids: []).bits == 4)
    #expect(SearchSlots(ids: ["one"]).slots.count == 1)
  }

  /// Adding or removing a document moves at most a few others (its neighbours in a cluster).
  @Test func addingADocumentMovesFewOthers() {
    let before = SearchSlots(ids: Self.ids)
    for extra in ["new-a", "new-b", "new-c", "new-d"] {
      let after = SearchSlots(ids: Self.ids + [extra])
      let moved = Self.ids.indices.filter { before.slots[$0] != after.slots[$0] }.count
      #expect(moved <= 3, "adding \(extra) moved \(moved) documents")
    }
    let removed = SearchSlots(ids: Array(Self.ids.dropFirst()))
    #expect(Self.ids.indices.dropFirst().filter { before.slots[$0] != removed.slots[$0 - 1] }.count <= 3)
  }

  @Test func theOrderOfTheIdsDoesNotMatter() {
    let forward = SearchSlots(ids: Self.ids)
    let backward = SearchSlots(ids: Self.ids.reversed())
    #expect(forward.slots == Array(backward.slots.reversed()))
  }
}
