import BookRecord
import Catalog
import Support

/// The owner's own data on a book's page: their shelf, rating, dates and copy, and its series.
extension PageContexts {
  /// `reading`: `{status: {slug, name, href}, myRating: {value, text, percent, halfStars}, dateAdded, dateStarted,
  /// datesRead: [{text, iso}], readCount, formatName, owned, links: [{name, url}]}`, or null;
  /// named apart from the book's own fields (`rating` is Google's average).
  func readingFields(_ reading: ReadingRecord?) -> ContextValue {
    guard let reading else { return .null }
    let language = strings.language
    func date(_ date: BookDate?) -> ContextValue {
      guard let date else { return .null }
      return ["text": .string(date.formatted(for: language)), "iso": .string(date.isoString)]
    }
    var fields: [String: ContextValue] = [
      "dateAdded": date(reading.dateAdded),
      "dateStarted": date(reading.dateStarted),
      "datesRead": .list(reading.datesRead.map { date($0) }),
      "hasDatesRead": .bool(!reading.datesRead.isEmpty),
      "readCount": .optional(reading.readCount.flatMap { $0 > 0 ? NumberText.grouped($0) : nil }),
      "formatName": .optional(reading.format.map { strings["format" + Self.capitalized($0)] }),
      "owned": .bool(reading.owned == true),
    ]
    let links: [ContextValue] = reading.links.compactMap { link in
      WebLink.link(link.url).map { ["name": .string(link.name), "url": .string($0)] }
    }
    fields["links"] = .list(links)
    fields["hasLinks"] = .bool(!links.isEmpty)
    if let slug = reading.status {
      let name = Self.shelfName(slug, shelfTitles: model.shelfTitles, strings: strings)
      // The shelf's page: every status a book has names a shelf that holds it.
      let shelf = model.shelves.firstIndex { $0.slug == slug }
      fields["status"] = [
        "slug": .string(slug), "name": .string(name),
        "href": .optional(shelf.map { urls.href(model.shelfPath($0)) }),
      ]
    } else {
      fields["status"] = .null
    }
    if let rating = reading.rating {
      let value = NumberText.shortest(rating)
      fields["myRating"] = [
        "value": .string(value),
        "text": .string(strings.format("myRatingValue", ["rating": value])),
        "percent": .int(Int((rating / 5 * 100).rounded())),
        // Stars to draw, in halves: 3.4 is three and a half.
        "halfStars": .int(Int((min(max(rating, 0), 5) * 2).rounded())),
      ]
    } else {
      fields["myRating"] = .null
    }
    return .map(fields)
  }

  /// `to-read` → `ToRead`: a status or format as the end of its UI string's id (`statusToRead`).
  /// A shelf's name: its title under `shelves:`, else the UI string of a built-in status.
  static func shelfName(_ slug: String, shelfTitles: [String: String], strings: UIStrings) -> String {
    shelfTitles[slug] ?? strings["status" + capitalized(slug)]
  }

  static func capitalized(_ word: String) -> String {
    word.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// `series`: `{name, number, text}` (`Book 2 of Dune`), or null.
  func seriesFields(_ series: SeriesPosition?) -> ContextValue {
    guard let series else { return .null }
    return [
      "name": .string(series.name),
      "number": .optional(series.numberText),
      "text": .string(
        series.numberText.map { strings.format("seriesNumber", ["number": $0, "series": series.name]) }
          ?? series.name),
    ]
  }

  /// `In stock`, `Out of stock`, `Pre-order` for a shop's own availability.
  func availabilityText(_ saleability: Saleability?) -> String? {
    switch saleability {
    case .outOfStock?: strings["outOfStock"]
    case .forPreorder?: strings["preorder"]
    default: nil
    }
  }

  /// `From my Goodreads export…` for a book no source knows; nil for the others.
  func exportName(_ book: Book) -> String? {
    guard let app = BookSource.exportedApp(book.record.provenance.records[0].source) else { return nil }
    return strings.format("dataFromExport", ["source": app.appName])
  }
}
