// Render-throughput micro-benchmark: the default theme's pages (the package's templates/ folder),
// rendered repeatedly with contexts shaped like the site builder's, in MB/s of output.
// Run with `swift run -c release --package-path Benchmarks mustache-bench [seconds] [--print PAGE]
// [--templates FOLDER]`; `--renders N` renders each page exactly N times instead (for valgrind's
// instruction counts).
import Foundation
import Mustache

/// CPU time of this process in seconds: on a busy machine wall time measures the neighbours too.
func cpuSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The value after `flag` on the command line, if any.
func option(_ flag: String) -> String? {
  let arguments = CommandLine.arguments
  guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}

// MARK: Contexts, shaped like Site's PageContexts (site, t, page, then the page's own fields)

let uiKeys = [
  "skipToContent", "search", "searchPlaceholder", "collections", "allBooks", "noBooks", "seeAll",
  "recentlyPublished", "noCover", "free", "publicDomain", "preview", "opensInNewTab", "buy", "listPrice",
  "ownerNote", "description", "details", "publisher", "published", "isbn13", "isbn10", "pages", "language",
  "categories", "rating", "tags", "inCollections", "dataFrom", "viewOnGoogleBooks", "poweredBy",
  "pagination", "previous", "next", "subcategories", "notFoundTitle", "notFoundText", "backHome",
]
// The real table has about 55 strings; the ones no template shows still make the map larger.
let strings: MustacheValue = .map(
  Dictionary(
    uniqueKeysWithValues: (uiKeys + (1...17).map { "unused\($0)" }).map { key in
      (key, MustacheValue.string("Text of \(key)"))
    }))

let collections = (1...6).map { (title: "Collection \($0)", slug: "collection-\($0)") }

let site: MustacheValue = [
  "title": "A Reader's Catalog", "language": "en", "author": "Jane Reader", "baseURL": "/",
  "homeHref": "/", "allBooksHref": "/books/", "searchHref": "/books/", "stylesheetHref": "/assets/style.css",
  "assetsHref": "/assets/",
  "collections": .list(collections.map { ["title": .string($0.title), "href": .string("/\($0.slug)/")] }),
  "bookCount": 1_200,
]

let paragraph =
  "<p>Set on the desert planet Arrakis, <em>Dune</em> is the story of the boy Paul Atreides, heir to a noble "
  + "family tasked with ruling an inhospitable world where the only thing of value is the &ldquo;spice&rdquo; "
  + "melange, a drug capable of extending life and enhancing consciousness.</p>\n"

func cover(_ index: Int, title: String, large: Bool = false) -> MustacheValue {
  // One book in five has no cover and shows the placeholder.
  let url: String? =
    index % 5 == 4 ? nil : "https://books.google.com/books/content?id=BOOK\(index)&printsec=frontcover&img=1"
  return [
    "url": MustacheValue(url), "hasImage": .bool(url != nil), "width": large ? 300 : 128,
    "height": large ? 450 : 192, "alt": .string("Cover of \(title)"),
  ]
}

func card(_ index: Int) -> MustacheValue {
  // Most titles need no escaping; one in four has quotes and angle brackets.
  let title =
    index % 4 == 0 ? "Book number \(index): a \"story\" of <things>" : "Book number \(index): a story"
  return [
    "id": .string("BOOK\(index)"), "href": .string("/books/book-\(index)/"), "title": .string(title),
    "lang": index % 3 == 0 ? "ja" : "en",
    "subtitle": index % 2 == 0 ? .string("Subtitle \(index)") : .null,
    "authorsText": .string("Author \(index), Author \(index + 1)"),
    "year": index % 7 == 0 ? .null : .string(String(1950 + index % 70)), "cover": cover(index, title: title),
  ]
}

func page(kind: String, title: String) -> MustacheValue {
  let seoHead =
    "<meta name=\"description\" content=\"A page about \(title)\">\n"
    + "<link rel=\"canonical\" href=\"https://example.org/\(kind)/\">\n"
    + "<meta property=\"og:title\" content=\"\(title)\">\n<meta property=\"og:type\" content=\"website\">\n"
  return [
    "title": .string(title), "documentTitle": .string("\(title) – A Reader's Catalog"),
    "canonicalURL": .string("https://example.org/\(kind)/"), "description": .null, "kind": .string(kind),
    "isHome": .bool(kind == "home"), "isBook": .bool(kind == "book"), "seoHead": .string(seoHead),
  ]
}

func context(kind: String, title: String, _ own: [String: MustacheValue]) -> MustacheValue {
  var fields = own
  fields["site"] = site
  fields["t"] = strings
  fields["page"] = page(kind: kind, title: title)
  return .map(fields)
}

/// `books`, `hasBooks` and `pagination` of page 3 of a long list.
func listFields(cards: Range<Int>) -> [String: MustacheValue] {
  let pages: [MustacheValue] = [1, nil, 2, 3, 4, 5, nil, 40].map { number in
    guard let number else { return ["isGap": true] }
    return [
      "isGap": false, "number": .number(Double(number)), "href": .string("/fiction/page/\(number)/"),
      "isCurrent": .bool(number == 3), "label": .string("Page \(number)"),
    ]
  }
  return [
    "books": .list(cards.map(card)), "hasBooks": true,
    "pagination": [
      "current": 3, "total": 40, "isPaginated": true, "text": "Page 3 of 40",
      "previousHref": "/fiction/page/2/",
      "nextHref": "/fiction/page/4/", "pages": .list(pages),
    ],
  ]
}

func link(_ name: String, _ href: String) -> MustacheValue {
  ["name": .string(name), "href": .string(href)]
}

let book: MustacheValue = [
  "id": "B1exAQAAQBAJ", "title": "Dune", "lang": "en", "subtitle": "The 50th-anniversary edition <deluxe>",
  "href": "/books/dune/",
  "authors": [
    link("Frank Herbert", "/authors/frank-herbert/"), link("Brian Herbert", "/authors/brian-herbert/"),
  ],
  "hasAuthors": true, "authorsText": "Frank Herbert, Brian Herbert",
  "publisher": link("Penguin", "/publishers/penguin/"), "isbn13": "9780441013593", "isbn10": "0441013597",
  "pageCountText": "896 pages",
  "categories": [
    ["levels": [link("Fiction", "/categories/fiction/"), link("Science Fiction", "/categories/sf/")]],
    ["levels": [link("Classics \"&\" more", "/categories/classics/")]],
  ],
  "hasCategories": true,
  "descriptionHTML": .string(String(repeating: paragraph, count: 2_048 / paragraph.utf8.count + 1)),
  "noteHTML": "<p>My favourite: read it twice.</p>\n", "tags": ["favourite", "re-read", "space"],
  "hasTags": true, "collections": [["title": "Collection 1", "href": "/collection-1/"]],
  "cover": cover(1, title: "Dune", large: true),
  "googleBooksURL": "https://books.google.com/books?id=B1exAQAAQBAJ&hl=en",
  "previewURL": "https://play.google.com/books/reader?id=B1exAQAAQBAJ", "isFree": false,
  "isPublicDomain": false,
  "published": ["text": "2 August 2005", "iso": "2005-08-02", "href": "/years/2005/"],
  "language": ["name": "English", "code": "en", "href": "/languages/en/"],
  "rating": ["value": "4.5", "count": 1_234, "text": "4.5 (1,234 ratings)", "percent": 90],
  "buy": [
    "url": "https://play.google.com/store/books/details?id=B1exAQAAQBAJ", "price": "$9.99",
    "listPrice": "$12.99", "discountText": "23% off", "currency": "USD", "amount": "9.99",
    "saleability": "FOR_SALE",
  ],
  "hasActions": true,
]

let homeCollections: [MustacheValue] = collections.enumerated().map { index, collection in
  [
    "title": .string(collection.title), "href": .string("/\(collection.slug)/"),
    "descriptionHTML": index % 2 == 0 ? "<p>Books we <em>love</em>.</p>\n" : .null, "count": 120,
    "countText": "120 books", "books": .list((index * 6..<index * 6 + 6).map(card)), "hasBooks": true,
    "hasMore": true,
  ]
}

/// Each page kind the site renders, with the list pages at the default 24 books per page
/// (the home page shows 6 × 6 covers and 8 recent books; the category page 48).
let pages: [(name: String, template: String, context: MustacheValue)] = [
  ("book", "book", context(kind: "book", title: "Dune", ["book": book])),
  (
    "collection", "collection",
    context(
      kind: "collection", title: "Collection 1",
      listFields(cards: 48..<72).merging([
        "collection": [
          "title": "Collection 1", "href": "/collection-1/",
          "descriptionHTML": "<p>Books we <em>love</em>.</p>\n",
          "countText": "960 books",
        ]
      ]) { _, new in new })
  ),
  (
    "category", "category",
    context(
      kind: "category", title: "Science Fiction",
      listFields(cards: 100..<148).merging([
        "term": [
          "kind": "category", "kindName": "Category", "name": "Science Fiction",
          "fullName": "Fiction / Science Fiction",
          "href": "/categories/sf/", "countText": "1,920 books",
          "ancestors": [link("Fiction", "/categories/fiction/")],
          "hasAncestors": true,
          "children": .list(
            (1...5).map {
              [
                "name": .string("Sub \($0)"), "href": .string("/categories/sub-\($0)/"),
                "countText": "12 books",
              ]
            }
          ),
          "hasChildren": true,
        ]
      ]) { _, new in new })
  ),
  (
    "home", "home",
    context(
      kind: "home", title: "A Reader's Catalog",
      [
        "introHTML": "<p>Welcome to my shelves.</p>\n", "collections": .list(homeCollections),
        "recent": .list((200..<208).map(card)), "hasRecent": true,
      ])
  ),
]

// MARK: Measuring

// The project's root: Benchmarks/Sources/MustacheBench/main.swift is four levels below it.
let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
let folder = option("--templates") ?? projectRoot.appendingPathComponent("templates").path

/// The template files below `folder`, read whole (the site reads them through its own fence).
func templateFiles(in folder: String) throws -> [TemplateLibrary.File] {
  let paths = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
  return try paths.filter { TemplateLibrary.templateName(ofFile: $0) != nil }.map { path in
    TemplateLibrary.File(
      path: path, contents: Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))))
  }
}

do {
  let library = try TemplateLibrary(files: try templateFiles(in: folder), displayPrefix: folder)
  if let name = option("--print"), let shown = pages.first(where: { $0.name == name }) {
    print(try library.render(shown.template, shown.context))
    exit(0)
  }
  let seconds = CommandLine.arguments.count > 1 ? Double(CommandLine.arguments[1]) ?? 4 : 4
  let fixedRenders = option("--renders").flatMap { Int($0) }
  var totalBytes = 0
  var totalCPU = 0.0
  // One buffer for every render, as the site's page writer keeps one per batch of pages.
  var page = OutputBuffer()
  for (name, template, context) in pages {
    page.removeAll()
    try library.render(template, context, into: &page)
    let size = page.count
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(Int(seconds * 1000) / pages.count)
    let cpuStart = cpuSeconds()
    var renders = 0
    var bytes = 0
    while fixedRenders.map({ renders < $0 }) ?? (clock.now < deadline) {
      let batch = min(50, fixedRenders.map { $0 - renders } ?? 50)
      for _ in 0..<batch {
        page.removeAll()
        try library.render(template, context, into: &page)
        bytes += page.count
      }
      renders += batch
    }
    let cpu = cpuSeconds() - cpuStart
    totalBytes += bytes
    totalCPU += cpu
    let label = (name + ":").padding(toLength: 12, withPad: " ", startingAt: 0)
    print(
      "\(label)\(size) bytes, \(Int(Double(renders) / cpu)) renders/s, \(Int(Double(bytes) / 1e6 / cpu)) MB/s"
    )
  }
  print("all pages:  \(Int(Double(totalBytes) / 1e6 / totalCPU)) MB/s (CPU time, \(folder))")
} catch {
  print(error)
  exit(1)
}
