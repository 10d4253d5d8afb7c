import BookRecord
import Catalog
import Foundation

/// An edition's `series` entry as a name and a place: librarians write MARC 490 style
/// (`Gibsons Cyberspace trilogi -- 1`, `Discworld ; 3`, `Heyne science fiction & fantasy --
/// Bd. 06/4400`), importers the name alone (`Ace science fiction`). A place is kept when it is
/// a number the owner's `series_number` could hold (`3`, `Bd. 2`, `no. 2.5`); a publisher's
/// shelf mark (`06/4400`) is not one, and the series keeps its name alone.
enum SeriesText {
  static func parse(_ text: String) -> SeriesPosition? {
    let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { return nil }
    // The last separator wins: a name may itself hold one (`A -- B ; 3`).
    for separator in [" ; ", " -- ", ";", " - ", ", no. ", ", vol. ", " #", ", "] {
      guard let range = text.range(of: separator, options: .backwards) else { continue }
      let name = text[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
      let position = text[range.upperBound...].trimmingCharacters(
        in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: ".")))
      // A place is short and has a number in it; otherwise the separator was part of the name.
      guard !name.isEmpty, !position.isEmpty, position.count <= 16, position.contains(where: \.isNumber)
      else {
        continue
      }
      return SeriesPosition(name: name, number: number(position)?.value, numberText: number(position)?.text)
    }
    return SeriesPosition(name: text)
  }

  /// `3`, `Bd. 3`, `no. 3`, `vol. 2.5`, `#4` as a series number.
  private static func number(_ position: String) -> SeriesNumber? {
    var text = Substring(position)
    for prefix in ["Bd.", "Band", "no.", "No.", "vol.", "Vol.", "v.", "t.", "#"] where text.hasPrefix(prefix)
    {
      text = text.dropFirst(prefix.count)
      break
    }
    return SeriesNumber(parsing: text.trimmingCharacters(in: .whitespaces))
  }
}
