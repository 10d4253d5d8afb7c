import Catalog
import Foundation
import Support

/// How the exports write values, read into the catalog's: ISBNs, dates, lists, series, formats.
enum ExportValues {
  /// What an export wrote where an ISBN belongs.
  struct ISBNField: Equatable {
    /// The ISBN-13, when the text is an ISBN or one a spreadsheet damaged in a way that can be
    /// undone.
    var isbn13: String?
    /// The text, when it is something other than an ISBN (an ASIN, a spreadsheet's rounded
    /// `9.78053E+12`).
    var unusable: String?
    /// A spreadsheet rounded it to a number in scientific notation: its last digits are lost.
    var lostDigits = false
  }

  /// The ISBN-13 in `text`: Goodreads writes `="0441172717"` (often empty), LibraryThing
  /// `[0441172717]`; a spreadsheet drops an ISBN-10's leading zero (`441172717`: the checksum
  /// tells whether the zero put back makes it the ISBN again), writes `9780441172719.0`, or
  /// `9.780441172719E+12` (all 13 digits kept, so the ISBN is put back) and, in its default
  /// format, `9.78044E+12` (digits lost: unusable).
  static func isbn(_ text: String) -> ISBNField {
    var value = Substring(text.trimmingWhitespace())
    if value.hasPrefix("=") { value = value.dropFirst() }
    while value.hasPrefix("\"") { value = value.dropFirst() }
    while value.hasSuffix("\"") { value = value.dropLast() }
    if value.hasPrefix("["), value.hasSuffix("]") { value = value.dropFirst().dropLast() }
    let trimmed = value.trimmingWhitespace()
    guard !trimmed.isEmpty else { return ISBNField() }
    if let isbn = try? ISBN.parse(trimmed) { return ISBNField(isbn13: isbn.isbn13) }
    if let digits = spreadsheetNumber(trimmed)
      ?? (trimmed.allSatisfy(\.isASCIIDigit) ? trimmed : nil)
    {
      if let isbn = try? ISBN.parse(digits) { return ISBNField(isbn13: isbn.isbn13) }
      if digits.count == 9, let isbn = try? ISBN.parse("0" + digits) { return ISBNField(isbn13: isbn.isbn13) }
    }
    return ISBNField(unusable: trimmed, lostDigits: isRoundedNumber(trimmed))
  }

  /// The first ISBN-13 among `texts`, else what the first non-blank one was.
  static func isbn(among texts: [String]) -> ISBNField {
    let fields = texts.map(isbn)
    return fields.first { $0.isbn13 != nil } ?? fields.first { $0.unusable != nil } ?? ISBNField()
  }

  /// The digits of a number a spreadsheet wrote in full: `9780441172719.0`, `9.780441172719E+12`;
  /// nil for anything else, and for a number whose digits it rounded away.
  static func spreadsheetNumber(_ text: String) -> String? {
    let upper = text.uppercased()
    guard let e = upper.firstIndex(of: "E") else {
      guard let dot = upper.firstIndex(of: ".") else { return nil }
      let whole = upper[..<dot]
      let fraction = upper[upper.index(after: dot)...]
      guard !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit), fraction.allSatisfy({ $0 == "0" })
      else {
        return nil
      }
      return String(whole)
    }
    var exponentText = upper[upper.index(after: e)...]
    if exponentText.hasPrefix("+") { exponentText = exponentText.dropFirst() }
    let parts = upper[..<e].split(separator: ".", omittingEmptySubsequences: false)
    // Only a fraction exactly as long as the exponent is the whole number: a shorter one lost
    // digits (or zeros, which nothing tells apart).
    guard let exponent = Int(exponentText), (8...12).contains(exponent), parts.count == 2,
      parts[0].count == 1,
      parts[1].count == exponent, parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) })
    else { return nil }
    return String(parts[0] + parts[1])
  }

  /// `9.78053E+12`: a number in scientific notation, as a spreadsheet shows a long one.
  static func isRoundedNumber(_ text: String) -> Bool {
    let upper = text.uppercased()
    guard let e = upper.firstIndex(of: "E") else { return false }
    let mantissa = upper[..<e]
    let exponent = upper[upper.index(after: e)...].drop { $0 == "+" }
    return !mantissa.isEmpty && mantissa.allSatisfy { $0.isASCIIDigit || $0 == "." || $0 == "," }
      && mantissa.first?.isASCIIDigit == true && !exponent.isEmpty
      && exponent.allSatisfy(\.isASCIIDigit)
  }

  /// The year in `text` (`1965`; `-380` and `?` are none).
  static func year(_ text: String) -> PartialDate? {
    DateReader.isoDate(Substring(text.trimmingWhitespace()))
  }

  /// People's names in one field: `A; B`, `A & B`, `A | B` (a comma is kept: `Herbert, Frank`).
  static func names(_ text: String) -> [String] { items(text, separators: ";&|") }

  /// Tags in one field: `a, b`, `a; b`, `a | b`.
  static func tags(_ text: String) -> [String] { items(text, separators: ",;|") }

  /// `a, b, c` (or items between another `separator`, `A | B`) as its items, trimmed, blanks dropped.
  static func list(_ text: String, separator: String = ",") -> [String] {
    text.split(separator: separator).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
  }

  /// The field split at any of `separators`, each item trimmed, blanks dropped.
  private static func items(_ text: String, separators: String) -> [String] {
    text.split(whereSeparator: separators.contains).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
  }

  /// `The Eyre Affair (Thursday Next, #1)` → `The Eyre Affair`, `Thursday Next`, `1`; a title
  /// without a series (or an omnibus' `#1-3`, which has no one number) keeps what it can.
  static func series(inTitle title: String) -> (title: String, series: String?, number: SeriesNumber?) {
    let trimmed = title.trimmingWhitespace()
    guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "("), open > trimmed.startIndex else {
      return (trimmed, nil, nil)
    }
    // A book in two series is `(Discworld, #1; Rincewind, #1)`: the first is kept.
    let inside = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
      .prefix { $0 != ";" }
    guard let hash = inside.lastIndex(of: "#") else { return (trimmed, nil, nil) }
    var name = inside[..<hash].trimmingWhitespace()
    if name.hasSuffix(",") { name = String(name.dropLast()).trimmingWhitespace() }
    let numberText = inside[inside.index(after: hash)...].trimmingWhitespace()
    let bare = trimmed[..<open].trimmingWhitespace()
    guard !name.isEmpty, !bare.isEmpty, !numberText.isEmpty else { return (trimmed, nil, nil) }
    return (bare, name, SeriesNumber(parsing: numberText))
  }

  /// Goodreads' `Binding`, StoryGraph's `Format`: the owner's copy, nil when not said.
  static func format(_ text: String) -> BookFormat? {
    let words = text.lowercased().trimmingWhitespace()
    // Searched as bytes: Foundation's search bridges every row's binding to NSString.
    let bytes = Array(words.utf8)
    func mentions(_ word: String) -> Bool {
      let needle = Array(word.utf8)
      guard needle.count <= bytes.count else { return false }
      return (0...(bytes.count - needle.count)).contains {
        bytes[$0..<($0 + needle.count)].elementsEqual(needle)
      }
    }
    guard !words.isEmpty, words != "unknown binding" else { return nil }
    // Also the words of LibraryThing's French, German and Spanish catalogues.
    let hardcovers = ["hardcover", "hardback", "relié", "gebunden", "tapa dura"]
    if hardcovers.contains(where: mentions) || words == "library binding" { return .hardcover }
    let paperbacks = ["paperback", "softcover", "broché", "poche", "taschenbuch", "tapa blanda"]
    if paperbacks.contains(where: mentions) { return .paperback }
    if mentions("audio") || mentions("mp3") { return .audiobook }
    let ebooks = ["kindle", "ebook", "e-book", "digital", "nook", "kobo", "epub"]
    if ebooks.contains(where: mentions) { return .ebook }
    return .other
  }

  /// A whole number of at least zero; nil for blank or anything else.
  static func count(_ text: String) -> Int? {
    Int(text.trimmingWhitespace()).flatMap { $0 >= 0 ? $0 : nil }
  }

  /// A star rating as a whole number of halves (StoryGraph's quarter stars rounded to the
  /// nearest half, up); nil for 0 (unrated) and blank.
  static func rating(_ text: String) -> OwnerRating? {
    guard let value = Double(text.trimmingWhitespace()), value.isFinite else { return nil }
    return OwnerRating(halves: Int((value * 2).rounded(.toNearestOrAwayFromZero)))
  }

  /// A shelf's slug from its name as the app writes it (`did-not-finish`, `Favourite Books`).
  static func shelfSlug(_ name: String) -> String? {
    let slug = Slug.make(name, alphabet: .ascii, maximumLength: nil)
    return slug.isEmpty ? nil : slug
  }

  /// A shelf's title from its name: `did-not-finish` → `Did not finish`.
  static func shelfTitle(_ name: String) -> String {
    let words = name.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
      .trimmingWhitespace()
    return words.prefix(1).uppercased() + words.dropFirst()
  }
}
