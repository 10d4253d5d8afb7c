extension FakeOpenLibraryServer {
  /// A started server that knows what `bookgen init`'s starter catalog asks Open Library for:
  /// its two ISBNs and its search.
  public static func startedForStarterCatalog() throws -> FakeOpenLibraryServer {
    let server = FakeOpenLibraryServer()
    let library = server.library
    library.setRecord(FakeOpenLibrary.author(id: "OL79034A", name: "Frank Herbert"))
    library.setRecord(FakeOpenLibrary.work(id: "OL893415W", title: "Dune", authors: ["OL79034A"]))
    library.setRecord(
      FakeOpenLibrary.edition(
        id: "OL24382006M", title: "Dune", work: "OL893415W", authors: ["OL79034A"], isbn13: ["9780441013593"],
        publishDate: "2005", covers: [11481354]))
    library.setRecord(FakeOpenLibrary.author(id: "OL26320A", name: "J.R.R. Tolkien"))
    library.setRecord(FakeOpenLibrary.work(id: "OL27482W", title: "The Hobbit", authors: ["OL26320A"]))
    library.setRecord(
      FakeOpenLibrary.edition(
        id: "OL25976702M", title: "The Hobbit", work: "OL27482W", authors: ["OL26320A"],
        isbn13: ["9780547928227"]))
    library.setRecord(FakeOpenLibrary.author(id: "OL34221A", name: "Isaac Asimov"))
    library.setRecord(FakeOpenLibrary.work(id: "OL46125W", title: "Foundation", authors: ["OL34221A"]))
    library.setRecord(
      FakeOpenLibrary.edition(
        id: "OL7357744M", title: "Foundation", work: "OL46125W", isbn13: ["9780553293357"]))
    library.setSearch(
      ["author": "Isaac Asimov", "subject": "science fiction"],
      docs: [
        FakeOpenLibrary.doc(
          work: "OL46125W", title: "Foundation", authors: ["Isaac Asimov"], coverEdition: "OL7357744M",
          firstPublishYear: 1951)
      ])
    try server.start()
    return server
  }
}
