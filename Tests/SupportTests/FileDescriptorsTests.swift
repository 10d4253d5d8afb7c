import Foundation
import Testing

@testable import Support

@Suite struct FileDescriptorsTests {
  @Test(
    arguments: [
      (8, nil, 8), (8, 100, 8), (8, 30, 3), (8, 26, 1), (8, 25, 0), (8, 0, 0), (64, 54, 15),
    ] as [(Int, Int?, Int)])
  func concurrencyFitsTheDescriptorsLeft(requested: Int, available: Int?, jobs: Int) {
    #expect(
      FileDescriptors.concurrency(requested: requested, available: available, perTask: 2, reserve: 24) == jobs
    )
  }

  @Test func theOpenDescriptorsAreCounted() throws {
    // Other tests open files meanwhile: only what holds whatever they do is checked.
    let descriptor = open("/dev/null", O_RDONLY)
    defer { close(descriptor) }
    let open = try #require(FileDescriptors.openCount())
    #expect(open >= 4, "stdin, stdout, stderr and \(descriptor)")
    let limit = try #require(FileDescriptors.limit())
    #expect(FileDescriptors.available().map { $0 > 0 && $0 <= limit } == true)
  }
}
