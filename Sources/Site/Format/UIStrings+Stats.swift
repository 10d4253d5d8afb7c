/// The strings of the year-in-books pages (`stats/`) and the embeddable card, kept apart from
/// the main tables; `UIStrings.table(for:)` merges them in.
extension UIStrings {
  static func statsTable(for language: UILanguage) -> [String: String] {
    switch language {
    case .english: return statsEnglish
    case .traditionalChinese: return statsTraditionalChinese
    case .japanese: return statsJapanese
    }
  }

  /// `Jan`…`Dec`, `1月`…`12月`: a month in the charts and tables of a year's page.
  static func monthName(_ month: Int, for language: UILanguage) -> String {
    switch language {
    case .english:
      return ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]
    case .traditionalChinese, .japanese: return "\(month)月"
    }
  }

  static let statsEnglish: [String: String] = [
    "statsTitle": "A year in books",
    "statsYearTitle": "{year} in books",
    "statsAllYears": "All years",
    "statsBooksRead": "Books read",
    "statsPagesRead": "Pages read",
    "statsDistinctBooks": "{count} different books",
    "statsWithoutPageCount": "{count} without a page count",
    "statsReadWithoutDate": "On the Read shelf without a date read, so in no year: {count}",
    "statsBooksPerYear": "Books read per year",
    "statsPagesPerYear": "Pages read per year",
    "statsBooksPerMonth": "Books read per month in {year}",
    "statsMonth": "Month",
    "statsMonthUnknown": "Month unknown",
    "statsRatings": "Ratings given in {year}",
    "statsRating": "Rating",
    "statsUnrated": "Unrated",
    "statsAverageRating": "Average rating",
    "statsFormats": "Formats read in {year}",
    "statsFormatUnknown": "Not recorded",
    "statsBooks": "Books",
    "statsTopAuthors": "Most read authors",
    "statsTopCategories": "Most read categories",
    "statsLongest": "Longest book",
    "statsShortest": "Shortest book",
    "statsBooksOfYear": "Books read in {year}",
    "statsJSON": "These numbers as JSON",
    "statsShowTable": "The numbers as a table",
    "embedCard": "Embed this book",
    "embedCardHelp": "Paste this code into your page to show a card of this book:",
  ]

  static let statsTraditionalChinese: [String: String] = [
    "statsTitle": "閱讀年度回顧",
    "statsYearTitle": "{year} 年的閱讀",
    "statsAllYears": "歷年",
    "statsBooksRead": "讀完的書",
    "statsPagesRead": "讀過的頁數",
    "statsDistinctBooks": "共 {count} 本不同的書",
    "statsWithoutPageCount": "{count} 本沒有頁數",
    "statsReadWithoutDate": "「已讀」書架上有 {count} 本書沒有讀完日期，不計入任何一年。",
    "statsBooksPerYear": "每年讀完的書",
    "statsPagesPerYear": "每年讀過的頁數",
    "statsBooksPerMonth": "{year} 年每月讀完的書",
    "statsMonth": "月份",
    "statsMonthUnknown": "月份不明",
    "statsRatings": "{year} 年給的評分",
    "statsRating": "評分",
    "statsUnrated": "未評分",
    "statsAverageRating": "平均評分",
    "statsFormats": "{year} 年讀的版本形式",
    "statsFormatUnknown": "未記錄",
    "statsBooks": "書",
    "statsTopAuthors": "讀最多的作者",
    "statsTopCategories": "讀最多的類別",
    "statsLongest": "最長的書",
    "statsShortest": "最短的書",
    "statsBooksOfYear": "{year} 年讀完的書",
    "statsJSON": "這些數字的 JSON 檔",
    "statsShowTable": "以表格列出數字",
    "embedCard": "嵌入這本書",
    "embedCardHelp": "把這段程式碼貼到你的網頁，就會顯示這本書的卡片：",
  ]

  static let statsJapanese: [String: String] = [
    "statsTitle": "読書の記録",
    "statsYearTitle": "{year}年の読書",
    "statsAllYears": "全期間",
    "statsBooksRead": "読んだ本",
    "statsPagesRead": "読んだページ数",
    "statsDistinctBooks": "異なる本 {count} 冊",
    "statsWithoutPageCount": "ページ数のない本 {count} 冊",
    "statsReadWithoutDate": "「読んだ」の本のうち {count} 冊は読了日がなく、どの年にも数えていません。",
    "statsBooksPerYear": "年ごとの読了数",
    "statsPagesPerYear": "年ごとのページ数",
    "statsBooksPerMonth": "{year}年の月ごとの読了数",
    "statsMonth": "月",
    "statsMonthUnknown": "月不明",
    "statsRatings": "{year}年につけた評価",
    "statsRating": "評価",
    "statsUnrated": "評価なし",
    "statsAverageRating": "平均評価",
    "statsFormats": "{year}年に読んだ形態",
    "statsFormatUnknown": "記録なし",
    "statsBooks": "冊数",
    "statsTopAuthors": "よく読んだ著者",
    "statsTopCategories": "よく読んだカテゴリ",
    "statsLongest": "いちばん長い本",
    "statsShortest": "いちばん短い本",
    "statsBooksOfYear": "{year}年に読んだ本",
    "statsJSON": "この数字の JSON",
    "statsShowTable": "数字を表で見る",
    "embedCard": "この本を埋め込む",
    "embedCardHelp": "このコードをページに貼り付けると、この本のカードが表示されます：",
  ]
}
