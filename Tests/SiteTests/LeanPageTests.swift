import Foundation
import Testing

@testable import Site

/// What every page of a kind repeats, said once: at scale each byte is paid thousands of times.
@Suite struct LeanPageTests {
  /// Term pages come by the tens of thousands at scale (one per author): a term page with one
  /// book (`index_min_books: 1`) costs the chrome, its header and the one card, nothing more.
  @Test func aOneBookTermPageIsTheChromeItsHeaderAndOneCard() async throws {
    let (root, output) = try await GoldenTests.build { $0.indexMinBooks = 1 }
    defer { try? FileManager.default.removeItem(atPath: root) }
    let page = try String(contentsOfFile: output + "/authors/frank-herbert/index.html", encoding: .utf8)
    let notFound = try String(contentsOfFile: output + "/404.html", encoding: .utf8)
    let (pageMain, pageChrome) = try Self.split(page)
    let (_, notFoundChrome) = try Self.split(notFound)
    // Outside <main>: the 404 page's chrome, its robots tag traded for the canonical link,
    // and the twitter card; no cover repeating the card's.
    #expect(!page.contains("og:image"))
    let extraChrome = pageChrome.utf8.count - notFoundChrome.utf8.count
    #expect(extraChrome <= 260, "\(extraChrome) B more than the 404 page's")
    // Inside: the header (kind, name, count) and the grid of one card.
    let cards = pageMain.components(separatedBy: "<ul class=\"book-grid\">\n<li>")
    #expect(cards.count == 2)
    let card = try #require(cards.last?.components(separatedBy: "</li>").first)
    let header = pageMain.utf8.count - card.utf8.count
    #expect(header <= 260, "\(header) B besides the card")
  }

  /// The preview, buy and source links open in the same tab (the reader's choice, and no
  /// hidden "(opens in a new tab)" note with three references to it), and the footer leaves out
  /// the attribution the page shows.
  @Test func aBookPageLinksOutInTheSameTabAndSaysTheAttributionOnce() async throws {
    let (root, output) = try await GoldenTests.build()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let page = try String(contentsOfFile: output + "/books/三體-ZZ00AbCdEf12/index.html", encoding: .utf8)
    #expect(!page.contains("(opens in a new tab)"))
    #expect(!page.contains("target=") && !page.contains("aria-describedby") && !page.contains("noreferrer"))
    #expect(page.contains("<a class=\"button\" href=\"https://play.google.com/books/reader?id="))
    #expect(page.components(separatedBy: "Data from Google Books").count == 2)
    let footer = try #require(page.components(separatedBy: "<footer").last)
    #expect(footer.contains("Built with bookgen") && !footer.contains("Data from Google Books"))
    // Other pages show no attribution of their own: their footer keeps it.
    let home = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
    #expect(home.contains(" · Data from Google Books · Built with bookgen</p>\n</footer>"))
  }

  /// A list card: the grid's item with no class of its own, the link around the cover (an
  /// `img` with its tone, size and title card, lazy after the first row) and the title (a
  /// `cite`), and the authors and year in one paragraph, a line each.
  @Test func aCardIsItsLinkAndOneMetaElement() async throws {
    let (root, output) = try await GoldenTests.build()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let page = try String(contentsOfFile: output + "/books/index.html", encoding: .utf8)
    #expect(!page.contains("book-card") && !page.contains("card-title") && !page.contains("card-meta"))
    let card =
      /<li><a href="[^"]+"><img class="cover tone[0-9]+" src="[^"]+" alt="" width="128" height="192"( loading="lazy")? decoding="async" referrerpolicy="no-referrer" data-title="[^"]+"( data-by="[^"]+")?><cite>[^<]+<\/cite><\/a>\n/
    #expect(page.contains(card))
    #expect(page.contains(/\n<p>[^<]+<br>[0-9]{4}<\/p><\/li>/))
  }

  /// The header and footer are styled by their place in the page, not by classes: the header
  /// is the site's link, the collections' navigation and the search box; the footer one line,
  /// without the *All books* link the header has.
  @Test func theHeaderAndFooterCarryNoClassesOrRepeats() async throws {
    let (root, output) = try await GoldenTests.build()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let page = try String(contentsOfFile: output + "/books/index.html", encoding: .utf8)
    let beforeMain = try #require(page.components(separatedBy: "<main").first)
    let header = try #require(beforeMain.components(separatedBy: "</head>").last)
    #expect(header.contains("<header>\n<div class=\"wrap\">\n<a href=\"/shelf/\">"))
    #expect(header.contains("<form role=\"search\" action=\"/shelf/books/\">\n"))
    let footer = try #require(page.components(separatedBy: "</main>").last)
    #expect(footer.hasPrefix("\n<footer>\n<p class=\"wrap\">"))
    #expect(!footer.contains("href"))
  }

  /// The page's `<main>` element and the rest.
  static func split(_ html: String) throws -> (main: String, chrome: String) {
    let start = try #require(html.range(of: "<main"))
    let end = try #require(html.range(of: "</main>"))
    return (
      String(html[start.lowerBound..<end.upperBound]),
      String(html[..<start.lowerBound] + html[end.upperBound...])
    )
  }
}
