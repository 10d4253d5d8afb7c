import Foundation
import GoogleBooks
import Testing

/// Decoding 10,000 volumes: the hand-written parser against Foundation's two.
///
/// Run in release: `BOOKGEN_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter DecodingBenchmark`.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["BOOKGEN_BENCH"] != nil))
struct DecodingBenchmarkTests {
  static let pages: [[UInt8]] = stride(from: 0, to: 10_000, by: 40).map {
    SyntheticVolumes.page($0..<($0 + 40))
  }

  static func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  @Test func decodingTenThousandVolumesIsFast() async throws {
    let pages = Self.pages
    let megabytes = Double(pages.reduce(0) { $0 + $1.count }) / 1_000_000
    var count = 0
    let cpuStart = Self.threadCPUTime()
    let serial = try Self.seconds {
      count = try pages.reduce(0) { $0 + (try VolumeDecoder.decode($1).volumes.count) }
    }
    let cpu = Self.threadCPUTime() - cpuStart
    #expect(count == 10_000)
    if ProcessInfo.processInfo.environment["BOOKGEN_BENCH"] == "decoder-only" {
      for _ in 0..<4 { for page in pages { _ = try VolumeDecoder.decode(page) } }
      return
    }
    let foundation = try Self.seconds {
      for page in pages { _ = try JSONSerialization.jsonObject(with: Data(page)) }
    }
    let codable = try Self.seconds {
      for page in pages { _ = try JSONDecoder().decode(CodablePage.self, from: Data(page)) }
    }
    let parallel = await Self.parallelSeconds(pages)
    print(
      String(
        format: "decode %.1f MB, 10,000 volumes: VolumeDecoder %.3f s (CPU %.3f s; %.3f s on all cores), "
          + "JSONSerialization %.3f s, JSONDecoder %.3f s",
        megabytes, serial, cpu, parallel, foundation, codable))
    // Judged by CPU time, with room to spare, so a busy shared machine does not fail it.
    #expect(cpu < 0.4)
  }

  /// CPU time of the calling thread: less disturbed than wall time on a shared machine.
  static func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  static func parallelSeconds(_ pages: [[UInt8]]) async -> Double {
    let start = ContinuousClock.now
    await withTaskGroup(of: Int.self) { group in
      let workers = 2
      for worker in 0..<workers {
        group.addTask {
          var count = 0
          for index in stride(from: worker, to: pages.count, by: workers) {
            count += (try? VolumeDecoder.decode(pages[index]).volumes.count) ?? 0
          }
          return count
        }
      }
      for await _ in group {}
    }
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }
}

/// The same fields as `Volume`, for the JSONDecoder comparison.
private struct CodablePage: Decodable {
  struct Item: Decodable {
    struct Info: Decodable {
      struct Identifier: Decodable {
        var type: String?
        var identifier: String?
      }
      var title: String?
      var subtitle: String?
      var authors: [String]?
      var publisher: String?
      var publishedDate: String?
      var description: String?
      var industryIdentifiers: [Identifier]?
      var pageCount: Int?
      var categories: [String]?
      var averageRating: Double?
      var imageLinks: [String: String]?
      var previewLink: String?
      var infoLink: String?
    }
    var id: String
    var etag: String?
    var volumeInfo: Info?
  }
  var items: [Item]?
}
