import Foundation

/// The languages the default UI strings and formats exist in.
enum UILanguage: String, Sendable, CaseIterable {
  case english = "en"
  case traditionalChinese = "zh-TW"
  case japanese = "ja"

  /// Picks the UI language for a BCP 47 tag: exact match, then by primary subtag, then English.
  ///
  /// `zh-Hant`, `zh-HK` and plain `zh` get Traditional Chinese, the only Chinese table we ship.
  init(tag: String) {
    let lowered = tag.lowercased().replacingOccurrences(of: "_", with: "-")
    if let exact = UILanguage.allCases.first(where: { $0.rawValue.lowercased() == lowered }) {
      self = exact
      return
    }
    let primary = lowered.split(separator: "-").first.map(String.init) ?? lowered
    switch primary {
    case "zh": self = .traditionalChinese
    case "ja": self = .japanese
    default: self = .english
    }
  }
}
