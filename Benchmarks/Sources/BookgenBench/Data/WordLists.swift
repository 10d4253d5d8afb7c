/// The vocabulary the synthetic catalog is built from: English, Traditional Chinese, Japanese.
enum WordLists {
  static let titleNouns = [
    "River", "Garden", "Empire", "Winter", "Machine", "Harbor", "Lantern", "Orchard", "Signal",
    "Archive", "Mountain", "Island", "Library", "Compass", "Mirror", "Season", "Kingdom", "Forest",
    "Letters", "Silence", "Atlas", "Memory", "Voyage", "Bridge", "Shadow", "Engine", "Tide",
    "Station", "Frontier", "Cathedral", "Alphabet", "Weather", "Republic", "Circuit", "Salt",
    "Glass", "Horizon", "Desert", "Clockwork", "Ember", "Meridian", "Parliament", "Tower",
    "Algorithm", "Monsoon", "Violin", "Lighthouse", "Crossing", "Inheritance", "Chronicle",
  ]
  static let titleAdjectives = [
    "Silent", "Last", "Hidden", "Quiet", "Broken", "Golden", "Northern", "Little", "Distant",
    "Burning", "Invisible", "Second", "Long", "Wild", "Secret", "Lost", "Bright", "Small",
    "Restless", "Patient", "Paper", "Iron", "Green", "Endless", "Careful", "Practical",
  ]
  static let subtitles = [
    "A Novel", "Stories", "A Memoir", "An Introduction", "A History", "Essays and Reviews",
    "Collected Poems", "A Practical Guide", "Second Edition", "The Complete Series",
    "Notes from the Field", "Lectures on Method", "A Biography", "Book One", "Illustrated Edition",
  ]
  static let firstNames = [
    "Ada", "Alan", "Grace", "Ursula", "Octavia", "Ted", "Mary", "Isaac", "Jane", "Toni", "Italo",
    "Joan", "Brian", "Donald", "Barbara", "Edsger", "Margaret", "Kazuo", "Chimamanda", "Olga",
    "Haruki", "Elena", "Jorge", "Wisława", "Derek", "Zadie", "Hilary", "Colson", "Ann", "Samuel",
  ]
  static let lastNames = [
    "Lovelace", "Turing", "Hopper", "Le Guin", "Butler", "Chiang", "Shelley", "Asimov", "Austen",
    "Morrison", "Calvino", "Didion", "Kernighan", "Knuth", "Liskov", "Dijkstra", "Atwood",
    "Ishiguro", "Adichie", "Tokarczuk", "Ferrante", "Borges", "Szymborska", "Walcott", "Smith",
    "Mantel", "Whitehead", "Patchett", "Beckett", "O'Brien",
  ]
  static let publishers = [
    "Penguin Books", "Vintage", "Faber & Faber", "Tor Books", "Orbit", "O'Reilly Media",
    "Addison-Wesley Professional", "MIT Press", "Oxford University Press", "Gallimard",
    "Pottermore Publishing", "HarperCollins", "Random House", "Ace", "Picador",
    "遠流出版", "皇冠文化", "時報文化", "聯經出版公司", "新潮社", "講談社", "集英社", "岩波書店",
  ]
  static let categoryPaths = [
    "Fiction / Science Fiction / General", "Fiction / Science Fiction / Alien Contact",
    "Fiction / Literary", "Fiction / Fantasy / Epic", "Fiction / Historical / General",
    "Fiction / Mystery & Detective / General", "Computers / Programming / General",
    "Computers / Software Development & Engineering / General", "History / Asia / Taiwan",
    "History / Europe / General", "Biography & Autobiography / Literary Figures",
    "Literary Collections / Essays", "Poetry / General", "Science / Physics / General",
    "Comics & Graphic Novels / Manga / General", "Juvenile Fiction / Fantasy & Magic",
    "Travel / Asia / Japan", "Philosophy / General", "Nature / Ecology", "Cooking / General",
  ]
  static let words = [
    "the", "a", "of", "and", "in", "to", "with", "from", "across", "beyond", "between", "under",
    "story", "city", "family", "war", "summer", "journey", "secret", "world", "novel", "history",
    "century", "island", "memory", "science", "language", "machine", "garden", "letters",
    "reader", "author", "generation", "daughter", "brother", "village", "empire", "ocean",
    "discovers", "remembers", "builds", "loses", "follows", "questions", "explains", "returns",
    "beautiful", "unforgettable", "ambitious", "quiet", "brilliant", "dark", "funny", "tender",
    "program", "design", "system", "data", "compiler", "network", "theory", "practice", "craft",
    "award-winning", "bestselling", "classic", "new", "revised", "complete", "original", "first",
    "time", "light", "river", "night", "house", "road", "mountain", "winter", "harbor", "voice",
    "is", "was", "becomes", "offers", "shows", "asks", "tells", "reveals", "has", "will",
  ]
  /// Traditional Chinese titles, authors and description sentences.
  static let chineseTitles = [
    "三體", "複眼人", "臺北人", "單車失竊記", "撒哈拉的故事", "亞細亞的孤兒", "大江大海一九四九",
    "房思琪的初戀樂園", "煙愁", "天橋上的魔術師", "城南舊事", "傾城之戀", "海神家族", "家變",
    "送行者", "目送", "孽子", "殺夫", "玫瑰玫瑰我愛你", "鱷魚手記",
  ]
  static let chineseSubtitles = ["長篇小說", "散文集", "增訂新版", "三部曲之一", "經典珍藏版", "短篇小說集"]
  static let chineseAuthors = [
    "劉慈欣", "吳明益", "白先勇", "三毛", "吳濁流", "龍應台", "林奕含", "琦君", "林海音", "張愛玲",
    "陳玉慧", "王文興", "李昂", "王禎和", "邱妙津", "黃春明",
  ]
  static let chineseSentences = [
    "這是一部關於島嶼、記憶與遷徙的小說。", "作者以細膩的筆觸描寫了一個家族三代人的命運。",
    "故事從一座小鎮的老火車站開始，", "在戰爭與和平之間，人們仍然努力地生活。",
    "本書榮獲多項文學大獎，並被翻譯成二十多種語言。", "讀完之後，你會重新認識這片土地。",
    "他們在雨季裡相遇，又在颱風來臨前分開。", "這是一本獻給所有愛書人的書。",
  ]
  /// Japanese titles, authors and description sentences.
  static let japaneseTitles = [
    "鬼滅の刃", "ノルウェイの森", "雪国", "吾輩は猫である", "羅生門", "銀河鉄道の夜", "人間失格",
    "コンビニ人間", "博士の愛した数式", "告白", "火花", "蜜蜂と遠雷", "キッチン", "海辺のカフカ",
  ]
  static let japaneseAuthors = [
    "村上春樹", "川端康成", "夏目漱石", "芥川龍之介", "宮沢賢治", "太宰治", "村田沙耶香", "小川洋子",
    "湊かなえ", "又吉直樹", "恩田陸", "吉本ばなな", "吾峠呼世晴",
  ]
  static let japaneseSentences = [
    "静かな町に暮らす少年の物語。", "ある日、彼女は古い図書館で一通の手紙を見つける。",
    "累計発行部数は一億部を突破した。", "雪の降る夜、列車はトンネルを抜けた。",
    "家族とは何かを問いかける感動の長編小説。", "本書は著者の代表作であり、世界中で読まれている。",
  ]
  static let snippetFragments = [
    "It&#39;s a story about", "the &quot;last&quot; library", "war &amp; peace", "&nbsp;...",
    "<b>garden</b> of", "a novel<br>\nabout", "told with warmth", "that readers won&#39;t forget",
  ]
}
