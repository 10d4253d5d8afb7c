import Support

/// Each document's number in the index (its slot), taken from a hash of its id in a space 4–8
/// times larger than the number of documents.
///
/// Numbers in list order would shift every later document's number (and so every chunk of
/// postings) when one book is added or retitled; a hashed slot moves only when another document
/// lands on it (then its neighbours in the cluster make room), and all of them only when the
/// count crosses a power of two.
package struct SearchSlots: Sendable {
  /// The slot space is `1 << bits`.
  package let bits: Int
  /// The slot of each id, in the order the ids were given.
  package let slots: [Int]

  package init(ids: [String]) {
    let count = ids.count
    let needed = count <= 1 ? 0 : Int.bitWidth - (count - 1).leadingZeroBitCount
    let bits = max(4, needed + 2)
    self.bits = bits
    let space = 1 << bits
    let hashes = ids.map { id in
      var id = id
      return id.withUTF8 { XXH64.hash($0, seed: 0x736C_6F74) }
    }
    let homes = hashes.map { Int($0 >> UInt64(64 - bits)) }
    let order = ids.indices.sorted { a, b in
      homes[a] != homes[b]
        ? homes[a] < homes[b] : hashes[a] != hashes[b] ? hashes[a] < hashes[b] : ids[a] < ids[b]
    }
    var slots = [Int](repeating: -1, count: count)
    var next = 0
    var overflow: [Int] = []
    for index in order {
      let slot = max(homes[index], next)
      if slot < space {
        slots[index] = slot
        next = slot + 1
      } else {
        overflow.append(index)
      }
    }
    // A cluster that runs past the end continues in the first free slots.
    if !overflow.isEmpty {
      var taken = [Bool](repeating: false, count: space)
      for slot in slots where slot >= 0 { taken[slot] = true }
      var free = 0
      for index in overflow {
        while taken[free] { free += 1 }
        slots[index] = free
        taken[free] = true
      }
    }
    self.slots = slots
  }
}
