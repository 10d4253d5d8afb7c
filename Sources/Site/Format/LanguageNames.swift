import Foundation

/// Names of the languages books are written in, per UI language; unknown codes show as written.
enum LanguageNames {
  static func name(of code: String, in language: UILanguage) -> String {
    let key = code.lowercased().replacingOccurrences(of: "_", with: "-")
    let primary = key.split(separator: "-").first.map(String.init) ?? key
    guard let names = table[key] ?? table[primary] else { return code }
    switch language {
    case .english: return names.en
    case .traditionalChinese: return names.zhTW
    case .japanese: return names.ja
    }
  }

  private static let table: [String: (en: String, zhTW: String, ja: String)] = [
    "en": ("English", "英文", "英語"),
    "zh": ("Chinese", "中文", "中国語"),
    "zh-tw": ("Chinese (Traditional)", "繁體中文", "中国語（繁体字）"),
    "zh-hk": ("Chinese (Hong Kong)", "中文（香港）", "中国語（香港）"),
    "zh-cn": ("Chinese (Simplified)", "簡體中文", "中国語（簡体字）"),
    "ja": ("Japanese", "日文", "日本語"),
    "ko": ("Korean", "韓文", "韓国語"),
    "fr": ("French", "法文", "フランス語"),
    "de": ("German", "德文", "ドイツ語"),
    "es": ("Spanish", "西班牙文", "スペイン語"),
    "it": ("Italian", "義大利文", "イタリア語"),
    "pt": ("Portuguese", "葡萄牙文", "ポルトガル語"),
    "ru": ("Russian", "俄文", "ロシア語"),
    "nl": ("Dutch", "荷蘭文", "オランダ語"),
    "sv": ("Swedish", "瑞典文", "スウェーデン語"),
    "no": ("Norwegian", "挪威文", "ノルウェー語"),
    "ro": ("Romanian", "羅馬尼亞文", "ルーマニア語"),
    "ar": ("Arabic", "阿拉伯文", "アラビア語"),
    "he": ("Hebrew", "希伯來文", "ヘブライ語"),
    "la": ("Latin", "拉丁文", "ラテン語"),
    "th": ("Thai", "泰文", "タイ語"),
    "vi": ("Vietnamese", "越南文", "ベトナム語"),
  ]
}
