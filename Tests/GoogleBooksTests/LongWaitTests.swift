import Fetching
import Foundation
import GoogleBooks
import TestSupport
import Testing

/// Waits longer than a UInt64 of nanoseconds holds (a catalog's `timeout: 1e300` before it was
/// range-checked, `requests_per_second: 1e-12`) used to trap on the first request.
@Suite struct LongWaitTests {
  @Test func aSleepLongerThanAnyClockCountsEndsWhenCancelled() async {
    let task = Task { await FetchOptions.taskSleep(1e300) }
    task.cancel()
    await task.value
  }

  @Test(arguments: [1e300, Double.infinity])
  func aTimeoutLongerThanAnyClockCountsStillGetsTheAnswer(timeout: Double) async throws {
    let fake = FakeGoogleBooks()
    fake.setSearch("dune", results: [FakeGoogleBooks.volumeJSON(id: "dune0001", title: "Dune")])
    let server = FakeGoogleBooksServer(google: fake)
    try server.start()
    let response = try await URLSessionTransport().get(server.apiURL + "/volumes?q=dune", timeout: timeout)
    #expect(response.status == 200)
    await server.stop()
  }
}
