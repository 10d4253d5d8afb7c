import Support

/// The contexts of the year-in-books pages: `stats/` (every year) and `stats/<year>/`.
extension PageContexts {
  /// `stats` on `stats/`: `years[] (year href booksText books pagesText withoutPageCountText)`,
  /// newest first, `booksChartHTML pagesChartHTML totalBooksText totalPagesText
  /// distinctBooksText readWithoutDateText jsonHref`.
  func statsFields() -> ContextValue {
    let stats = model.readingStats!
    let years = stats.years.reversed()
    let bars = { (value: (ReadingStats.Year) -> Int) in
      years.map { BarChart.Bar(label: String($0.year), value: value($0)) }
    }
    return [
      "years": .list(
        years.map { year in
          [
            "year": .string(String(year.year)),
            "href": .string(urls.href(PageJob.statsPath(year: year.year))),
            "books": .string(NumberText.grouped(year.books.count)),
            "booksText": .string(countText(year.books.count)),
            "pagesText": .string(NumberText.grouped(year.pages)),
            "withoutPageCountText": withoutPageCountText(year),
          ]
        }),
      "booksChartHTML": .string(
        BarChart(
          id: "chart-books", title: strings["statsBooksPerYear"], summary: strings["statsBooksPerYear"],
          bars: bars { $0.books.count }
        ).svg),
      "pagesChartHTML": .string(
        BarChart(
          id: "chart-pages", title: strings["statsPagesPerYear"], summary: strings["statsPagesPerYear"],
          bars: bars(\.pages)
        ).svg),
      "totalBooksText": .string(countText(stats.totalBooks)),
      "totalPagesText": .string(NumberText.grouped(stats.totalPages)),
      "distinctBooksText": .string(
        strings.format("statsDistinctBooks", ["count": NumberText.grouped(stats.distinctBooks)])),
      "readWithoutDateText": .optional(
        stats.readWithoutDate == 0
          ? nil
          : strings.format("statsReadWithoutDate", ["count": NumberText.grouped(stats.readWithoutDate)])),
      "jsonHref": .string(urls.href(StatsJSON.overviewPath)),
    ]
  }

  /// `stats` on `stats/<year>/`: `year booksText pagesText withoutPageCountText`, the
  /// sections' headings `monthsTitle ratingsTitle formatsTitle booksTitle`, per month
  /// `monthsChartHTML months[] (name count)`, `ratingsChartHTML ratings[] (label count)
  /// hasRatings averageRatingText unratedCount`, `formatsChartHTML formats[] (name count)`,
  /// `topAuthors[]`/`topCategories[] (name href count)`, `longest`/`shortest` (title href
  /// pagesText), `books[]` (cards), `previous`/`next` (year href), `allYearsHref jsonHref`.
  func statsYearFields(_ index: Int) -> ContextValue {
    let years = model.readingStats!.years
    let year = years[index]
    let yearText = String(year.year)
    let language = strings.language
    var months = (1...12).map {
      BarChart.Bar(label: UIStrings.monthName($0, for: language), value: year.months[$0 - 1])
    }
    if year.monthUnknown > 0 {
      months.append(BarChart.Bar(label: strings["statsMonthUnknown"], value: year.monthUnknown))
    }
    // Highest rating first, as people read a distribution of stars.
    let ratings = (1...10).reversed().map { half in
      BarChart.Bar(
        label: NumberText.decimal(Double(half) / 2, fractionDigits: 1), value: year.ratings[half - 1])
    }
    var formats = year.formats.map {
      BarChart.Bar(label: strings["format" + Self.capitalized($0.format)], value: $0.books)
    }
    if year.formatUnknown > 0 {
      formats.append(BarChart.Bar(label: strings["statsFormatUnknown"], value: year.formatUnknown))
    }
    let chart = { (id: String, key: String, bars: [BarChart.Bar]) -> ContextValue in
      let title = self.strings.format(key, ["year": yearText])
      return .string(BarChart(id: id, title: title, summary: title, bars: bars).svg)
    }
    let rows = { (bars: [BarChart.Bar]) -> ContextValue in
      .list(bars.map { ["name": .string($0.label), "count": .string($0.valueText)] })
    }
    let neighbour = { (offset: Int) -> ContextValue in
      guard years.indices.contains(index + offset) else { return .null }
      let other = years[index + offset].year
      return [
        "year": .string(String(other)), "href": .string(self.urls.href(PageJob.statsPath(year: other))),
      ]
    }
    let rated = year.books.count - year.unrated
    return [
      "year": .string(yearText),
      "booksText": .string(countText(year.books.count)),
      "pagesText": .string(NumberText.grouped(year.pages)),
      "withoutPageCountText": withoutPageCountText(year),
      "monthsTitle": .string(strings.format("statsBooksPerMonth", ["year": yearText])),
      "ratingsTitle": .string(strings.format("statsRatings", ["year": yearText])),
      "formatsTitle": .string(strings.format("statsFormats", ["year": yearText])),
      "booksTitle": .string(strings.format("statsBooksOfYear", ["year": yearText])),
      "monthsChartHTML": chart("chart-months", "statsBooksPerMonth", months),
      "months": rows(months),
      "hasRatings": .bool(rated > 0),
      "ratingsChartHTML": rated > 0 ? chart("chart-ratings", "statsRatings", ratings) : .null,
      "ratings": rows(ratings),
      "averageRatingText": .optional(
        year.averageRating.map {
          strings.format("myRatingValue", ["rating": ReadingStats.ratingText($0)])
        }),
      "unratedCount": .string(NumberText.grouped(year.unrated)),
      "hasFormats": .bool(!year.formats.isEmpty),
      "formatsChartHTML": year.formats.isEmpty ? .null : chart("chart-formats", "statsFormats", formats),
      "formats": rows(formats),
      "topAuthors": topFields(year.topAuthors, .author),
      "hasTopAuthors": .bool(!year.topAuthors.isEmpty),
      "topCategories": topFields(year.topCategories, .category),
      "hasTopCategories": .bool(!year.topCategories.isEmpty),
      "longest": year.longest.map(extremeFields) ?? .null,
      "shortest": year.shortest.map(extremeFields) ?? .null,
      "books": .list(year.books.map { card($0) }),
      "previous": neighbour(-1),
      "next": neighbour(1),
      "allYearsHref": .string(urls.href(PageJob.statsPath)),
      "jsonHref": .string(urls.href(StatsJSON.yearPath(year.year))),
    ]
  }

  private func withoutPageCountText(_ year: ReadingStats.Year) -> ContextValue {
    .optional(
      year.withoutPageCount == 0
        ? nil : strings.format("statsWithoutPageCount", ["count": NumberText.grouped(year.withoutPageCount)]))
  }

  /// `[{name, href, count}]`: `href` null when the kind has no index pages.
  private func topFields(_ counts: [ReadingStats.Count], _ kind: TaxonomyKind) -> ContextValue {
    let terms = model.taxonomies[kind]?.terms ?? []
    return .list(
      counts.map { count in
        [
          "name": .string(terms[count.term].fullName),
          "href": .optional(termHrefs[kind]?[count.term]),
          "count": .string(NumberText.grouped(count.books)),
        ]
      })
  }

  /// The longest or shortest book: `{title, href, pagesText}`.
  private func extremeFields(_ index: Int) -> ContextValue {
    let book = book(index)
    return [
      "title": .string(book.title ?? strings["untitled"]),
      "href": .string(bookHref(index)),
      "pagesText": .optional(
        book.pageCount.map { strings.format("pageCount", ["count": NumberText.grouped($0)]) }),
    ]
  }
}
