import BookRecord
import Support

/// Open Library's publication dates are free text typed by librarians and importers: `1996`,
/// `October 1, 1988`, `Dec 04, 1999`, `November 2006`, `13 September 1916`, `20 dezembro 2021`,
/// `1978-03`, `c1999`, `[1999?]`, `[n.d.]`. This reads what it can into a `BookDate`.
///
/// A date read whole (a year, month names in English, French, German, Spanish, Portuguese,
/// Italian or Dutch, a day) stands alone; one read only in part (a year among words it does
/// not know) keeps the text as written, which pages show instead of a date they would invent.
struct FreeTextDate: Equatable {
  var date: BookDate
  /// The text as written, when it said more (or other) than `date` holds.
  var text: String?

  init?(_ raw: String) {
    let raw = raw.trimmingWhitespace()
    guard !raw.isEmpty, raw.count <= 64 else { return nil }
    // ISO forms are the one rule's (`BookDate(parsing:)`), when nothing follows them.
    if let iso = BookDate(parsing: raw), raw.utf8.count == iso.isoString.utf8.count {
      date = iso
      text = nil
      return
    }
    var year: Int?
    var month: Int?
    var day: Int?
    // `[1999?]` is a guess, and says so: the text stays.
    var understood = !raw.contains("?")
    for token in Self.tokens(raw) {
      switch token {
      case .number(let value, let digits):
        if digits == 4, year == nil, (1000...2999).contains(value) {
          year = value
        } else if digits <= 2, day == nil, (1...31).contains(value) {
          day = value
        } else {
          understood = false
        }
      case .word(let word):
        if let number = Self.monthNumbers[word], month == nil {
          month = number
        } else if !Self.fillers.contains(word) {
          understood = false
        }
      }
    }
    guard let year else { return nil }
    // A day without a month (`4 1999`) is not understood.
    if month == nil, day != nil { understood = false }
    date = BookDate(year: year, month: month, day: month == nil ? nil : day)
    text = understood ? nil : raw
  }

  private enum Token: Equatable {
    case number(Int, digits: Int)
    case word(String)
  }

  /// Runs of digits and of letters, lower-cased; everything else separates them. Ordinal
  /// suffixes (`1st`, `4th`) are dropped with the number they follow.
  private static func tokens(_ text: String) -> [Token] {
    var tokens: [Token] = []
    var digits = ""
    var letters = ""
    func flush() {
      if !digits.isEmpty {
        tokens.append(.number(Int(digits.prefix(9)) ?? 0, digits: digits.count))
        digits = ""
      }
      if !letters.isEmpty {
        let word = letters.lowercased()
        let afterNumber: Bool
        if case .number = tokens.last { afterNumber = true } else { afterNumber = false }
        if !(afterNumber && ["st", "nd", "rd", "th", "er", "e", "o", "º"].contains(word)) {
          tokens.append(.word(word))
        }
        letters = ""
      }
    }
    for character in text {
      if character.isASCII, character.isNumber {
        if !letters.isEmpty { flush() }
        digits.append(character)
      } else if character.isLetter {
        if !digits.isEmpty { flush() }
        letters.append(character)
      } else {
        flush()
      }
    }
    flush()
    return tokens
  }

  /// Words that carry no date of their own: `20 de dezembro de 2021`, `the 4th of July`.
  private static let fillers: Set<String> = ["de", "del", "of", "the", "le", "im", "den", "der", "di", "van"]

  /// Month names and their usual abbreviations, lower-cased, in the languages Open Library's
  /// records are mostly in.
  private static let monthNumbers: [String: Int] = {
    let names: [[String]] = [
      [
        "january", "jan", "janvier", "janv", "januar", "jän", "enero", "ene", "janeiro", "gennaio", "januari",
      ],
      [
        "february", "feb", "febr", "février", "févr", "fevrier", "februar", "febrero", "fevereiro", "fev",
        "febbraio", "februari",
      ],
      ["march", "mar", "mars", "märz", "marz", "marzo", "março", "marco", "maart", "mrt"],
      ["april", "apr", "avril", "avr", "abril", "abr", "aprile"],
      ["may", "mai", "mayo", "maio", "maggio", "mei"],
      ["june", "jun", "juin", "juni", "junio", "junho", "giugno", "giu"],
      ["july", "jul", "juillet", "juil", "juli", "julio", "julho", "luglio", "lug"],
      ["august", "aug", "août", "aout", "agosto", "augustus"],
      ["september", "sep", "sept", "septembre", "septiembre", "setembro", "settembre"],
      ["october", "oct", "octobre", "oktober", "okt", "octubre", "outubro", "ottobre", "ott"],
      ["november", "nov", "novembre", "noviembre", "novembro"],
      [
        "december", "dec", "décembre", "decembre", "déc", "dezember", "dez", "diciembre", "dic", "dezembro",
        "dicembre",
      ],
    ]
    var table: [String: Int] = [:]
    for (index, words) in names.enumerated() {
      for word in words { table[word] = index + 1 }
    }
    return table
  }()
}
