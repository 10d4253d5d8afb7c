import Testing

@testable import Site

@Suite struct PaginationTests {
  @Test(arguments: [
    (0, 1, [0..<0]),
    (1, 1, [0..<1]),
    (24, 1, [0..<24]),
    (25, 2, [0..<24, 24..<25]),
    (48, 2, [0..<24, 24..<48]),
    (49, 3, [0..<24, 24..<48, 48..<49]),
  ])
  func pagesCoverEveryItemOnce(count: Int, pages: Int, ranges: [Range<Int>]) {
    let pagination = Pagination(itemCount: count, perPage: 24)
    #expect(pagination.pageCount == pages)
    #expect((1...pages).map(pagination.range(ofPage:)) == ranges)
  }

  @Test(
    arguments: [
      (1, 1, [1]),
      (2, 1, [1, 2]),
      (5, 3, [1, 2, 3, 4, 5]),
      (40, 1, [1, 2, 3, nil, 40]),
      (40, 6, [1, nil, 4, 5, 6, 7, 8, nil, 40]),
      (40, 4, [1, 2, 3, 4, 5, 6, nil, 40]),
      (40, 40, [1, nil, 38, 39, 40]),
    ] as [(Int, Int, [Int?])])
  func windowShowsEndsAndNeighbours(total: Int, current: Int, expected: [Int?]) {
    #expect(Pagination(itemCount: total, perPage: 1).window(around: current) == expected)
  }

  @Test func listPathsOmitPageOne() {
    let path = SitePath(["sci-fi"])
    #expect(path.page(1).encodedURLPath == "sci-fi/")
    #expect(path.page(2).encodedURLPath == "sci-fi/page/2/")
  }

  @Test(arguments: [(0, 1), (1, 1), (3, 1), (4, 2)])
  func jobsHaveOnePagePerListPage(books: Int, collectionPages: Int) throws {
    let volumes = (0..<books).map { Fixtures.volume("id\($0)", title: "Book \($0)") }
    let model = try Fixtures.model([("a", volumes)])
    let paths = model.pageJobs(perPage: 3).filter { $0.template == "collection" }.map(\.path.encodedURLPath)
    #expect(paths == ["a/"] + (1..<collectionPages).map { "a/page/\($0 + 1)/" })
  }
}
