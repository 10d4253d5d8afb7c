import Catalog
import Foundation
import Support

/// How the exports write values, read into the catalog's: ISBNs, dates, lists, series, formats.
enum ExportValues {
  /// The ISBN-13 in `text` (Goodreads writes `="0441172717"`, often empty; a spreadsheet
  /// `441172717`); else the text when it is something other than an ISBN (a spreadsheet's
  /// `9.78053E+12`, an ASIN).
  static func isbn(_ text: String) -> (isbn13: String?, unusable: String?) {
    var value = Substring(text.trimmingCharacters(in: .whitespaces))
    if value.hasPrefix("=") { value = value.dropFirst() }
    while value.hasPrefix("\"") { value = value.dropFirst() }
    while value.hasSuffix("\"") { value = value.dropLast() }
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { return (nil, nil) }
    if let isbn = try? ISBN.parse(trimmed) { return (isbn.isbn13, nil) }
    // A spreadsheet reads an ISBN-10 as a number and drops its leading zero (`441172717`);
    // the checksum tells whether the zero put back makes it the ISBN again.
    if trimmed.count == 9, trimmed.allSatisfy(\.isASCIIDigitCharacter),
      let isbn = try? ISBN.parse("0" + trimmed)
    {
      return (isbn.isbn13, nil)
    }
    return (nil, trimmed)
  }

  /// `2021/03/04`, `2021-03-04`, `2021/03`, `2021`, optionally followed by a time: nil for none.
  static func date(_ text: String) -> PartialDate? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let datePart = trimmed.prefix { $0 != " " && $0 != "T" }
    let parts = datePart.split(separator: "/", omittingEmptySubsequences: false).flatMap {
      $0.split(separator: "-", omittingEmptySubsequences: false)
    }
    guard (1...3).contains(parts.count), parts[0].count == 4,
      parts.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy(\.isASCIIDigitCharacter) })
    else { return nil }
    let numbers = parts.map { Int($0)! }
    return PartialDate(
      year: numbers[0], month: numbers.count > 1 ? numbers[1] : nil, day: numbers.count > 2 ? numbers[2] : nil
    )
  }

  /// `a, b, c` as its items, trimmed, blanks dropped.
  static func list(_ text: String) -> [String] {
    text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter {
      !$0.isEmpty
    }
  }

  /// `The Eyre Affair (Thursday Next, #1)` → `The Eyre Affair`, `Thursday Next`, `1`; a title
  /// without a series (or an omnibus' `#1-3`, which has no one number) keeps what it can.
  static func series(inTitle title: String) -> (title: String, series: String?, number: SeriesNumber?) {
    let trimmed = title.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "("), open > trimmed.startIndex else {
      return (trimmed, nil, nil)
    }
    // A book in two series is `(Discworld, #1; Rincewind, #1)`: the first is kept.
    let inside = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
      .prefix { $0 != ";" }
    guard let hash = inside.lastIndex(of: "#") else { return (trimmed, nil, nil) }
    var name = inside[..<hash].trimmingCharacters(in: .whitespaces)
    if name.hasSuffix(",") { name = String(name.dropLast()).trimmingCharacters(in: .whitespaces) }
    let numberText = inside[inside.index(after: hash)...].trimmingCharacters(in: .whitespaces)
    let bare = trimmed[..<open].trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty, !bare.isEmpty, !numberText.isEmpty else { return (trimmed, nil, nil) }
    return (bare, name, SeriesNumber(parsing: numberText))
  }

  /// Goodreads' `Binding`, StoryGraph's `Format`: the owner's copy, nil when not said.
  static func format(_ text: String) -> BookFormat? {
    let words = text.lowercased().trimmingCharacters(in: .whitespaces)
    guard !words.isEmpty, words != "unknown binding" else { return nil }
    if words.contains("hardcover") || words.contains("hardback") || words == "library binding" {
      return .hardcover
    }
    if words.contains("paperback") || words == "softcover" { return .paperback }
    if words.contains("audio") || words.contains("mp3") { return .audiobook }
    let ebooks = ["kindle", "ebook", "e-book", "digital", "nook", "kobo", "epub"]
    if ebooks.contains(where: words.contains) { return .ebook }
    return .other
  }

  /// A whole number of at least zero; nil for blank or anything else.
  static func count(_ text: String) -> Int? {
    Int(text.trimmingCharacters(in: .whitespaces)).flatMap { $0 >= 0 ? $0 : nil }
  }

  /// A star rating as a whole number of halves (StoryGraph's quarter stars rounded to the
  /// nearest half, up); nil for 0 (unrated) and blank.
  static func rating(_ text: String) -> OwnerRating? {
    guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
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
      .trimmingCharacters(in: .whitespaces)
    return words.prefix(1).uppercased() + words.dropFirst()
  }
}

extension Character {
  var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
