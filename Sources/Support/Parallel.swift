import Dispatch
import Foundation

/// Data-parallel loops for the synchronous parts of a build (facts, cards, feed entries): the
/// work is split into chunks run on every core, and the results come back in order.
package enum Parallel {
  /// The cores the work is spread over, asked once: Foundation reads the cgroup's CPU quota
  /// files on every ask, and a build splits hundreds of loops.
  package static let coreCount = max(1, ProcessInfo.processInfo.activeProcessorCount)

  /// `transform(index)` for every index in `0..<count`, in index order. Small inputs run on the
  /// calling thread: splitting them costs more than it saves.
  package static func map<T>(count: Int, minimumChunk: Int = 512, _ transform: @Sendable (Int) -> T) -> [T] {
    let cores = coreCount
    guard cores > 1, count >= minimumChunk * 2 else { return (0..<count).map(transform) }
    // A few chunks per core balance uneven items (long descriptions) without much overhead.
    let chunkCount = min(cores * 4, (count + minimumChunk - 1) / minimumChunk)
    let chunkSize = (count + chunkCount - 1) / chunkCount
    return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
      let slots = Slots(base: buffer.baseAddress!)
      DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
        // Each chunk initialises its own, disjoint slots.
        // The last chunks may be empty: 13 items in 8 chunks of 2 leave the eighth none.
        for index in min(count, chunk * chunkSize)..<min(count, (chunk + 1) * chunkSize) {
          (slots.base + index).initialize(to: transform(index))
        }
      }
      initialized = count
    }
  }
}

extension Parallel {
  /// `0..<count` sorted by `precedes`, which must be a strict total order (then there is one
  /// sorted order, whichever way it is reached): large inputs are sorted in halves on two
  /// cores, then merged.
  package static func sortedIndices(count: Int, by precedes: @Sendable (Int, Int) -> Bool) -> [Int] {
    guard coreCount > 1, count >= 4096 else { return (0..<count).sorted(by: precedes) }
    let middle = count / 2
    let halves = map(count: 2, minimumChunk: 1) { half in
      (half == 0 ? 0..<middle : middle..<count).sorted(by: precedes)
    }
    let (first, second) = (halves[0], halves[1])
    var merged: [Int] = []
    merged.reserveCapacity(count)
    var (i, j) = (0, 0)
    while i < first.count, j < second.count {
      if precedes(second[j], first[i]) {
        merged.append(second[j])
        j += 1
      } else {
        merged.append(first[i])
        i += 1
      }
    }
    merged += first[i...]
    merged += second[j...]
    return merged
  }
}

/// The result buffer shared by the chunks of `Parallel.map`; each writes only its own slots.
private struct Slots<T>: @unchecked Sendable {
  let base: UnsafeMutablePointer<T>
}
