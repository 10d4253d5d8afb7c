import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import Catalog

/// `include:` — files beside catalog.yml adding `books:`, `collections:` and `shelves:`.
@Suite struct IncludeTests {
  private func withFolder(_ files: [String: String], _ body: (String) throws -> Void) throws {
    let root = TestSupport.makeTemporaryDirectory("bookgen-include")
    defer { TestSupport.removeTemporaryDirectory(root) }
    for (name, text) in files {
      let path = root + "/" + name
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    try body(root)
  }

  private func load(_ root: String) -> Result<Catalog, CatalogError> {
    Result { () throws(CatalogError) in
      try CatalogLoader.load(path: root + "/catalog.yml", shownAs: "catalog.yml")
    }
  }

  static let owner = """
    site:
      title: Mine
    include: [goodreads.yml, shop/prices.yml]
    books:
      "9780547928227":
        note: My own words.
        rating: 5
        # the import agrees on the status
        status: read

    """

  static let imported = """
    # written by bookgen import
    shelves:
      - title: Did not finish
        slug: dnf
    collections:
      - title: Goodreads
        books: [9780547928227, "9780441172719"]
    books:
      "9780547928227":
        note: Imported review.
        rating: 4
        status: read
        date_read: 2021-04-01
      "9780441172719":
        status: dnf

    """

  @Test func includedEntriesMergeKeyByKeyAndTheOwnersWin() throws {
    let prices = """
      books:
        "978-0-441-17271-9":
          price: "9.99"
          currency: EUR
          status: to-read

      """
    try withFolder(["catalog.yml": Self.owner, "goodreads.yml": Self.imported, "shop/prices.yml": prices]) {
      root in
      let catalog = try load(root).get()
      #expect(catalog.collections.map(\.slug) == ["goodreads"])
      #expect(catalog.shelves.map(\.slug) == ["dnf"])
      let hobbit = try #require(catalog.books["9780547928227"])
      #expect(hobbit.note == "My own words.")
      #expect(hobbit.rating?.text == "5")
      #expect(hobbit.datesRead.map(\.description) == ["2021-04-01"])
      let dune = try #require(catalog.books["9780441172719"])
      #expect(dune.status == .shelf(slug: "dnf"))
      #expect(dune.shop.price == ShopPrice(amount: "9.99", currency: "EUR"))
      // Same values are no conflict; the rest are listed with both places.
      #expect(
        catalog.conflicts.map { "\($0.book) \($0.key) \($0.kept) \($0.ignored)" } == [
          "9780547928227 note catalog.yml:6:5 goodreads.yml:10:5",
          "9780547928227 rating catalog.yml:7:5 goodreads.yml:11:5",
          "9780441172719 status goodreads.yml:15:5 shop/prices.yml:5:5",
        ])
      #expect(catalog.includes.map(\.name) == ["goodreads.yml", "shop/prices.yml"])
      #expect(catalog.places.books["9780441172719"]?.location.description == "goodreads.yml:14:3")
    }
  }

  @Test func problemsInIncludedFilesAreLocatedThere() throws {
    let broken = """
      site:
        title: Not here
      collections:
        - title: Goodreads
          slug: mine
      books:
        "9780547928227":
          status: dnff
          ratin: 4

      """
    let owner = """
      site:
        title: Mine
      include:
        - broken.yml
        - missing.yml
        - ../outside.yml
        - broken.yml
        - catalog.yml
      collections:
        - title: Mine

      """
    try withFolder(["catalog.yml": owner, "broken.yml": broken]) { root in
      guard case .failure(let error) = load(root) else {
        Issue.record("loaded")
        return
      }
      #expect(
        error.description == """
          catalog.yml:5:5: error: cannot read the included file 'missing.yml': it does not exist
            - missing.yml
              ^~~~~~~~~~~
          catalog.yml:6:5: error: 'include[2]' must be a file beside catalog.yml ending in '.yml', such as 'goodreads.yml', got '../outside.yml'
            - ../outside.yml
              ^~~~~~~~~~~~~~
          catalog.yml:7:5: error: 'broken.yml' is included twice (first at catalog.yml:4:5)
            - broken.yml
              ^~~~~~~~~~
          catalog.yml:8:5: error: 'include[4]' names the catalog itself
            - catalog.yml
              ^~~~~~~~~~~
          broken.yml:1:1: error: 'site' belongs in catalog.yml: an included file holds only 'collections', 'shelves', 'books'
          site:
          ^~~~
          broken.yml:4:5: error: duplicate slug 'mine' (first used at catalog.yml:10:5)
            - title: Goodreads
              ^
          broken.yml:8:13: error: 'books.9780547928227.status' must be 'read', 'reading', 'to-read', 'abandoned' or the slug of a shelf declared under 'shelves', got 'dnff'
              status: dnff
                      ^~~~
          broken.yml:9:5: error: unknown key 'ratin' in 'books.9780547928227' (did you mean 'rating'?)
              ratin: 4
              ^~~~~
          """)
    }
  }

  @Test func anIncludedFileNeedsNoCollectionsButTheCatalogNeedsOne() throws {
    let owner = """
      site:
        title: Mine
      include: goodreads.yml

      """
    try withFolder(["catalog.yml": owner, "goodreads.yml": "books:\n"]) { root in
      guard case .failure(let error) = load(root) else {
        Issue.record("loaded")
        return
      }
      #expect(
        error.description == """
          catalog.yml:3:1: error: there are no collections: list at least one under 'collections', in catalog.yml or a file it includes
          include: goodreads.yml
          ^~~~~~~
          """)
    }
  }

  @Test func anIncludedLinkOutOfTheFolderIsRefused() throws {
    let owner = """
      site:
        title: Mine
      include: [elsewhere.yml]
      collections:
        - title: A

      """
    try withFolder(["catalog.yml": owner]) { root in
      try FileManager.default.createSymbolicLink(
        atPath: root + "/elsewhere.yml", withDestinationPath: "/etc/passwd")
      guard case .failure(let error) = load(root) else {
        Issue.record("loaded")
        return
      }
      #expect(
        error.description == """
          catalog.yml:3:11: error: cannot read the included file 'elsewhere.yml': it is a symbolic link to a file outside the catalog's folder
          include: [elsewhere.yml]
                    ^~~~~~~~~~~~~
          """)
    }
  }
}
