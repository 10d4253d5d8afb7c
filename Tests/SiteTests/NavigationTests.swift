import Catalog
import Foundation
import Testing

@testable import Site

/// The header links a few collections one by one; past `PageJob.headerCollectionLimit` it links
/// a page of all collections instead, so a catalog of 200 does not put 200 links in every page.
@Suite struct NavigationTests {
  /// A site of `count` collections of one book each, built into `root/public`.
  private func build(collections count: Int, root: String) async throws -> String {
    let slugs = (1...count).map { "shelf-\($0)" }
    let output = root + "/public"
    _ = try await SiteBuilder(
      catalog: Fixtures.catalog(slugs.map { Fixtures.collection($0) }),
      collections: slugs.enumerated().map { index, slug in
        SiteInput.Collection(slug: slug, volumes: [Fixtures.volume("id\(index)", title: "Book \(index)")])
      },
      options: BuildOptions(jobs: 2, outputDirectory: output, workingDirectory: root)
    ).build()
    return output
  }

  /// The hrefs of the links in the page's header navigation.
  private func headerLinks(_ page: String) throws -> [String] {
    let html = try String(contentsOfFile: page, encoding: .utf8)
    let start = try #require(html.range(of: "<nav aria-label=\"Collections\""))
    let end = try #require(html.range(of: "</nav>", range: start.upperBound..<html.endIndex))
    return HTMLScan.tags(in: String(html[start.lowerBound..<end.upperBound])).compactMap { tag in
      tag.name == "a" ? tag.attributes.first { $0.name == "href" }?.value : nil
    }
  }

  @Test func aFewCollectionsAreLinkedFromTheHeader() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let count = PageJob.headerCollectionLimit
    let output = try await build(collections: count, root: root)
    let expected = (1...count).map { "/shelf-\($0)/" } + ["/books/"]
    #expect(try headerLinks(output + "/index.html") == expected)
    #expect(try headerLinks(output + "/books/book-0-id0/index.html") == expected)
    #expect(!FileManager.default.fileExists(atPath: output + "/collections/index.html"))
    let sitemap = try String(contentsOfFile: output + "/sitemap.xml", encoding: .utf8)
    #expect(!sitemap.contains("/collections/"))
  }

  @Test func manyCollectionsGetAPageOfTheirOwn() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let count = PageJob.headerCollectionLimit + 1
    let output = try await build(collections: count, root: root)
    for page in ["index.html", "books/book-0-id0/index.html", "shelf-3/index.html", "404.html"] {
      #expect(try headerLinks(output + "/" + page) == ["/collections/", "/books/"], "\(page)")
    }
    let page = try String(contentsOfFile: output + "/collections/index.html", encoding: .utf8)
    let links = HTMLScan.tags(in: page).compactMap { tag in
      tag.name == "a" ? tag.attributes.first { $0.name == "href" }?.value : nil
    }
    #expect(links.filter { $0.hasPrefix("/shelf-") } == (1...count).map { "/shelf-\($0)/" })
    #expect(page.contains("<title>Collections – Shelf</title>"))
    #expect(
      page.contains(
        "<h2><a href=\"/shelf-\(count)/\">Shelf-\(count)</a> <span class=\"count\">1 book</span></h2>"))
    let sitemap = try String(contentsOfFile: output + "/sitemap.xml", encoding: .utf8)
    #expect(sitemap.contains("<loc>https://example.org/collections/</loc>"))
  }

  /// The shelves of the home page (`<section class="shelf">` headings' links), then its link to
  /// the page of all collections, if any.
  private func homeShelves(_ output: String) throws -> (shelves: [String], more: [String]) {
    let html = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
    let shelves = html.components(separatedBy: "<section class=\"shelf\">").dropFirst().compactMap {
      section in
      HTMLScan.tags(in: section).first { $0.name == "a" }?.attributes.first { $0.name == "href" }?.value
    }
    let main = try #require(html.components(separatedBy: "<main").last)
    let more = HTMLScan.tags(in: main).compactMap { tag in
      tag.name == "a" && tag.attributes.contains { $0.name == "class" && $0.value == "more all-collections" }
        ? tag.attributes.first { $0.name == "href" }?.value : nil
    }
    return (shelves, more)
  }

  @Test func theHomePageShowsAsManyShelvesAsTheHeaderLinks() async throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let limit = PageJob.headerCollectionLimit
    let few = try homeShelves(try await build(collections: limit, root: root + "/few"))
    #expect(few.shelves == (1...limit).map { "/shelf-\($0)/" })
    #expect(few.more == [])
    // Six covers for each of hundreds of collections would make a huge home page; past the limit
    // it shows the first ones and links the page of all of them.
    let many = try homeShelves(try await build(collections: limit + 3, root: root + "/many"))
    #expect(many.shelves == (1...limit).map { "/shelf-\($0)/" })
    #expect(many.more == ["/collections/"])
  }
}
