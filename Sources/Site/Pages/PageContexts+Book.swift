import BookRecord
import Mustache
import Support

/// The context of a book's detail page.
extension PageContexts {
  /// The fields of `book`, one shape for every book page: its template finds each by slot.
  static let bookShape = MustacheShape([
    "id", "title", "lang", "subtitle", "href", "authors", "hasAuthors", "authorsText", "publisher", "isbn13",
    "isbn10", "pageCountText", "categories", "hasCategories", "descriptionHTML", "noteHTML", "tags",
    "hasTags", "tagLinks", "collections", "cover", "googleBooksURL", "sources", "dataFromText", "previewURL",
    "isFree", "isPublicDomain", "published", "firstPublished", "language", "rating", "buy", "hasActions",
    "series", "reading", "extra", "exportSource", "embed",
  ])
  // The small objects of a book page, by shape: a page has dozens (each author, category level
  // and tag), and a dictionary per one was hashed to build and again to read.
  static let linkShape = MustacheShape(["name", "href"])
  static let publishedShape = MustacheShape(["text", "iso", "href"])
  static let firstPublishedShape = MustacheShape(["text", "iso"])
  static let languageShape = MustacheShape(["name", "code", "href"])
  static let ratingShape = MustacheShape(["value", "count", "text", "percent"])
  static let collectionShape = MustacheShape(["title", "href"])
  static let sourceShape = MustacheShape(["name", "url", "viewText"])
  static let categoryShape = MustacheShape(["levels", "fullName"])
  static let buyShape = MustacheShape([
    "url", "price", "listPrice", "discountText", "availabilityText", "currency", "amount", "saleability",
  ])

  func bookFields(_ index: Int, texts: BookTexts) -> ContextValue {
    let book = book(index)
    let terms = model.bookTerms[index]
    let language = strings.language
    let title = book.title ?? strings["untitled"]
    // The links and the large cover were derived once for feeds and SEO: the same here.
    let facts = seo.facts(of: index)
    let previewURL = facts.previewURL
    let buy = buyFields(book, url: facts.buyURL)
    let cover = facts.image
    let sources = facts.sources
    var published: ContextValue?
    if let date = book.date {
      published = Self.publishedShape.object([
        // What the source wrote, when the date holds only part of it (`c1976`).
        "text": .string(book.record.publishedText.nonEmpty ?? date.formatted(for: language)),
        "iso": .string(date.isoString),
        "href": termHref(.year, terms.year),
      ])
    }
    var firstPublished: ContextValue?
    if let first = book.record.firstPublished, first.year != book.date?.year || book.date == nil {
      firstPublished = Self.firstPublishedShape.object([
        "text": .string(first.formatted(for: language)), "iso": .string(first.isoString),
      ])
    }
    var bookLanguage: ContextValue?
    if let code = book.language {
      bookLanguage = Self.languageShape.object([
        "name": .string(languageNames[code] ?? LanguageNames.name(of: code, in: language)),
        "code": .string(code),
        "href": termHref(.language, terms.language),
      ])
    }
    var rating: ContextValue?
    if let average = book.record.rating, average.average > 0, average.average <= 5 {
      let value = NumberText.decimal(average.average, fractionDigits: 1)
      rating = Self.ratingShape.object([
        "value": .string(value),
        "count": .int(average.count ?? 0),
        "text": .string(
          strings.format("ratingValue", ["rating": value, "count": NumberText.grouped(average.count ?? 0)])),
        "percent": .int(Int((average.average / 5 * 100).rounded())),
      ])
    }
    let lang = book.title == nil ? nil : book.languageTag(on: settings.language)
    let authorsText = book.authors.isEmpty ? nil : book.authors.joined(separator: ", ")
    return Self.bookShape.object([
      "id": .string(book.id),
      "title": .string(title),
      "lang": .optional(lang),
      "subtitle": .optional(book.subtitle),
      "href": .string(bookHref(index)),
      "authors": .list(zip(book.authors, terms.authors).map { termLink(.author, $1, name: $0) }),
      "hasAuthors": .bool(!book.authors.isEmpty),
      "authorsText": .optional(authorsText),
      "publisher": both(book.publisher, terms.publisher).map { termLink(.publisher, $1, name: $0) } ?? .null,
      "isbn13": .optional(book.isbn13),
      "isbn10": .optional(book.isbn10),
      "pageCountText": .optional(
        book.pageCount.map { strings.format("pageCount", ["count": NumberText.grouped($0)]) }),
      "categories": .list(terms.categories.map(categoryTrail)),
      "hasCategories": .bool(!terms.categories.isEmpty),
      "descriptionHTML": .optional(texts.descriptionHTML),
      "noteHTML": .optional(texts.noteHTML),
      "tags": .list(book.tags.compactMap(\.nonEmpty).map(ContextValue.string)),
      "hasTags": .bool(book.tags.contains { $0.nonEmpty != nil }),
      // Each tag once, linked to its page when tags have pages (`tags` stays plain text).
      "tagLinks": .list(
        terms.tags.map { termLink(.tag, $0, name: model.taxonomies[.tag]!.terms[$0].name) }),
      "collections": .list(
        book.collections.map { index in
          let collection = model.collections[index]
          return Self.collectionShape.object([
            "title": .string(collection.title), "href": .string(urls.href(SitePath([collection.slug]))),
          ])
        }),
      // Above the fold: never lazy.
      "cover": PageContexts.coverFields(
        CoverImage.of(book, slot: .page, prefix: urls.pathPrefix, remote: cover), slot: Self.pageCoverSize,
        book: book, title: title, lang: lang,
        authorsText: authorsText, alt: strings.format("coverOf", ["title": title]), lazy: false),
      "googleBooksURL": .string(facts.sourceURL),
      // Each source the book's data came from, with its page for the book (the attribution).
      "sources": .list(
        sources.compactMap { source in
          source.url.map {
            Self.sourceShape.object([
              "name": .string(strings.name(source.source)), "url": .string($0),
              "viewText": .string(strings.view(source.source)),
            ])
          }
        }),
      "dataFromText": .string(
        strings.format("dataFromSources", ["sources": strings.list(sources.map { strings.name($0.source) })])),
      "previewURL": .optional(previewURL),
      "isFree": .bool(book.record.sale?.saleability == .free),
      "isPublicDomain": .bool(book.record.isPublicDomain == true),
      "published": published,
      "firstPublished": firstPublished,
      "language": bookLanguage,
      "rating": rating,
      "buy": buy,
      "hasActions": .bool(previewURL != nil || buy != .null),
      "series": bookSeriesFields(index),
      "reading": readingFields(book.record.reading),
      // Always a mapping, so that `book.extra.NAME` is simply empty for a book without it.
      "extra": .map((book.record.reading?.extra ?? [:]).mapValues(ContextValue.string)),
      "exportSource": .optional(exportName(book)),
      "embed": embedFields(index),
    ])
  }

  /// `buy`: the store link with list and retail prices and the discount, or null.
  /// `url` is the book's https store link, when it has one.
  private func buyFields(_ book: Book, url: String?) -> ContextValue {
    guard let sale = book.record.sale, let url else { return .null }
    let language = strings.language
    let discount = PriceText.discountPercent(list: sale.listPrice, retail: sale.retailPrice)
    let retail = sale.retailPrice ?? sale.listPrice
    return Self.buyShape.object([
      "url": .string(url),
      "price": .optional(retail.map { PriceText.format($0, for: language) }),
      "listPrice": .optional(
        discount == nil ? nil : sale.listPrice.map { PriceText.format($0, for: language) }),
      "discountText": .optional(discount.map { strings.format("discount", ["percent": String($0)]) }),
      "availabilityText": .optional(availabilityText(sale.saleability)),
      "currency": .optional(retail?.currencyCode),
      // Raw values for structured data (schema.org Offer): `356.00`, `FOR_SALE`.
      "amount": .optional(
        retail.map { NumberText.decimal($0.amount, fractionDigits: 2, grouping: false) }),
      "saleability": .optional(sale.saleability?.rawValue),
    ])
  }

  /// `{name, href}` linking to the term's page (`href` null when it has none).
  private func termLink(_ kind: TaxonomyKind, _ term: Int, name: String) -> ContextValue {
    Self.linkShape.object(["name": .string(name), "href": termHref(kind, term)])
  }

  private func termHref(_ kind: TaxonomyKind, _ term: Int?) -> ContextValue {
    guard let term, let href = termHrefs[kind]?[term] else { return .null }
    return .string(href)
  }

  /// `{levels: [{name, href}], fullName}` for `Fiction / Science Fiction`, each level linked.
  private func categoryTrail(_ trail: [Int]) -> ContextValue {
    let terms = model.taxonomies[.category]!.terms
    return Self.categoryShape.object([
      "levels": .list(trail.map { termLink(.category, $0, name: terms[$0].name) }),
      "fullName": .string(trail.last.map { terms[$0].fullName } ?? ""),
    ])
  }
}
