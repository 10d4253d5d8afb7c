import Foundation

/// Author names and titles drawn from large, skewed pools, so a 100k catalog has tens of
/// thousands of distinct authors with a few prolific ones (as real catalogs do), rather than
/// a handful of names each holding thousands of books.
enum Names {
  /// Distinct authors per language the pool can name.
  static let authorPool = 50_000

  /// A pool index skewed towards small numbers: the top author holds ~0.07% of the books.
  static func authorIndex(_ random: inout SplitMix64) -> Int {
    min(authorPool - 1, Int(Double(authorPool) * pow(random.unit(), 1.5)))
  }

  static func author(_ language: SyntheticBook.Language, _ index: Int) -> String {
    switch language {
    case .english:
      let first = WordLists.firstNames[index % WordLists.firstNames.count]
      let rest = index / WordLists.firstNames.count
      let surnames = surnamePrefixes.count * surnameSuffixes.count + WordLists.lastNames.count
      let number = rest % surnames
      let surname =
        number < WordLists.lastNames.count
        ? WordLists.lastNames[number]
        : {
          let compound = number - WordLists.lastNames.count
          return surnamePrefixes[compound % surnamePrefixes.count]
            + surnameSuffixes[compound / surnamePrefixes.count]
        }()
      let initial = middleInitials[(rest / surnames) % middleInitials.count]
      return "\(first)\(initial) \(surname)"
    case .chinese:
      if index < WordLists.chineseAuthors.count { return WordLists.chineseAuthors[index] }
      let given = chineseGiven.count
      return chineseSurnames[index % chineseSurnames.count]
        + chineseGiven[(index / chineseSurnames.count) % given]
        + chineseGiven[(index / chineseSurnames.count / given) % given]
    case .japanese:
      if index < WordLists.japaneseAuthors.count { return WordLists.japaneseAuthors[index] }
      let family = japaneseFamily[index % japaneseFamily.count]
      let rest = index / japaneseFamily.count
      return family + japaneseGivenFirst[rest % japaneseGivenFirst.count]
        + japaneseGivenSecond[(rest / japaneseGivenFirst.count) % japaneseGivenSecond.count]
    }
  }

  static func chineseTitle(_ random: inout SplitMix64) -> String {
    random.chance(0.2)
      ? random.pick(WordLists.chineseTitles)
      : random.pick(chineseTitleHeads) + random.pick(chineseTitleTails)
  }

  static func japaneseTitle(_ random: inout SplitMix64) -> String {
    random.chance(0.2)
      ? random.pick(WordLists.japaneseTitles)
      : random.pick(japaneseTitleHeads) + random.pick(japaneseTitleTails)
  }

  private static let surnamePrefixes = [
    "Ash", "Bell", "Black", "Brad", "Cart", "Chand", "Craw", "Dal", "Ell", "Fair", "Fitz", "Gold",
    "Hart", "Hol", "King", "Lang", "Mar", "Mor", "North", "Pem", "Rad", "Ros", "Stan", "Thorn",
    "Wal", "Wins", "Whit", "Wood", "Hal", "Ken",
  ]
  private static let surnameSuffixes = [
    "ford", "ley", "well", "ton", "wood", "ridge", "by", "more", "field", "son", "man", "wick",
    "worth", "stone", "brook", "dale", "hurst", "combe", "ham", "bury",
  ]
  private static let middleInitials = ["", " A.", " J.", " M.", " R."]
  private static let chineseSurnames = Array("王李張劉陳楊黃趙吳周徐孫馬朱胡郭何林高羅鄭梁謝宋唐許韓馮鄧曹").map(String.init)
  private static let chineseGiven = Array("文明華志國建春秋雨雪玉美麗英偉強平安家宜欣怡婷雅靜慧芳琪宏俊傑瑜庭佳君彥").map(String.init)
  private static let japaneseFamily = [
    "佐藤", "鈴木", "高橋", "田中", "伊藤", "渡辺", "山本", "中村", "小林", "加藤", "吉田", "山田", "佐々木",
    "山口", "松本", "井上", "木村", "林", "斎藤", "清水", "山崎", "森", "池田", "橋本", "阿部", "石川",
    "山下", "中島", "石井", "小川",
  ]
  private static let japaneseGivenFirst = Array("健浩大直和美真由恵智裕結陽翔蓮花千春秋雪").map(String.init)
  private static let japaneseGivenSecond = [
    "太", "子", "樹", "介", "美", "香", "也", "郎", "奈", "人", "菜", "斗", "代", "彦", "乃", "輝", "希", "江", "生", "音",
  ]
  private static let chineseTitleHeads = [
    "島嶼", "城市", "河流", "山海", "記憶", "時光", "家族", "夜行", "風雨", "春秋", "花園", "書信",
    "燈塔", "港口", "森林", "雪國", "月光", "鐵道", "歸途", "遠方",
  ]
  private static let chineseTitleTails = ["之歌", "的故事", "手記", "紀事", "三部曲", "之書", "的孩子", "與我", "日記", "之旅"]
  private static let japaneseTitleHeads = ["海辺", "星空", "雪", "夏", "東京", "図書館", "猫", "月", "風", "駅", "桜", "夜明け"]
  private static let japaneseTitleTails = ["の物語", "の記憶", "と私", "の約束", "日記", "の向こう側", "の季節", "をめぐる冒険"]
}
