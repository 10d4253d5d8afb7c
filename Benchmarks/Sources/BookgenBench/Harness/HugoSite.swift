import Foundation

/// A Hugo site with the pages of a synthetic dataset's reference site, so that `--hugo` can time
/// Hugo on the same books in the same run: a list page per 50 books of each collection and of
/// all books, one page per book with the fields bookgen's page shows (cover, title, subtitle,
/// authors, publisher, date, ISBNs, pages, language, categories, the description as raw HTML,
/// preview and buy links). No theme, feeds, sitemap or search: Hugo's part is the smaller one.
struct HugoSite {
  var plan: DatasetPlan
  var seed: UInt64
  var directory: String

  /// Writes the site unless `directory` already holds one made from the same plan and seed.
  func write() throws {
    let stamp = "\(Dataset.generatorVersion) \(plan.count) \(seed)\n"
    let stampPath = directory + "/bench-hugo.txt"
    if (try? String(contentsOfFile: stampPath, encoding: .utf8)) == stamp { return }
    try? FileManager.default.removeItem(atPath: directory)
    try file("hugo.toml", Self.config)
    for (path, text) in Self.layouts { try file(path, text) }
    var collectionsOf: [Int: [String]] = [:]
    for collection in plan.collections {
      try file("content/collections/\(collection.slug)/_index.md", "{\"title\": \(json(collection.title))}\n")
      for query in collection.queries {
        for index in query.volumes { collectionsOf[index, default: []].append(collection.slug) }
      }
    }
    for index in 0..<plan.count {
      let book = SyntheticBook(index: index, seed: seed)
      try file("content/books/\(book.id).md", page(book, collections: collectionsOf[index] ?? []))
    }
    try file("bench-hugo.txt", stamp)
  }

  private func page(_ book: SyntheticBook, collections: [String]) -> String {
    var fields: [(String, String)] = [("title", json(book.title))]
    func add(_ key: String, _ value: String?) { if let value { fields.append((key, json(value))) } }
    add("subtitle", book.subtitle)
    if let authors = book.authors { fields.append(("authors", list(authors))) }
    add("publisher", book.publisher)
    add("pubtext", book.publishedDate)
    if let date = book.publishedDate.flatMap(Self.sortDate) { add("date", date) }
    if let pages = book.pageCount, pages > 0 { fields.append(("pages", String(pages))) }
    add("language", book.language.rawValue)
    if let categories = book.categories { fields.append(("categories", list(categories))) }
    for identifier in book.identifiers ?? [] {
      if identifier.type == "ISBN_13" { add("isbn13", identifier.value) }
      if identifier.type == "ISBN_10" { add("isbn10", identifier.value) }
    }
    if book.hasImages {
      add("cover", "https://books.google.com/books/content?id=\(book.id)&printsec=frontcover&img=1&zoom=1")
      add("thumb", "https://books.google.com/books/content?id=\(book.id)&printsec=frontcover&img=1&zoom=5")
    }
    add("preview", "https://books.google.com/books?id=\(book.id)&printsec=frontcover")
    if let retail = book.sale.retail ?? book.sale.list {
      add("buy", "https://play.google.com/store/books/details?id=\(book.id)")
      add("price", "\(retail.currency) \(retail.amount)")
    }
    if !collections.isEmpty { fields.append(("collections", list(collections))) }
    let front = "{\n" + fields.map { " \(json($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n}"
    return front + "\n\n" + (book.description ?? "") + "\n"
  }

  private func file(_ path: String, _ text: String) throws {
    let url = URL(fileURLWithPath: directory + "/" + path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  private func json(_ text: String) -> String { JSONText.quoted(text) }

  private func list(_ values: [String]) -> String { "[" + values.map(json).joined(separator: ", ") + "]" }

  /// `1965`, `1965-07` and `1965-07-01` as a date Hugo sorts by; other shapes have none.
  static func sortDate(_ text: String) -> String? {
    let parts = text.split(separator: "-")
    guard parts.allSatisfy({ $0.allSatisfy(\.isNumber) }), (1...3).contains(parts.count) else { return nil }
    return ([String(parts[0])] + parts.dropFirst().map(String.init) + ["01", "01"]).prefix(3)
      .joined(separator: "-")
  }

  static let config = """
    baseURL = "https://bench.example.org/books/"
    languageCode = "en-us"
    title = "Bench shelf"
    disablePathToLower = true
    disableAliases = true
    disableKinds = ["rss", "sitemap", "robotsTXT", "404", "section"]
    [pagination]
      pagerSize = 50
    [taxonomies]
      collection = "collections"
    [markup.goldmark.renderer]
      unsafe = true
    [markup.goldmark.parser]
      autoHeadingID = false

    """

  static let layouts: [(String, String)] = [
    (
      "layouts/_default/baseof.html",
      """
      <!DOCTYPE html>
      <html lang="{{ site.LanguageCode }}">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>{{ block "title" . }}{{ .Title }} · {{ site.Title }}{{ end }}</title>
      <link rel="stylesheet" href="{{ "style.css" | relURL }}">
      </head>
      <body>
      <header class="site"><a href="{{ "/" | relURL }}">{{ site.Title }}</a> · <a href="{{ "/collections/" | relURL }}">Collections</a></header>
      <main>
      {{ block "main" . }}{{ end }}
      </main>
      </body>
      </html>

      """
    ),
    (
      "layouts/partials/booklist.html",
      """
      <ul class="books">
      {{ range . }}<li><a href="{{ .RelPermalink }}">{{ with .Params.thumb }}<img src="{{ . }}" alt="" width="64" loading="lazy">{{ end }}<span class="t">{{ .Title }}</span></a>{{ with .Params.authors }} <span class="a">{{ range $i, $a := . }}{{ if $i }}, {{ end }}{{ $a }}{{ end }}</span>{{ end }}{{ with .Params.pubtext }} <span class="d">{{ . }}</span>{{ end }}</li>
      {{ end }}</ul>

      """
    ),
    (
      "layouts/partials/pager.html",
      """
      {{ $p := .Paginator }}{{ if gt $p.TotalPages 1 }}<nav class="pager">
      {{ if $p.HasPrev }}<a rel="prev" href="{{ $p.Prev.URL }}">&larr; Previous</a>{{ end }}
      <span>Page {{ $p.PageNumber }} of {{ $p.TotalPages }}</span>
      {{ if $p.HasNext }}<a rel="next" href="{{ $p.Next.URL }}">Next &rarr;</a>{{ end }}
      </nav>{{ end }}

      """
    ),
    (
      "layouts/index.html",
      """
      {{ define "title" }}{{ site.Title }}{{ end }}
      {{ define "main" }}
      <h1>{{ site.Title }}</h1>
      <p class="count">{{ len site.RegularPages }} books</p>
      {{ $pag := .Paginate site.RegularPages.ByTitle }}
      {{ partial "booklist.html" $pag.Pages }}
      {{ partial "pager.html" . }}
      {{ end }}

      """
    ),
    (
      "layouts/_default/term.html",
      """
      {{ define "main" }}
      <h1>{{ .Title }}</h1>
      <p class="count">{{ len .Pages }} books</p>
      {{ $pag := .Paginate .Pages.ByTitle }}
      {{ partial "booklist.html" $pag.Pages }}
      {{ partial "pager.html" . }}
      {{ end }}

      """
    ),
    (
      "layouts/_default/taxonomy.html",
      """
      {{ define "main" }}
      <h1>Collections</h1>
      <ul class="collections">
      {{ range .Data.Terms.Alphabetical }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> ({{ .Count }})</li>
      {{ end }}</ul>
      {{ end }}

      """
    ),
    (
      "layouts/_default/single.html",
      """
      {{ define "main" }}
      <article class="book">
      {{ with .Params.cover }}<img class="cover" src="{{ . }}" alt="Cover of {{ $.Title }}">{{ end }}
      <h1>{{ .Title }}</h1>
      {{ with .Params.subtitle }}<p class="subtitle">{{ . }}</p>{{ end }}
      {{ with .Params.authors }}<p class="authors">by {{ range $i, $a := . }}{{ if $i }}, {{ end }}{{ $a }}{{ end }}</p>{{ end }}
      <dl class="meta">
      {{ with .Params.publisher }}<dt>Publisher</dt><dd>{{ . }}</dd>{{ end }}
      {{ with .Params.pubtext }}<dt>Published</dt><dd>{{ . }}</dd>{{ end }}
      {{ with .Params.isbn13 }}<dt>ISBN-13</dt><dd>{{ . }}</dd>{{ end }}
      {{ with .Params.isbn10 }}<dt>ISBN-10</dt><dd>{{ . }}</dd>{{ end }}
      {{ with .Params.pages }}<dt>Pages</dt><dd>{{ . }}</dd>{{ end }}
      {{ with .Params.language }}<dt>Language</dt><dd>{{ . }}</dd>{{ end }}
      {{ with .Params.categories }}<dt>Categories</dt><dd>{{ range $i, $c := . }}{{ if $i }}, {{ end }}{{ $c }}{{ end }}</dd>{{ end }}
      </dl>
      <div class="description">{{ .Content }}</div>
      <p class="links">
      {{ with .Params.preview }}<a class="preview" href="{{ . }}">Preview on Google Books</a>{{ end }}
      {{ with .Params.buy }}<a class="buy" href="{{ . }}">Buy{{ with $.Params.price }} ({{ . }}){{ end }}</a>{{ end }}
      </p>
      </article>
      {{ end }}

      """
    ),
    (
      "static/style.css",
      """
      body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:56rem;padding:1rem;color:#222}
      ul.books{list-style:none;padding:0}
      ul.books li{display:flex;gap:.5rem;align-items:center;padding:.25rem 0;border-bottom:1px solid #eee}
      dl.meta{display:grid;grid-template-columns:max-content auto;gap:.25rem 1rem}

      """
    ),
  ]
}
