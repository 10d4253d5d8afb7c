// Render-throughput micro-benchmark: a book-detail page, rendered repeatedly, in MB/s of output.
// Run with `swift run -c release mustache-bench [seconds]`.
import Mustache

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// CPU time of this process in seconds: on a busy machine wall time measures the neighbours too.
func cpuSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

let sources: [String: String] = [
  "layout": """
  <!doctype html>
  <html lang="{{site.language}}">
  <head>
    <meta charset="utf-8">
    <title>{{$title}}{{site.title}}{{/title}}</title>
    <link rel="stylesheet" href="{{site.baseURL}}style.css">
  </head>
  <body>
    {{>partials/header}}
    <main>
      {{$main}}{{/main}}
    </main>
    <footer>{{site.footer}}</footer>
  </body>
  </html>

  """,
  "partials/header": """
  <header><a href="{{site.baseURL}}">{{site.title}}</a>
  {{#site.collections}}<a href="{{site.baseURL}}{{slug}}/">{{name}}</a> {{/site.collections}}</header>

  """,
  "partials/author": "<a class=\"author\" href=\"{{site.baseURL}}authors/{{slug}}/\">{{name}}</a>",
  "book": """
  {{<layout}}
  {{$title}}{{book.title}} – {{site.title}}{{/title}}
  {{$main}}
  {{#book}}
  <article class="book" id="{{id}}">
    <img src="{{cover.url}}" alt="Cover of {{title}}" width="{{cover.width}}" height="{{cover.height}}">
    <h1>{{title}}{{#subtitle}}<small>{{.}}</small>{{/subtitle}}</h1>
    <p class="authors">{{#authors}}{{>partials/author}}{{^last}}, {{/last}}{{/authors}}</p>
    <dl>
      {{#publisher}}<dt>Publisher</dt><dd>{{.}}</dd>{{/publisher}}
      {{#publishedDate}}<dt>Published</dt><dd>{{.}}</dd>{{/publishedDate}}
      {{#pageCount}}<dt>Pages</dt><dd>{{.}}</dd>{{/pageCount}}
      {{#isbn13}}<dt>ISBN</dt><dd>{{.}}</dd>{{/isbn13}}
      <dt>Rating</dt><dd>{{rating}} ({{ratingsCount}} ratings)</dd>
    </dl>
    <ul class="categories">
      {{#categories}}
      <li><a href="{{site.baseURL}}categories/{{slug}}/">{{name}}</a></li>
      {{/categories}}
    </ul>
    <div class="description">{{{description}}}</div>
    {{#note}}<aside class="note">{{.}}</aside>{{/note}}
    <p><a href="{{infoLink}}">More on Google Books</a> · <a href="{{previewLink}}">Preview</a></p>
  </article>
  {{/book}}
  {{/main}}
  {{/layout}}

  """,
]

let paragraph =
  "<p>Set on the desert planet Arrakis, <em>Dune</em> is the story of the boy Paul Atreides, heir to a noble "
  + "family tasked with ruling an inhospitable world where the only thing of value is the &ldquo;spice&rdquo; "
  + "melange, a drug capable of extending life and enhancing consciousness.</p>\n"
let description = String(repeating: paragraph, count: 2_048 / paragraph.utf8.count + 1)

let context: MustacheValue = [
  "site": [
    "title": "A Reader's Catalog", "baseURL": "/", "language": "en",
    "footer": "Built with bookgen & Mustache",
    "collections": .list(
      (1...6).map { ["name": .string("Collection \($0)"), "slug": .string("collection-\($0)")] }),
  ],
  "book": [
    "id": "B1exAQAAQBAJ", "title": "Dune", "subtitle": "The 50th-anniversary edition <deluxe>",
    "cover": [
      "url": "https://books.google.com/books/content?id=B1exAQAAQBAJ&printsec=frontcover", "width": 128,
      "height": 196,
    ],
    "authors": [
      ["name": "Frank Herbert", "slug": "frank-herbert", "last": false],
      ["name": "Brian Herbert", "slug": "brian-herbert", "last": false],
      ["name": "Kevin J. Anderson", "slug": "kevin-j-anderson", "last": true],
    ],
    "publisher": "Penguin", "publishedDate": "2005-08-02", "pageCount": 896, "isbn13": "9780441013593",
    "rating": 4.5, "ratingsCount": 1_234,
    "categories": [
      ["name": "Fiction", "slug": "fiction"], ["name": "Science Fiction", "slug": "science-fiction"],
      ["name": "Space Opera", "slug": "space-opera"], ["name": "Classics \"&\" more", "slug": "classics"],
    ],
    "description": .string(description), "note": "My favourite: read it twice.",
    "infoLink": "https://books.google.com/books?id=B1exAQAAQBAJ&hl=en",
    "previewLink": "https://books.google.com/books?id=B1exAQAAQBAJ&pg=PP1",
  ],
]

do {
  let library = try TemplateLibrary(sources: sources)
  let seconds = CommandLine.arguments.count > 1 ? Double(CommandLine.arguments[1]) ?? 2 : 2
  let sample = try library.render("book", context)
  if CommandLine.arguments.contains("--print") { print(sample) }
  let clock = ContinuousClock()
  let deadline = clock.now + .milliseconds(Int(seconds * 1000))
  let start = clock.now
  let cpuStart = cpuSeconds()
  var renders = 0
  var bytes = 0
  while clock.now < deadline {
    for _ in 0..<100 { bytes += try library.render("book", context).utf8.count }
    renders += 100
  }
  let elapsed = start.duration(to: clock.now)
  let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  let cpu = cpuSeconds() - cpuStart
  let megabytes = Double(bytes) / 1_000_000
  print("book page: \(sample.utf8.count) bytes of output per render, \(renders) renders")
  for (label, time) in [("wall time", wall), ("CPU time ", cpu)] {
    let rate = "\(Int(Double(renders) / time)) renders/s, \(Int(megabytes / time)) MB/s"
    print("\(label) \(String(time).prefix(5)) s: \(rate)")
  }
} catch {
  print(error)
}
