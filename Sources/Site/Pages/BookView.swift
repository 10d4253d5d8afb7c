import BookRecord
import Mustache
import Support

/// `book` on a book's page: each field made when the template reads it, from the book, its
/// terms and its facts (the links and the large cover, derived once for feeds and SEO).
final class BookView: MustacheObject, @unchecked Sendable {
  private enum Field: Int, CaseIterable {
    case id, title, lang, subtitle, href, authors, hasAuthors, authorsText, publisher, isbn13, isbn10
    case pageCountText, categories, hasCategories, descriptionHTML, noteHTML, tags, hasTags, tagLinks
    case collections, cover, googleBooksURL, sources, dataFromText, previewURL, isFree, isPublicDomain
    case published, firstPublished, language, rating, buy, hasActions, series, reading, extra
    case exportSource, embed
  }
  private static let fields = MustacheShape(Field.allCases.map { "\($0)" })

  private let contexts: PageContexts
  private let index: Int
  private let book: Book
  private let texts: PageContexts.BookTexts
  private let facts: BookFacts
  private let terms: BookTerms
  private let strings: UIStrings
  private let title: String
  private let lang: String?
  private let authorsText: String?

  init(_ contexts: PageContexts, _ index: Int, texts: PageContexts.BookTexts) {
    self.contexts = contexts
    self.index = index
    let book = contexts.book(index)
    self.book = book
    self.texts = texts
    facts = contexts.facts(of: index)
    terms = contexts.model.bookTerms[index]
    strings = contexts.strings
    title = book.title ?? strings["untitled"]
    lang = book.title == nil ? nil : book.languageTag(on: contexts.settings.language)
    authorsText = book.authors.isEmpty ? nil : book.authors.joined(separator: ", ")
    super.init(shape: Self.fields)
  }

  override func field(at slot: Int) -> MustacheValue? {
    switch Field(rawValue: slot)! {
    case .id: return .string(book.id)
    case .title: return .string(title)
    case .lang: return .optional(lang)
    case .subtitle: return .optional(book.subtitle)
    case .href: return .string(contexts.bookHref(index))
    case .authors:
      return .list(zip(book.authors, terms.authors).map { contexts.termLink(.author, $1, name: $0) })
    case .hasAuthors: return .bool(!book.authors.isEmpty)
    case .authorsText: return .optional(authorsText)
    case .publisher:
      guard let name = book.publisher, let term = terms.publisher else { return .null }
      return contexts.termLink(.publisher, term, name: name)
    case .isbn13: return .optional(book.isbn13)
    case .isbn10: return .optional(book.isbn10)
    case .pageCountText:
      return .optional(book.pageCount.map { strings.format("pageCount", ["count": NumberText.grouped($0)]) })
    case .categories: return .list(terms.categories.map(contexts.categoryTrail))
    case .hasCategories: return .bool(!terms.categories.isEmpty)
    case .descriptionHTML: return texts.descriptionHTML.map(MustacheValue.utf8) ?? .null
    case .noteHTML: return .optional(texts.noteHTML)
    case .tags: return .list(book.tags.compactMap(\.nonEmpty).map(MustacheValue.string))
    case .hasTags: return .bool(book.tags.contains { $0.nonEmpty != nil })
    case .tagLinks:
      // Each tag once, linked to its page when tags have pages (`tags` stays plain text).
      let names = contexts.model.taxonomies[.tag]!.terms
      return .list(terms.tags.map { contexts.termLink(.tag, $0, name: names[$0].name) })
    case .collections:
      return .list(
        book.collections.map { index in
          let collection = contexts.model.collections[index]
          return PageContexts.collectionShape.object([
            "title": .string(collection.title),
            "href": .string(contexts.collectionHrefs[index]),
          ])
        })
    case .cover:
      // Above the fold: never lazy.
      return .object(
        CoverView(
          CoverImage.of(
            book, slot: .page, prefix: contexts.urls.pathPrefix, remote: (facts.image, facts.imageWidth)),
          slot: PageContexts.pageCoverSize, book: book, title: title, lang: lang, authorsText: authorsText,
          strings: strings, lazy: false))
    case .googleBooksURL: return .string(facts.sourceURL)
    case .sources:
      // Each source the book's data came from, with its page for the book (the attribution).
      return .list(
        facts.sources.compactMap { source in
          source.url.map {
            PageContexts.sourceShape.object([
              "name": .string(strings.name(source.source)), "url": .string($0),
              "viewText": .string(strings.view(source.source)),
            ])
          }
        })
    case .dataFromText:
      let names = strings.list(facts.sources.map { strings.name($0.source) })
      return .string(strings.format("dataFromSources", ["sources": names]))
    case .previewURL: return .optional(facts.previewURL)
    case .isFree: return .bool(book.record.sale?.saleability == .free)
    case .isPublicDomain: return .bool(book.record.isPublicDomain == true)
    case .published: return published
    case .firstPublished: return firstPublished
    case .language:
      guard let code = book.language else { return nil }
      return PageContexts.languageShape.object([
        "name": .string(contexts.languageNames[code] ?? LanguageNames.name(of: code, in: strings.language)),
        "code": .string(code),
        "href": contexts.termHref(.language, terms.language),
      ])
    case .rating: return rating
    case .buy: return buy
    case .hasActions:
      return .bool(facts.previewURL != nil || (book.record.sale != nil && facts.buyURL != nil))
    case .series: return contexts.bookSeriesFields(index)
    case .reading: return contexts.readingFields(book.record.reading)
    case .extra:
      // Always a mapping, so that `book.extra.NAME` is simply empty for a book without it.
      return .map((book.record.reading?.extra ?? [:]).mapValues(MustacheValue.string))
    case .exportSource: return .optional(contexts.exportName(book))
    case .embed: return contexts.embedFields(index)
    }
  }

  private var published: MustacheValue? {
    guard let date = book.date else { return nil }
    return PageContexts.publishedShape.object([
      // What the source wrote, when the date holds only part of it (`c1976`).
      "text": .string(book.record.publishedText.nonEmpty ?? date.formatted(for: strings.language)),
      "iso": .string(date.isoString),
      "href": contexts.termHref(.year, terms.year),
    ])
  }

  private var firstPublished: MustacheValue? {
    guard let first = book.record.firstPublished, first.year != book.date?.year || book.date == nil else {
      return nil
    }
    return PageContexts.firstPublishedShape.object([
      "text": .string(first.formatted(for: strings.language)), "iso": .string(first.isoString),
    ])
  }

  private var rating: MustacheValue? {
    guard let average = book.record.rating, average.average > 0, average.average <= 5 else { return nil }
    let value = NumberText.decimal(average.average, fractionDigits: 1)
    let count = average.count ?? 0
    return PageContexts.ratingShape.object([
      "value": .string(value),
      "count": .int(count),
      "text": .string(
        strings.format("ratingValue", ["rating": value, "count": NumberText.grouped(count)])),
      "percent": .int(Int((average.average / 5 * 100).rounded())),
    ])
  }

  /// The store link with list and retail prices and the discount, or null: `url` is the
  /// book's https store link, when it has one.
  private var buy: MustacheValue {
    guard let sale = book.record.sale, let url = facts.buyURL else { return .null }
    let discount = PriceText.discountPercent(list: sale.listPrice, retail: sale.retailPrice)
    let retail = sale.retailPrice ?? sale.listPrice
    return PageContexts.buyShape.object([
      "url": .string(url),
      "price": .optional(retail.map { PriceText.format($0, for: strings.language) }),
      "listPrice": .optional(
        discount == nil ? nil : sale.listPrice.map { PriceText.format($0, for: strings.language) }),
      "discountText": .optional(discount.map { strings.format("discount", ["percent": String($0)]) }),
      "availabilityText": .optional(contexts.availabilityText(sale.saleability)),
      "currency": .optional(retail?.currencyCode),
      // Raw values for structured data (schema.org Offer): `356.00`, `FOR_SALE`.
      "amount": .optional(retail.map { NumberText.decimal($0.amount, fractionDigits: 2, grouping: false) }),
      "saleability": .optional(sale.saleability?.rawValue),
    ])
  }
}

/// The small objects of a book page, by shape: a page has dozens (each author, category level
/// and tag), and a dictionary per one was hashed to build and again to read.
extension PageContexts {
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

  /// `{name, href}` linking to the term's page (`href` null when it has none).
  func termLink(_ kind: TaxonomyKind, _ term: Int, name: String) -> ContextValue {
    Self.linkShape.object(["name": .string(name), "href": termHref(kind, term)])
  }

  func termHref(_ kind: TaxonomyKind, _ term: Int?) -> ContextValue {
    guard let term, let href = termHrefs[kind]?[term] else { return .null }
    return .string(href)
  }

  /// `{levels: [{name, href}], fullName}` for `Fiction / Science Fiction`, each level linked.
  func categoryTrail(_ trail: [Int]) -> ContextValue {
    let terms = model.taxonomies[.category]!.terms
    return Self.categoryShape.object([
      "levels": .list(trail.map { termLink(.category, $0, name: terms[$0].name) }),
      "fullName": .string(trail.last.map { terms[$0].fullName } ?? ""),
    ])
  }
}
