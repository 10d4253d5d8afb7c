import Support

/// Contexts of the owner's lists: the shelves, tags and series pages and their indexes, and the
/// home page's "currently reading".
extension PageContexts {
  /// A shelf's name: its title under `shelves:`, else the UI string of a built-in status.
  func shelfName(_ slug: String) -> String {
    Self.shelfName(slug, shelfTitles: model.shelfTitles, strings: strings)
  }

  /// `reading[]` (the cards of the books on the `reading` shelf, as many as the home page shows
  /// of recent books), `hasReading`, `hasMoreReading` and `readingHref` (that shelf's page).
  func currentlyReadingFields() -> [String: ContextValue] {
    guard let index = model.shelves.firstIndex(where: { $0.slug == "reading" }) else {
      return ["reading": .list([]), "hasReading": false, "hasMoreReading": false, "readingHref": .null]
    }
    let books = model.shelves[index].books
    return [
      "reading": .list(books.prefix(PageContexts.homeRecentBooks).map { card($0) }),
      "hasReading": true,
      "hasMoreReading": .bool(books.count > PageContexts.homeRecentBooks),
      "readingHref": .string(urls.href(model.shelfPath(index))),
    ]
  }

  /// `shelves[]` (`slug name href descriptionHTML count countText`), in the model's order.
  func shelvesFields() -> [String: ContextValue] {
    ["shelves": .list(model.shelves.indices.map { .map(shelfSummary($0)) })]
  }

  private func shelfSummary(_ index: Int) -> [String: ContextValue] {
    let shelf = model.shelves[index]
    return [
      "slug": .string(shelf.slug),
      "name": .string(shelfName(shelf.slug)),
      "href": .string(urls.href(model.shelfPath(index))),
      "descriptionHTML": .optional(shelf.description.nonEmpty.map(TextFormatting.markdownHTML)),
      "count": .int(shelf.books.count),
      "countText": .string(countText(shelf.books.count)),
    ]
  }

  /// `shelf` (as in `shelves[]`, with `shelvesHref`), `books[]`, `hasBooks` and `pagination`.
  func shelfFields(_ index: Int, page: Int) -> [String: ContextValue] {
    var shelf = shelfSummary(index)
    shelf["shelvesHref"] = .string(urls.href(PageJob.shelvesPath))
    return listFields(model.shelves[index].books, page: page, path: model.shelfPath(index)).merging([
      "shelf": .map(shelf)
    ]) { _, new in new }
  }

  /// `tags[]` (`name href count countText`), in name order.
  func tagsFields() -> [String: ContextValue] {
    let terms = model.taxonomies[.tag]?.terms ?? []
    let hrefs = termHrefs[.tag] ?? []
    return [
      "tags": .list(
        terms.indices.map { index in
          [
            "name": .string(terms[index].name),
            "href": .optional(index < hrefs.count ? hrefs[index] : nil),
            "count": .int(terms[index].books.count),
            "countText": .string(countText(terms[index].books.count)),
          ]
        })
    ]
  }

  /// `series[]` (`name href count countText`), in name order.
  func seriesListFields() -> [String: ContextValue] {
    [
      "series": .list(
        model.series.indices.map { index in
          let entry = model.series[index]
          return [
            "name": .string(entry.name),
            "href": .string(urls.href(model.seriesPagePath(index))),
            "count": .int(entry.books.count),
            "countText": .string(countText(entry.books.count)),
          ]
        })
    ]
  }

  /// `series` (`name href countText seriesHref`), `books[]` in series order, each card with its
  /// `numberText` (`Book 2`, or none), `hasBooks` and `pagination`.
  func seriesPageFields(_ index: Int, page: Int) -> [String: ContextValue] {
    let entry = model.series[index]
    let path = model.seriesPagePath(index)
    let pagination = Pagination(itemCount: entry.books.count, perPage: perPage)
    var fields = listFields(entry.books, page: page, path: path)
    fields["books"] = .list(
      entry.books[pagination.range(ofPage: page)].map { book in
        let number = self.book(book).record.series?.numberText.map {
          strings.format("seriesBook", ["number": $0])
        }
        return .object(CardView(self, book, lazy: true, numberText: .optional(number)))
      })
    fields["series"] = [
      "name": .string(entry.name),
      "href": .string(urls.href(path)),
      "countText": .string(countText(entry.books.count)),
      "seriesHref": .string(urls.href(PageJob.seriesPath)),
    ]
    return fields
  }

  /// `series` of book `index`: `{name, number, text, href, total, positionText, previous, next,
  /// hasNeighbours}`
  /// (`previous`/`next`: `{title, href}` of the books either side in series order, or null), or
  /// null for a book in no series.
  func bookSeriesFields(_ index: Int) -> ContextValue {
    guard let series = book(index).record.series else { return .null }
    let base = seriesFields(series)
    guard case .map(var fields) = base, let place = model.seriesPlace(of: index) else { return base }
    let entry = model.series[place.series]
    let total = entry.books.count
    let number = series.numberText
    let arguments: KeyValuePairs = [
      "number": number ?? "", "total": NumberText.grouped(total), "series": entry.name,
    ]
    // "Book 2 of 3" only when the number fits the books the site has of the series.
    let key: String
    if let value = series.number {
      key = total > 1 && value <= Double(total) ? "seriesPosition" : "seriesNumberIn"
    } else {
      key = total > 1 ? "seriesMember" : "seriesIn"
    }
    func neighbour(_ book: Int?) -> ContextValue {
      guard let book else { return .null }
      return [
        "title": .string(self.book(book).title ?? strings["untitled"]),
        "lang": .optional(
          self.book(book).title == nil ? nil : self.book(book).languageTag(on: settings.language)),
        "href": .string(bookHref(book)),
      ]
    }
    fields["href"] = .string(urls.href(model.seriesPagePath(place.series)))
    fields["total"] = .int(total)
    fields["positionText"] = .string(strings.format(key, arguments))
    fields["previous"] = neighbour(place.previous)
    fields["next"] = neighbour(place.next)
    fields["hasNeighbours"] = .bool(place.previous != nil || place.next != nil)
    return .map(fields)
  }
}
