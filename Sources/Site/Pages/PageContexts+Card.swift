import Support

/// The embeddable card of a book (`books/<slug>/card.html`, with `site.embed_cards`) and the
/// snippet its page offers to copy.
extension PageContexts {
  /// Width and height of the `<iframe>` the snippet writes: the card's layout fits them.
  static let cardSize = (width: 400, height: 140)

  /// `card`: `title lang authorsText href (absolute) cover coverImage coverAlt statusName
  /// myRatingText`; `cover` the image's URL, `coverImage` the cover as pages have it.
  func cardFields(_ index: Int) -> ContextValue {
    let book = book(index)
    let title = book.title ?? strings["untitled"]
    let lang = book.title == nil ? nil : book.languageTag(on: settings.language)
    let authorsText = book.authors.isEmpty ? nil : book.authors.joined(separator: ", ")
    let alt = strings.format("coverOf", ["title": title])
    let reading = book.reading
    return [
      "title": .string(title),
      "lang": .optional(lang),
      "authorsText": .optional(authorsText),
      "href": .string(urls.absolute(SitePath(["books", book.slug]))),
      "cover": .optional(book.cover),
      // Absolute: the card is shown inside other sites' pages.
      "coverImage": .object(
        CoverView(
          CoverImage.of(book, slot: .card, prefix: urls.baseURL, remote: (book.cover, book.coverWidth)),
          slot: Self.cardCoverSize,
          book: book, title: title, lang: lang, authorsText: authorsText, strings: strings, lazy: false)),
      "coverAlt": .string(alt),
      "statusName": .optional(
        reading?.status.map { Self.shelfName($0, shelfTitles: model.shelfTitles, strings: strings) }),
      "myRatingText": .optional(
        reading?.rating.map {
          strings["myRating"] + " " + strings.format("myRatingValue", ["rating": NumberText.shortest($0)])
        }),
    ]
  }

  /// `book.embed`: `{snippet, cardURL}` when the site makes cards, else null. `snippet` is the
  /// `<iframe>` element as text (its values escaped for an attribute), for double braces.
  func embedFields(_ index: Int) -> ContextValue {
    guard model.embedCards else { return .null }
    let book = book(index)
    let url = urls.absolute(PageJob.cardPath(slug: book.slug))
    return [
      "snippet": .string(Self.embedSnippet(cardURL: url, title: book.title ?? strings["untitled"])),
      "cardURL": .string(url),
    ]
  }

  /// `<iframe src="…" title="…" …></iframe>`: what a blog pastes to show the card.
  static func embedSnippet(cardURL: String, title: String) -> String {
    let escape = { (text: String) in MarkupEscaping.escape(text, .htmlAttribute) }
    return "<iframe src=\"\(escape(cardURL))\" title=\"\(escape(title))\" width=\"\(cardSize.width)\""
      + " height=\"\(cardSize.height)\" style=\"border:0;max-width:100%\" loading=\"lazy\"></iframe>"
  }
}
