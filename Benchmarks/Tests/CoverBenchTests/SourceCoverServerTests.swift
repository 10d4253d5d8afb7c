import Foundation
import LoopbackHTTP
import Testing

@testable import CoverBench

/// The source-covers bench's server: local records whose thumbnails are its own images, and
/// for the baseline the same records with the image URLs Google gives.
@Suite struct SourceCoverServerTests {
  static let server = SourceCoverServer(sources: [[1, 2, 3], [4, 5]])
  static let origin = "http://127.0.0.1:9"

  static func thumbnails(_ response: LoopbackServer.Response) throws -> [[String: String]] {
    let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    let items = try #require(json["items"] as? [[String: Any]])
    return items.compactMap { ($0["volumeInfo"] as? [String: Any])?["imageLinks"] as? [String: String] }
  }

  @Test func theLocalRecordsThumbnailsAreTheServersImages() throws {
    let response = Self.server.answer(
      "/books/v1/volumes?q=bench-0&startIndex=0&maxResults=40", origin: Self.origin)
    #expect(response.status == 200)
    let links = try Self.thumbnails(response)
    #expect(
      links.map { $0["thumbnail"] } == ["\(Self.origin)/img/0.jpg?zoom=1", "\(Self.origin)/img/1.jpg?zoom=1"])
    let image = Self.server.answer("/img/1.jpg?zoom=1", origin: Self.origin)
    #expect(image.status == 200 && image.body == [4, 5])
  }

  @Test func theRemoteRecordsGiveGooglesImageURLsForTheSameVolumes() throws {
    let local = Self.server.answer("/books/v1/volumes?q=bench-0&maxResults=40", origin: Self.origin)
    let remote = Self.server.answer("/remote/books/v1/volumes?q=bench-0&maxResults=40", origin: Self.origin)
    let links = try Self.thumbnails(remote)
    #expect(
      links.first == [
        "smallThumbnail":
          "http://books.google.com/books/content?id=srccov000000&printsec=frontcover&img=1&zoom=5&edge=curl&source=gbs_api",
        "thumbnail":
          "http://books.google.com/books/content?id=srccov000000&printsec=frontcover&img=1&zoom=1&edge=curl&source=gbs_api",
      ])
    #expect(links.count == 2)
    // The same volumes otherwise: only the image links differ.
    let volumes = { (response: LoopbackServer.Response) throws -> [String] in
      let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
      return (json["items"] as? [[String: Any]] ?? []).map { item in
        var info = item["volumeInfo"] as? [String: Any] ?? [:]
        info["imageLinks"] = nil
        return "\(item["id"] ?? "") \(info["title"] ?? "") \(info["authors"] ?? "")"
      }
    }
    #expect(try volumes(local) == volumes(remote))
  }

  @Test func otherPathsAreNotFound() {
    #expect(Self.server.answer("/remote/img/0.jpg", origin: Self.origin).status == 404)
    #expect(Self.server.answer("/img/2.jpg", origin: Self.origin).status == 404)
  }
}
