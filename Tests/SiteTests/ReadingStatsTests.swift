import Catalog
import Foundation
import Testing

@testable import Site

/// The year-in-books numbers, computed from `StatsSite`'s reads.
@Suite struct ReadingStatsTests {
  /// Title → position in the model, and the stats of the fixture.
  static func stats() throws -> (ReadingStats, SiteModel, (Int) -> String) {
    let model = try StatsSite.model()
    let stats = try #require(model.readingStats)
    return (stats, model, { model.books[$0].title ?? "?" })
  }

  @Test func yearsAndTotals() throws {
    let (stats, _, title) = try Self.stats()
    #expect(stats.years.map(\.year) == [2022, 2023])
    #expect(stats.years[0].books.map(title) == ["Alpha"])
    #expect(stats.years[1].books.map(title) == ["Alpha", "Beta", "Delta", "Epsilon", "Gamma"])
    // Alpha counts in both years; Phi is on the read shelf without a date.
    #expect(stats.totalBooks == 6)
    #expect(stats.distinctBooks == 5)
    #expect(stats.totalPages == 300 + 1_040)
    #expect(stats.readWithoutDate == 1)
  }

  @Test func monthsCountTheLastReadingOfTheYearAndABareYearAsUnknown() throws {
    let (stats, _, _) = try Self.stats()
    let year = stats.years[1]
    // Alpha in July, Gamma (February and November) in November, Delta in November, Epsilon in
    // December; Beta's `2023` has no month.
    #expect(year.months == [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 1])
    #expect(year.monthUnknown == 1)
    #expect(year.dates.map(\.isoString) == ["2023-07", "2023", "2023-11-01", "2023-12", "2023-11-20"])
    #expect(stats.years[0].months == [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0])
  }

  @Test func pagesRatingsAndFormats() throws {
    let (stats, _, _) = try Self.stats()
    let year = stats.years[1]
    #expect(year.pages == 300 + 500 + 120 + 120)
    #expect(year.withoutPageCount == 1)
    #expect(year.ratings == [1, 0, 0, 0, 0, 1, 0, 0, 2, 0])
    #expect(year.unrated == 1)
    #expect(year.averageRating == 3.125)
    #expect(ReadingStats.ratingText(3.125) == "3.13")
    #expect(ReadingStats.ratingText(5) == "5")
    #expect(year.formats.map(\.format) == ["paperback", "ebook"])
    #expect(year.formats.map(\.books) == [2, 1])
    #expect(year.formatUnknown == 2)
  }

  @Test func tiesAreBrokenByNameAndTitle() throws {
    let (stats, model, title) = try Self.stats()
    let year = stats.years[1]
    let authors = model.taxonomies[.author]!.terms
    #expect(
      year.topAuthors.map { authors[$0.term].name } == ["Ann Author", "Bob Writer", "Cy Coauthor", "Zed"])
    #expect(year.topAuthors.map(\.books) == [2, 2, 1, 1])
    let categories = model.taxonomies[.category]!.terms
    #expect(
      year.topCategories.map { categories[$0.term].fullName } == ["Fiction / Fantasy", "History", "Poetry"])
    #expect(year.longest.map(title) == "Delta")
    // Epsilon and Gamma both have 120 pages: the first by title.
    #expect(year.shortest.map(title) == "Epsilon")
  }

  @Test func noReadsNoStats() throws {
    var books = StatsSite.books
    for key in books.keys { books[key]?.datesRead = [] }
    let model = try StatsSite.model(books: books)
    #expect(model.readingStats == nil)
    #expect(!model.pageJobs(perPage: 24).contains { $0.path.segments.first == "stats" })
  }
}

/// The SVG charts: their markup, escaping and accessible names.
@Suite struct BarChartTests {
  @Test func markupIsExact() {
    let chart = BarChart(
      id: "c", title: "Books <per> year", summary: "Books & pages",
      bars: [
        BarChart.Bar(label: "2023", value: 4), BarChart.Bar(label: "\"><script>", value: 0),
        BarChart.Bar(label: "三體", value: 2),
      ])
    let expected = """
      <svg class="chart" role="img" aria-labelledby="c-title c-desc" viewBox="0 0 360 72" width="100%" font-size="13" fill="currentColor">
      <title id="c-title">Books &lt;per&gt; year</title>
      <desc id="c-desc">Books &amp; pages: 2023: 4; &quot;&gt;&lt;script&gt;: 0; 三體: 2.</desc>
      <text x="83" y="16" text-anchor="end">2023</text><rect class="chart-bar" x="89" y="4" width="256" height="16" rx="2"/><text x="349" y="16">4</text>
      <text x="83" y="40" text-anchor="end">&quot;&gt;&lt;script&gt;</text><text x="93" y="40">0</text>
      <text x="83" y="64" text-anchor="end">三體</text><rect class="chart-bar" x="89" y="52" width="128" height="16" rx="2"/><text x="221" y="64">2</text>
      </svg>
      """
    #expect(chart.svg == expected)
  }

  @Test func noBarsStillMakesAnImage() {
    let svg = BarChart(id: "e", title: "Empty", summary: "Empty", bars: []).svg
    #expect(
      svg.hasPrefix(
        "<svg class=\"chart\" role=\"img\" aria-labelledby=\"e-title e-desc\" viewBox=\"0 0 360 24\""))
    #expect(svg.contains("<desc id=\"e-desc\">Empty: .</desc>"))
  }
}
