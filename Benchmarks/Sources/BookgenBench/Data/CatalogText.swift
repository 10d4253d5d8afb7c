import Foundation

/// The `catalog.yml` of a synthetic dataset: the site, the collections with their queries, and
/// owner notes (Markdown) on every 100th book, keyed by volume id.
struct CatalogText {
  var plan: DatasetPlan
  var seed: UInt64
  /// Whether the site has the default index pages (no `index_pages`: the deploy goal for 100k
  /// books is for the default page types); without them it is the reference site (list pages,
  /// collection pages, a page per book).
  var indexPages = false

  var text: String {
    var lines = [
      "# Synthetic catalog written by bookgen-bench (generator \(Dataset.generatorVersion), \(plan.count) volumes).",
      "# Its cache holds every page these queries request; build it with --offline.",
      "site:",
      "  title: \(quoted("Bench shelf: \(plan.count) books"))",
      "  base_url: https://bench.example.org/books/",
      "  language: en",
      "  books_per_page: 50",
    ]
    if !indexPages { lines.append("  index_pages: []") }
    lines += [
      "  description: |",
      "    A **synthetic** catalog of \(plan.count) books for timing `bookgen build`.",
      "    Titles in English, 繁體中文 and 日本語.",
      "# Google Books alone: the cache holds Google's answers, and the timings stay comparable.",
      "sources: [google_books]",
      "cache:",
      "  dir: cache",
      "  max_age: 3650d",
      "collections:",
    ]
    for collection in plan.collections {
      lines += [
        "  - title: \(quoted(collection.title))",
        "    slug: \(collection.slug)",
        "    description: |",
        "      Books about *\(collection.title)*, found by \(collection.queries.count) searches.",
        "    queries:",
      ]
      for query in collection.queries {
        lines += ["      - q: \(quoted(query.q))", "        max_results: \(query.maxResults)"]
      }
    }
    lines.append("books:")
    for index in stride(from: 0, to: plan.count, by: 100) {
      let book = SyntheticBook(index: index, seed: seed)
      lines += [
        "  \(quoted(book.id)):",
        "    note: |",
        "      Read in \(2000 + index % 25). "
          + "The *\(index % 2 == 0 ? "first" : "second")* half is **better**;",
        "      see also [the publisher's page](https://example.org/books/\(index)).",
        "    tags: [bench, \(quoted("shelf \(index % 7)"))]",
      ]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A YAML double-quoted scalar.
  private func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      + "\""
  }
}
