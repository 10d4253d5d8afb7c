import Glibc
// `cover-bench COUNT --source-covers --site DIR --bookgen PATH`: a site of COUNT books found by
// Google Books searches, with `site.covers: local`. A local server answers the searches as
// Google does, each volume's thumbnail an image on the same server (the synthetic covers),
// and `bookgen fetch` fills the site's cache from it: records and source images, in the cache's
// own format. Then offline builds by the release `bookgen`: the first processing of every cached
// source image, and builds with every cover processed against the same site with remote covers,
// whose records (a cache of their own) give Google's own image URLs, so its pages link an image
// for every book as a real site's do.
import LoopbackHTTP

/// Google Books' searches over `count` volumes, `perQuery` a query (`bench-<k>`): at
/// `/books/v1/volumes` each volume's thumbnail is `/img/<index>.jpg` on `origin`; at
/// `remotePrefix + /books/v1/volumes` it is the URL Google gives
/// (`googleImage(id:zoom:)`), which a site with remote covers links.
struct SourceCoverServer: Sendable {
  static let perQuery = 1000
  /// The API path prefix whose records give Google's image URLs.
  static let remotePrefix = "/remote"
  let sources: [[UInt8]]

  func answer(_ target: String, origin: String) -> LoopbackServer.Response {
    let parts = target.split(separator: "?", maxSplits: 1)
    let path = parts.first.map(String.init) ?? ""
    if path.hasPrefix("/img/"), let index = Int(path.dropFirst(5).prefix { $0 != "." }),
      sources.indices.contains(index)
    {
      return LoopbackServer.Response(status: 200, body: sources[index])
    }
    let remote = path == Self.remotePrefix + "/books/v1/volumes"
    guard path == "/books/v1/volumes" || remote else {
      return LoopbackServer.Response(status: 404, body: Array("{}".utf8))
    }
    var parameters: [String: String] = [:]
    for pair in (parts.count > 1 ? parts[1] : "").split(separator: "&") {
      let halves = pair.split(separator: "=", maxSplits: 1)
      if halves.count == 2 { parameters[String(halves[0])] = String(halves[1]) }
    }
    guard let query = parameters["q"].flatMap({ Int($0.dropFirst("bench-".count)) }) else {
      return LoopbackServer.Response(status: 400, body: Array("{}".utf8))
    }
    let first = query * Self.perQuery
    let total = max(0, min(Self.perQuery, sources.count - first))
    let start = parameters["startIndex"].flatMap { Int($0) } ?? 0
    let wanted = min(40, parameters["maxResults"].flatMap { Int($0) } ?? 10)
    let indices = (first + min(start, total))..<(first + min(start + wanted, total))
    var json = "{\"kind\": \"books#volumes\", \"totalItems\": \(total)"
    if !indices.isEmpty {
      json += ", \"items\": ["
      json += indices.map { index in
        let id = Self.id(index)
        let image = "\(origin)/img/\(index).jpg?zoom=1"
        let (small, thumbnail) =
          remote
          ? (Self.googleImage(id: id, zoom: 5), Self.googleImage(id: id, zoom: 1))
          : (image + "&small=1", image)
        return """
          {"kind": "books#volume", "id": "\(id)", "volumeInfo": {"title": "Source cover \(index + 1)", \
          "authors": ["Author \(index % 997)"], "imageLinks": {"smallThumbnail": "\(small)", \
          "thumbnail": "\(thumbnail)"}}}
          """
      }.joined(separator: ", ")
      json += "]"
    }
    return LoopbackServer.Response(status: 200, body: Array((json + "}\n").utf8))
  }

  /// An `imageLinks` URL as Google's search answers give it: plain http, the page curl and the
  /// referral tag (`zoom` 5 for `smallThumbnail`, 1 for `thumbnail`).
  static func googleImage(id: String, zoom: Int) -> String {
    "http://books.google.com/books/content?id=\(id)&printsec=frontcover&img=1&zoom=\(zoom)&edge=curl&source=gbs_api"
  }

  /// A 12-character volume id.
  static func id(_ index: Int) -> String {
    let digits = String(index)
    return "srccov" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
  }
}

/// `catalog-NAME.yml`: the searches, with local covers (cache `cache`) or remote ones (cache
/// `cache-remote`, filled from the server's `remotePrefix`).
func writeSourceCatalog(_ directory: String, name: String, title: String, count: Int, local: Bool) {
  var lines = [
    "site:", "  title: \"\(title)\"", "  base_url: \"https://bench.test/\"", "  index_pages: []",
    "  covers: \(local ? "local" : "remote")", "sources: [google_books]",
    "google_books:", "  requests_per_second: 1000", "  max_requests: 1000000",
    "cache:", "  dir: \(local ? "cache" : "cache-remote")", "  max_age: 3650d", "collections:",
  ]
  let queries = (count + SourceCoverServer.perQuery - 1) / SourceCoverServer.perQuery
  for query in 0..<queries {
    lines += [
      "  - title: \"Shelf \(query + 1)\"", "    slug: shelf-\(query + 1)", "    queries:",
      "      - q: \"bench-\(query)\"", "        max_results: \(SourceCoverServer.perQuery)",
    ]
  }
  writeFile("\(directory)/catalog-\(name).yml", Array((lines.joined(separator: "\n") + "\n").utf8))
}

func runSourceCoverBench(directory: String, bookgen: String, sources: [[UInt8]], runs: Int) {
  let count = sources.count
  mkdir(directory, 0o755)
  let handler = SourceCoverServer(sources: sources)
  let origin = Box<String>()
  let server = try! LoopbackServer { target in handler.answer(target, origin: origin.value) }
  origin.value = server.baseURL
  defer { server.stop() }
  var edits = 0
  let catalog = { (name: String) in
    edits += 1
    writeSourceCatalog(
      directory, name: name, title: "Source covers \(edits)", count: count, local: name == "covers")
  }
  print("fetching \(count) records and source covers into \(directory)/cache…")
  for (name, api) in [("covers", "/books/v1"), ("remote", SourceCoverServer.remotePrefix + "/books/v1")] {
    catalog(name)
    let before = server.counts.served
    let fetched = run(
      [
        "/usr/bin/env", "BOOKGEN_API_URL=\(server.baseURL)\(api)", bookgen, "fetch", "--catalog",
        "catalog-\(name).yml",
      ],
      in: directory)
    print("fetch (\(name)): \(format(fetched.seconds)) s, \(server.counts.served - before) requests")
  }
  // Every source image processed again from the cache: the first build after a fetch.
  _ = run(["/bin/rm", "-rf", directory + "/cache/covers", directory + "/out-covers"], in: directory)
  let build = { (name: String, output: String, fresh: Bool) -> Run in
    catalog(name)
    return timedBuild(bookgen, in: directory, catalog: name, output: output, fresh: fresh)
  }
  let first = build("covers", "out-covers", true)
  let processing = timing("covers", in: first.stderr) ?? 0
  let processed = first.stderr.split(separator: "\n").first { $0.hasPrefix("Covers:") } ?? ""
  print(
    "first build with source covers: \(format(first.seconds)) s (CPU \(format(first.cpuSeconds)) s), of which "
      + "processing \(format(processing)) s: "
      + "\(Int(Double(count) / max(processing, 0.001))) images/s; peak RSS \(first.peakMegabytes) MB (\(processed))"
  )
  _ = build("remote", "out-remote", true)
  let linked = remoteImages(in: directory + "/out-remote")
  precondition(
    linked.pages > 0 && linked.images >= linked.pages,
    "the site with remote covers links no Google image: it is no fair baseline")
  print("remote covers: \(linked.images) Google images on \(linked.pages) book pages")
  compareBuilds(
    directory: directory, count: count, runs: runs, baseline: (name: "remote", what: "with remote covers"),
    build: build)
}

/// The book pages of the site in `output` and the Google images (`<img` of `books.google.com`)
/// they show: a site with remote covers links one on each.
func remoteImages(in output: String) -> (pages: Int, images: Int) {
  guard let handle = opendir(output + "/books") else { return (0, 0) }
  defer { closedir(handle) }
  var found = (pages: 0, images: 0)
  while let entry = readdir(handle) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    guard !name.hasPrefix(".") else { continue }
    let page = readText("\(output)/books/\(name)/index.html")
    guard !page.isEmpty else { continue }
    found.pages += 1
    found.images +=
      page.split(separator: "<img", omittingEmptySubsequences: false).dropFirst().filter {
        $0.prefix { $0 != ">" }.contains("https://books.google.com/books/content?id=")
      }.count
  }
  return found
}

/// A value set once, after the closure that reads it is made.
final class Box<Value>: @unchecked Sendable {
  var value: Value!
}
