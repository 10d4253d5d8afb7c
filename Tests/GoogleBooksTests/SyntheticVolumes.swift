/// Deterministic volumes in Google's JSON shape, for benchmarks and cache-scale tests.
enum SyntheticVolumes {
  /// A `books#volumes` page body holding volumes `range`.
  static func page(_ range: Range<Int>) -> [UInt8] {
    var text = "{\n  \"kind\": \"books#volumes\",\n  \"totalItems\": 10000,\n  \"items\": [\n"
    for number in range {
      if number > range.lowerBound { text += ",\n" }
      text += volume(number)
    }
    text += "\n  ]\n}\n"
    return Array(text.utf8)
  }

  static func id(_ number: Int) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    var value = UInt64(number) &* 0x9E37_79B9_7F4A_7C15 | 1
    var id = ""
    for _ in 0..<12 {
      id.append(alphabet[Int(value % 64)])
      value /= 64
    }
    return id
  }

  /// An ISBN-13 with a valid check digit.
  static func isbn13(_ number: Int) -> String {
    let body = "978" + String(String(100_000_000 + number * 7919 % 900_000_000).suffix(9))
    let digits = body.compactMap(\.wholeNumberValue)
    let sum = digits.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
    return body + String((10 - sum % 10) % 10)
  }

  static func volume(_ number: Int) -> String {
    let id = id(number)
    let words = [
      "catalog", "river", "\\u003cb\\u003equiet\\u003c/b\\u003e", "書籍", "目録", "garden", "\\\"night\\\"",
    ]
    let length = 200 + (number * 7_919) % 3_800
    var description = ""
    var index = number
    while description.utf8.count < length {
      description += words[index % words.count] + " "
      index = (index * 31 + 7) % 10_007
    }
    let missing = number % 7 == 0  // about 15% lose their optional fields
    var info = "      \"title\": \"Book \(number) of the \\u00e9t\\u00e9 collection\",\n"
    if !missing {
      info += """
                "subtitle": "A synthetic volume",
                "authors": ["Author \(number % 97)", "作者 \(number % 13)"],
                "publisher": "Publisher \(number % 31)",
                "publishedDate": "\(1950 + number % 70)-\(String(format2: 1 + number % 12))-\(String(format2: 1 + number % 28))",
                "description": "\(description)",
                "pageCount": \(100 + number % 500),
                "categories": ["Fiction / Science Fiction / General"],
                "averageRating": 4.5,
                "ratingsCount": \(number % 50),

        """
    }
    info += """
            "industryIdentifiers": [
              {"type": "ISBN_13", "identifier": "\(isbn13(number))"},
              {"type": "OTHER", "identifier": "PKEY:\(number)"}
            ],
            "readingModes": {"text": true, "image": false},
            "printType": "BOOK",
            "maturityRating": "NOT_MATURE",
            "allowAnonLogging": false,
            "contentVersion": "1.2.3.0.preview.2",
            "panelizationSummary": {"containsEpubBubbles": false, "containsImageBubbles": false},
            "imageLinks": {
              "smallThumbnail": "http://books.google.com/books/content?id=\(id)&printsec=frontcover&img=1&zoom=5&edge=curl&source=gbs_api",
              "thumbnail": "http://books.google.com/books/content?id=\(id)&printsec=frontcover&img=1&zoom=1&edge=curl&source=gbs_api"
            },
            "language": "en",
            "previewLink": "http://books.google.co.uk/books?id=\(id)&printsec=frontcover&dq=x&hl=&cd=1&source=gbs_api",
            "infoLink": "https://play.google.com/store/books/details?id=\(id)&source=gbs_api",
            "canonicalVolumeLink": "https://play.google.com/store/books/details?id=\(id)"
      """
    return """
          {
            "kind": "books#volume",
            "id": "\(id)",
            "etag": "etag\(number)",
            "selfLink": "https://www.googleapis.com/books/v1/volumes/\(id)",
            "volumeInfo": {
      \(info)
            },
            "saleInfo": {
              "country": "GB", "saleability": "FOR_SALE", "isEbook": true,
              "listPrice": {"amount": 5.99, "currencyCode": "GBP"},
              "retailPrice": {"amount": \(number % 20), "currencyCode": "GBP"},
              "buyLink": "https://play.google.com/store/books/details?id=\(id)&rdid=book-\(id)&rdot=1&source=gbs_api",
              "offers": [{"finskyOfferType": 1, "listPrice": {"amountInMicros": 5.99E6, "currencyCode": "GBP"},
                "retailPrice": {"amountInMicros": 3490000, "currencyCode": "GBP"}, "giftable": true}]
            },
            "accessInfo": {
              "country": "GB", "viewability": "PARTIAL", "embeddable": true, "publicDomain": false,
              "textToSpeechPermission": "ALLOWED",
              "epub": {"isAvailable": true, "acsTokenLink": "http://books.google.co.uk/books/download/x-sample-epub.acsm?id=\(id)"},
              "pdf": {"isAvailable": false},
              "webReaderLink": "http://play.google.com/books/reader?id=\(id)&hl=&source=gbs_api",
              "accessViewStatus": "SAMPLE", "quoteSharingAllowed": false
            },
            "searchInfo": {"textSnippet": "A \\u003cb\\u003esnippet\\u003c/b\\u003e &#39;\(number)&#39;&nbsp;..."}
          }
      """
  }
}

extension String {
  fileprivate init(format2 value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }
}
