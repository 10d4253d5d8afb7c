import BookRecord
import Foundation

/// An edition's `series` entry as a name and a place: librarians write MARC 490 style
/// (`Gibsons Cyberspace trilogi -- 1`, `Discworld ; 3`, `Heyne science fiction & fantasy --
/// Bd. 06/4400`), importers the name alone (`Ace science fiction`).
enum SeriesText {
  static func parse(_ text: String) -> Series? {
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
      return Series(name: name, position: position)
    }
    return Series(name: text)
  }
}
