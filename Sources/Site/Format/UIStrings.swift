import BookRecord
import Diagnostics
import Foundation

/// The theme's UI strings (`{{t.buy}}`), built in for en, zh-TW and ja and overridable from
/// `site.strings` in the catalog.
struct UIStrings: Sendable {
  let language: UILanguage
  private(set) var values: [String: String]
  /// The keys `site.strings` set: computed strings (`dataFrom`) leave them as the owner wrote.
  private(set) var overridden: Set<String> = []

  /// The built-in table for `language`, with the owner's overrides applied.
  ///
  /// An override naming a string that does not exist is an error (it is the owner's typo).
  init(language: UILanguage, overrides: [String: String] = [:]) throws(SiteError) {
    self.language = language
    var values = UIStrings.table(for: language)
    for key in overrides.keys.sorted() {
      guard values[key] != nil else {
        throw .unknownUIString(
          key: key, suggestion: NearestName.suggestion(for: key, among: values.keys.sorted()))
      }
      values[key] = overrides[key]
    }
    self.values = values
    overridden = Set(overrides.keys)
  }

  /// `dataFrom` names the sources the site's books come from (`Data from Google Books and Open
  /// Library`), unless the owner wrote their own.
  mutating func credit(_ sources: [BookSource]) {
    guard !overridden.contains("dataFrom"), !sources.isEmpty else { return }
    values["dataFrom"] = format("dataFromSources", ["sources": list(sources.map(name))])
  }

  /// A source as pages name it: `Google Books`, `Google 圖書`; a source without a string, by its
  /// own name.
  func name(_ source: BookSource) -> String {
    switch source.id {
    case "google-books": self["googleBooks"]
    case "open-library": self["openLibrary"]
    default: source.name
    }
  }

  /// `View on Google Books`: the link to a source's page for a book.
  func view(_ source: BookSource) -> String {
    switch source.id {
    case "google-books": self["viewOnGoogleBooks"]
    case "open-library": self["viewOnOpenLibrary"]
    default: format("viewOn", ["source": source.name])
    }
  }

  /// `A`, `A and B`, `A, B and C`.
  func list(_ names: [String]) -> String {
    guard let last = names.last else { return "" }
    guard names.count > 1 else { return last }
    return format("sourcesAnd", ["first": names.dropLast().joined(separator: ", "), "second": last])
  }

  subscript(_ key: String) -> String { values[key] ?? key }

  /// A string with `{name}` placeholders filled in: `"Cover of {title}"`. The arguments are
  /// pairs, not a dictionary: a page formats several strings, and building and hashing a
  /// dictionary for one or two names cost more than finding them in a list.
  func format(_ key: String, _ arguments: KeyValuePairs<String, String>) -> String {
    let template = self[key]
    guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
    // Byte by byte where that finds the same braces as the character scan below (a brace next
    // to a non-ASCII byte could join a character with it): a page formats several strings, and
    // walking characters was a twentieth of building a book page's context.
    if let formatted = template.utf8.withContiguousStorageIfAvailable({
      UIStrings.format(bytes: $0, arguments)
    }), let formatted {
      return formatted
    }
    // One pass over the text; a `{name}` with no argument stays as written.
    var result = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      guard let close = rest[open...].firstIndex(of: "}"),
        let value = UIStrings.argument(rest[rest.index(after: open)..<close], in: arguments)
      else {
        result.append("{")
        rest = rest[rest.index(after: open)...]
        continue
      }
      result += value
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  private static func argument(_ name: Substring, in arguments: KeyValuePairs<String, String>) -> String? {
    for index in arguments.indices where arguments[index].key == name { return arguments[index].value }
    return nil
  }

  /// `format`'s pass over UTF-8 bytes; nil when a brace touches a non-ASCII byte.
  private static func format(bytes: UnsafeBufferPointer<UInt8>, _ arguments: KeyValuePairs<String, String>)
    -> String?
  {
    let open = UInt8(ascii: "{")
    let close = UInt8(ascii: "}")
    for index in bytes.indices where bytes[index] == open || bytes[index] == close {
      if index > 0 && bytes[index - 1] >= 0x80 || index + 1 < bytes.count && bytes[index + 1] >= 0x80 {
        return nil
      }
    }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + 32)
    var start = 0
    while let brace = bytes[start...].firstIndex(of: open) {
      result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<brace]))
      guard let end = bytes[brace...].firstIndex(of: close),
        let value = argument(
          Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[(brace + 1)..<end]), as: UTF8.self)),
          in: arguments)
      else {
        result.append(open)
        start = brace + 1
        continue
      }
      result.append(contentsOf: value.utf8)
      start = end + 1
    }
    result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    return String(decoding: result, as: UTF8.self)
  }

  static func table(for language: UILanguage) -> [String: String] {
    let main: [String: String]
    switch language {
    case .english: main = english
    case .traditionalChinese: main = traditionalChinese
    case .japanese: main = japanese
    }
    return main.merging(statsTable(for: language)) { first, _ in first }
  }

  static let english: [String: String] = [
    "dataFromSources": "Data from {sources}",
    "sourcesAnd": "{first} and {second}",
    "viewOn": "View on {source}",
    "viewOnOpenLibrary": "View on Open Library",
    "googleBooks": "Google Books",
    "openLibrary": "Open Library",
    "firstPublished": "First published",
    "skipToContent": "Skip to content",
    "search": "Search",
    "searchPlaceholder": "Title, author or ISBN",
    "searchResults": "Search results",
    "searchCount": "{count} results",
    "searchCountOne": "1 result",
    "searchNone": "No results",
    "searchError": "Search is unavailable",
    "searchSeeAll": "See all {count} results",
    "searchFilters": "Filters",
    "searchShowMore": "Show all {count}",
    "searchShowFewer": "Show fewer",
    "searchClearFilters": "Clear filters",
    "searchLoading": "Searching…",
    "searchPrompt": "Type a word to search titles, authors, descriptions and notes.",
    "searchNoScript": "Searching needs JavaScript. You can browse all books instead:",
    "home": "Home",
    "allBooks": "All books",
    "collections": "Collections",
    "recentlyPublished": "Recently published",
    "seeAll": "See all",
    "allCollections": "All collections",
    "bookCount": "{count} books",
    "bookCountOne": "1 book",
    "by": "by",
    "authors": "Authors",
    "publisher": "Publisher",
    "published": "Published",
    "isbn13": "ISBN-13",
    "isbn10": "ISBN-10",
    "pages": "Pages",
    "pageCount": "{count} pages",
    "categories": "Categories",
    "subcategories": "Subcategories",
    "language": "Language",
    "year": "Year",
    "rating": "Google Books rating",
    "ratingValue": "{rating} out of 5 ({count} ratings)",
    "myReading": "My reading",
    "shelf": "Shelf",
    "statusRead": "Read",
    "statusReading": "Reading",
    "statusToRead": "To read",
    "statusAbandoned": "Abandoned",
    "myRating": "My rating",
    "myRatingValue": "{rating} out of 5",
    "dateAdded": "Added",
    "dateStarted": "Started",
    "dateRead": "Finished",
    "readCount": "Times read",
    "format": "Format",
    "formatHardcover": "Hardcover",
    "formatPaperback": "Paperback",
    "formatEbook": "Ebook",
    "formatAudiobook": "Audiobook",
    "formatOther": "Other",
    "owned": "My copy",
    "ownedYes": "On my shelves",
    "links": "Links",
    "series": "Series",
    "seriesNumber": "Book {number} of {series}",
    "seriesPosition": "Book {number} of {total} in {series}",
    "seriesNumberIn": "Book {number} in {series}",
    "seriesMember": "One of {total} books in {series}",
    "seriesIn": "In the series {series}",
    "seriesBook": "Book {number}",
    "previousInSeries": "Previous in the series",
    "nextInSeries": "Next in the series",
    "shelves": "Shelves",
    "tag": "Tag",
    "currentlyReading": "Currently reading",
    "inStock": "In stock",
    "outOfStock": "Out of stock",
    "preorder": "Pre-order",
    "dataFromExport": "From my {source} export: no book source has this one",
    "description": "Description",
    "ownerNote": "My note",
    "tags": "Tags",
    "inCollections": "In collections",
    "details": "Details",
    "preview": "Preview",
    "buy": "Buy",
    "listPrice": "List price",
    "spoilerShow": "Spoiler — show",
    "price": "Price",
    "discount": "{percent}% off",
    "free": "Free",
    "publicDomain": "Public domain",
    "dataFrom": "Data from Google Books",
    "viewOnGoogleBooks": "View on Google Books",
    "opensInNewTab": "(opens in a new tab)",
    "coverOf": "Cover of {title}",
    "noCover": "No cover available",
    "untitled": "Untitled",
    "previous": "Previous",
    "next": "Next",
    "pagination": "Pages",
    "pageNumber": "Page {number}",
    "pageOf": "Page {number} of {total}",
    "noBooks": "No books here yet.",
    "author": "Author",
    "category": "Category",
    "notFoundTitle": "Page not found",
    "notFoundText": "The page you are looking for does not exist or has moved.",
    "backHome": "Back to the home page",
    "poweredBy": "Built with bookgen",
  ]

  static let traditionalChinese: [String: String] = [
    "dataFromSources": "資料來源：{sources}",
    "sourcesAnd": "{first} 與 {second}",
    "viewOn": "在 {source} 查看",
    "viewOnOpenLibrary": "在 Open Library 查看",
    "googleBooks": "Google 圖書",
    "openLibrary": "Open Library",
    "firstPublished": "首次出版",
    "skipToContent": "跳至主要內容",
    "search": "搜尋",
    "searchPlaceholder": "書名、作者或 ISBN",
    "searchResults": "搜尋結果",
    "searchCount": "{count} 筆結果",
    "searchCountOne": "1 筆結果",
    "searchNone": "沒有結果",
    "searchError": "目前無法搜尋",
    "searchSeeAll": "查看全部 {count} 筆結果",
    "searchFilters": "篩選",
    "searchShowMore": "顯示全部 {count} 項",
    "searchShowFewer": "收合",
    "searchClearFilters": "清除篩選",
    "searchLoading": "搜尋中…",
    "searchPrompt": "輸入字詞，搜尋書名、作者、簡介與筆記。",
    "searchNoScript": "搜尋需要 JavaScript。也可以瀏覽所有書籍：",
    "home": "首頁",
    "allBooks": "所有書籍",
    "collections": "書單",
    "recentlyPublished": "近期出版",
    "seeAll": "查看全部",
    "allCollections": "所有書單",
    "bookCount": "{count} 本書",
    "bookCountOne": "1 本書",
    "by": "作者",
    "authors": "作者",
    "publisher": "出版社",
    "published": "出版日期",
    "isbn13": "ISBN-13",
    "isbn10": "ISBN-10",
    "pages": "頁數",
    "pageCount": "{count} 頁",
    "categories": "分類",
    "subcategories": "子分類",
    "language": "語言",
    "year": "年份",
    "rating": "Google 圖書評分",
    "myReading": "我的閱讀",
    "shelf": "書架",
    "statusRead": "已讀",
    "statusReading": "閱讀中",
    "statusToRead": "想讀",
    "statusAbandoned": "放棄",
    "myRating": "我的評分",
    "myRatingValue": "{rating} / 5",
    "dateAdded": "加入日期",
    "dateStarted": "開始閱讀",
    "dateRead": "讀完",
    "readCount": "閱讀次數",
    "format": "版本",
    "formatHardcover": "精裝",
    "formatPaperback": "平裝",
    "formatEbook": "電子書",
    "formatAudiobook": "有聲書",
    "formatOther": "其他",
    "owned": "藏書",
    "ownedYes": "在我的書架上",
    "links": "連結",
    "series": "系列",
    "seriesNumber": "{series} 第 {number} 集",
    "seriesPosition": "{series} 第 {number} 集（共 {total} 集）",
    "seriesNumberIn": "{series} 第 {number} 集",
    "seriesMember": "{series}系列，共 {total} 本",
    "seriesIn": "{series}系列",
    "seriesBook": "第 {number} 集",
    "previousInSeries": "系列上一本",
    "nextInSeries": "系列下一本",
    "shelves": "書架",
    "tag": "標籤",
    "currentlyReading": "正在閱讀",
    "inStock": "有庫存",
    "outOfStock": "缺貨",
    "preorder": "預購",
    "dataFromExport": "來自我的 {source} 匯出資料：書目來源查無此書",
    "ratingValue": "{rating} / 5（{count} 則評分）",
    "description": "內容簡介",
    "ownerNote": "我的筆記",
    "tags": "標籤",
    "inCollections": "收錄於書單",
    "details": "書籍資料",
    "preview": "試閱",
    "buy": "購買",
    "listPrice": "定價",
    "spoilerShow": "劇透 — 顯示",
    "price": "售價",
    "discount": "省 {percent}%",
    "free": "免費",
    "publicDomain": "公有領域",
    "dataFrom": "資料來源：Google 圖書",
    "viewOnGoogleBooks": "在 Google 圖書查看",
    "opensInNewTab": "（在新分頁開啟）",
    "coverOf": "《{title}》封面",
    "noCover": "沒有封面",
    "untitled": "無標題",
    "previous": "上一頁",
    "next": "下一頁",
    "pagination": "分頁",
    "pageNumber": "第 {number} 頁",
    "pageOf": "第 {number} 頁，共 {total} 頁",
    "noBooks": "這裡還沒有書。",
    "author": "作者",
    "category": "分類",
    "notFoundTitle": "找不到頁面",
    "notFoundText": "您要找的頁面不存在或已移動。",
    "backHome": "回到首頁",
    "poweredBy": "由 bookgen 建置",
  ]

  static let japanese: [String: String] = [
    "dataFromSources": "データ提供：{sources}",
    "sourcesAnd": "{first}、{second}",
    "viewOn": "{source}で見る",
    "viewOnOpenLibrary": "Open Library で見る",
    "googleBooks": "Google ブックス",
    "openLibrary": "Open Library",
    "firstPublished": "初版",
    "skipToContent": "本文へスキップ",
    "search": "検索",
    "searchPlaceholder": "書名・著者・ISBN",
    "searchResults": "検索結果",
    "searchCount": "{count} 件",
    "searchCountOne": "1 件",
    "searchNone": "見つかりませんでした",
    "searchError": "検索を利用できません",
    "searchSeeAll": "{count} 件をすべて見る",
    "searchFilters": "絞り込み",
    "searchShowMore": "すべて表示（{count}）",
    "searchShowFewer": "折りたたむ",
    "searchClearFilters": "絞り込みを解除",
    "searchLoading": "検索中…",
    "searchPrompt": "書名・著者・内容紹介・メモを検索できます。",
    "searchNoScript": "検索には JavaScript が必要です。すべての本から探せます：",
    "home": "ホーム",
    "allBooks": "すべての本",
    "collections": "コレクション",
    "recentlyPublished": "最近の刊行",
    "seeAll": "すべて見る",
    "allCollections": "すべてのコレクション",
    "bookCount": "{count} 冊",
    "bookCountOne": "1 冊",
    "by": "著者",
    "authors": "著者",
    "publisher": "出版社",
    "published": "発行日",
    "isbn13": "ISBN-13",
    "isbn10": "ISBN-10",
    "pages": "ページ数",
    "pageCount": "{count} ページ",
    "categories": "カテゴリ",
    "subcategories": "サブカテゴリ",
    "language": "言語",
    "year": "年",
    "rating": "Google ブックスの評価",
    "myReading": "私の読書",
    "shelf": "本棚",
    "statusRead": "読んだ",
    "statusReading": "読んでいる",
    "statusToRead": "読みたい",
    "statusAbandoned": "中断",
    "myRating": "私の評価",
    "myRatingValue": "5 点中 {rating} 点",
    "dateAdded": "追加日",
    "dateStarted": "読み始め",
    "dateRead": "読了",
    "readCount": "読んだ回数",
    "format": "形態",
    "formatHardcover": "ハードカバー",
    "formatPaperback": "ペーパーバック",
    "formatEbook": "電子書籍",
    "formatAudiobook": "オーディオブック",
    "formatOther": "その他",
    "owned": "所蔵",
    "ownedYes": "手元にあり",
    "links": "リンク",
    "series": "シリーズ",
    "seriesNumber": "{series} 第 {number} 巻",
    "seriesPosition": "{series} 第 {number} 巻（全 {total} 巻）",
    "seriesNumberIn": "{series} 第 {number} 巻",
    "seriesMember": "{series}（全 {total} 冊）の一冊",
    "seriesIn": "シリーズ「{series}」",
    "seriesBook": "第 {number} 巻",
    "previousInSeries": "シリーズの前の巻",
    "nextInSeries": "シリーズの次の巻",
    "shelves": "本棚",
    "tag": "タグ",
    "currentlyReading": "読んでいる本",
    "inStock": "在庫あり",
    "outOfStock": "在庫切れ",
    "preorder": "予約受付中",
    "dataFromExport": "私の {source} エクスポートより：書誌情報源にはありません",
    "ratingValue": "5 点中 {rating} 点（{count} 件の評価）",
    "description": "内容紹介",
    "ownerNote": "私のメモ",
    "tags": "タグ",
    "inCollections": "収録コレクション",
    "details": "書誌情報",
    "preview": "試し読み",
    "buy": "購入",
    "listPrice": "定価",
    "spoilerShow": "ネタバレ — 表示",
    "price": "価格",
    "discount": "{percent}% オフ",
    "free": "無料",
    "publicDomain": "パブリックドメイン",
    "dataFrom": "データ提供：Google ブックス",
    "viewOnGoogleBooks": "Google ブックスで見る",
    "opensInNewTab": "（新しいタブで開きます）",
    "coverOf": "『{title}』の表紙",
    "noCover": "表紙はありません",
    "untitled": "無題",
    "previous": "前へ",
    "next": "次へ",
    "pagination": "ページ",
    "pageNumber": "{number} ページ目",
    "pageOf": "{total} ページ中 {number} ページ目",
    "noBooks": "まだ本がありません。",
    "author": "著者",
    "category": "カテゴリ",
    "notFoundTitle": "ページが見つかりません",
    "notFoundText": "お探しのページは存在しないか、移動しました。",
    "backHome": "ホームに戻る",
    "poweredBy": "bookgen で作成",
  ]
}
