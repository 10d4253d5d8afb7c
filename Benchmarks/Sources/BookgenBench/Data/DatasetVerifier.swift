import Foundation

/// Checks a ready dataset two ways. The pages the mock server serves, parsed as JSON
/// (Foundation's parser, not bookgen's), keep the generator's promises: counts, unique ids, valid
/// ISBNs, ~15% missing optional fields, descriptions of 200–4,000 characters and Google's quirks.
/// And bookgen, building the reference catalog offline from the cache its fetch filled, makes a
/// page for every volume: the catalog asks for what the plan holds, and bookgen skipped nothing.
struct DatasetVerifier {
  var dataset: Dataset
  var bookgen: String

  struct Report {
    var lines: [String] = []
    var problems: [String] = []
  }

  /// What the parsed pages hold, counted as they are read.
  private struct Tally {
    var ids = Set<String>()
    var isbns = Set<String>()
    var authors: [String: Int] = [:]
    var volumes = 0
    var missing: [String: Int] = [:]
    var lengths: [Int] = []
    var html = 0
    var cjk = 0
    var dateShapes: [String: Int] = [:]
    var scientificMicros = 0
    var yenPrices = 0
    var tenFirst = 0
    var bytes = 0
  }

  func verify() throws -> Report {
    var report = Report()
    var tally = Tally()
    func fail(_ problem: String) {
      if report.problems.count < 20 { report.problems.append(problem) }
    }
    var pages = 0
    for query in dataset.plan.queries {
      for page in query.pages {
        let body = SearchPage.body(query: query, volumes: page.volumes, seed: dataset.seed)
        pages += 1
        tally.bytes += body.count
        tally.scientificMicros += Self.occurrences(
          of: Array("\"amountInMicros\": ".utf8), followedByScientific: body[...])
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
          let items = object["items"] as? [[String: Any]]
        else {
          fail("\(query.q) page \(page.startIndex): not a books#volumes answer with items")
          continue
        }
        if items.count != page.volumes.count {
          fail("\(query.q) page \(page.startIndex): \(items.count) volumes, expected \(page.volumes.count)")
        }
        for item in items { check(item, &tally, fail) }
      }
    }
    if tally.volumes != dataset.plan.count {
      fail("\(tally.volumes) volumes served, expected \(dataset.plan.count)")
    }
    report.lines += summary(tally, pages: pages, fail)
    report.lines.append(try checkBuild(fail))
    return report
  }

  private func check(_ item: [String: Any], _ tally: inout Tally, _ fail: (String) -> Void) {
    tally.volumes += 1
    let id = item["id"] as? String ?? ""
    if !tally.ids.insert(id).inserted { fail("duplicate volume id \(id)") }
    if id.utf8.count != 12 || !id.utf8.allSatisfy({ VolumeID.alphabet.contains($0) }) {
      fail("bad volume id '\(id)'")
    }
    let info = item["volumeInfo"] as? [String: Any] ?? [:]
    let authors = info["authors"] as? [String] ?? []
    for author in authors { tally.authors[author, default: 0] += 1 }
    let identifiers = (info["industryIdentifiers"] as? [[String: String]]) ?? []
    let sale = item["saleInfo"] as? [String: Any]
    let price = sale?["listPrice"] as? [String: Any]
    let pageCount = info["pageCount"] as? Int ?? 0
    for (field, isMissing) in [
      ("subtitle", info["subtitle"] == nil), ("authors", authors.isEmpty),
      ("publisher", info["publisher"] == nil),
      ("publishedDate", info["publishedDate"] == nil), ("description", info["description"] == nil),
      (
        "ISBN (neither ISBN_13 nor ISBN_10)", !identifiers.contains { $0["type"]?.hasPrefix("ISBN_") == true }
      ),
      ("pageCount", pageCount == 0), ("categories", (info["categories"] as? [String] ?? []).isEmpty),
      ("averageRating", info["averageRating"] == nil), ("imageLinks", info["imageLinks"] == nil),
      ("saleInfo.listPrice", price == nil),
    ] where isMissing {
      tally.missing[field, default: 0] += 1
    }
    if let description = info["description"] as? String {
      tally.lengths.append(description.unicodeScalars.count)
      if description.contains("<") { tally.html += 1 }
      if description.unicodeScalars.contains(where: { $0.value >= 0x3040 && $0.value < 0xA000 }) {
        tally.cjk += 1
      }
    }
    if let date = info["publishedDate"] as? String { tally.dateShapes[Self.shape(of: date), default: 0] += 1 }
    if price?["currencyCode"] as? String == "JPY" { tally.yenPrices += 1 }
    checkIdentifiers(identifiers, of: id, &tally, fail)
  }

  private func summary(_ tally: Tally, pages: Int, _ fail: (String) -> Void) -> [String] {
    var lines = [
      "\(pages) pages, \(tally.volumes) volumes, \(tally.ids.count) unique ids, \(tally.isbns.count) unique "
        + "ISBN-13s, \(tally.bytes / 1_000_000) MB of response bodies"
    ]
    let total = max(tally.volumes, 1)
    for (field, number) in tally.missing.sorted(by: { $0.key < $1.key }) {
      let share = Double(number) / Double(total)
      lines.append("missing \(field): \(Self.percent(share))")
      // pageCount also counts the 2% of zero page counts, which bookgen reads as unknown.
      if tally.volumes >= 1_000 && !(0.10...0.21).contains(share) {
        fail("\(field) missing in \(Self.percent(share)), expected ~15%")
      }
    }
    let lengths = tally.lengths.sorted()
    if let first = lengths.first, let last = lengths.last {
      lines.append(
        "description length: min \(first), median \(lengths[lengths.count / 2]), "
          + "p90 \(lengths[lengths.count * 9 / 10]), max \(last) characters; "
          + "HTML in \(Self.percent(Double(tally.html) / Double(lengths.count))), "
          + "CJK in \(Self.percent(Double(tally.cjk) / Double(lengths.count)))")
      if first < DescriptionText.minimumLength || last > DescriptionText.maximumLength {
        fail("description lengths \(first)…\(last) outside 200…4000")
      }
    }
    lines.append(
      "publishedDate shapes: "
        + tally.dateShapes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    lines.append(
      "\(tally.authors.count) distinct authors, the most prolific with \(tally.authors.values.max() ?? 0) books"
    )
    lines.append(
      "ISBN-10 listed first: \(tally.tenFirst); JPY prices: \(tally.yenPrices); "
        + "micros in scientific notation: \(tally.scientificMicros)")
    if tally.volumes >= 1_000
      && (tally.dateShapes.count < 4 || tally.yenPrices == 0 || tally.scientificMicros == 0
        || tally.tenFirst == 0
        || tally.html == 0 || tally.cjk == 0)
    {
      fail("a Google quirk is missing (date shapes, JPY, scientific micros, ISBN order, HTML or CJK)")
    }
    return lines
  }

  /// Builds the reference catalog offline into a scratch folder and counts its book pages.
  private func checkBuild(_ fail: (String) -> Void) throws -> String {
    let output = dataset.directory + "/public-verify"
    BenchHarness.removeBuildLeftovers(output: output)
    defer { BenchHarness.removeBuildLeftovers(output: output) }
    let outcome = try ChildProcess(arguments: [
      bookgen, "build", "--offline", "--catalog", dataset.catalogPath, "--output", output,
    ]).run()
    guard outcome.status == 0 else {
      fail("bookgen build --offline failed (exit \(outcome.status)): \(outcome.stderr)")
      return "bookgen build: failed"
    }
    let pages = OutputStats.scan(output).files.keys.filter(PageWeight.isBookPage).count
    if pages != dataset.plan.count {
      fail("bookgen built \(pages) book pages, expected \(dataset.plan.count)")
    }
    return "bookgen build --offline: \(pages) book pages"
  }

  private func checkIdentifiers(
    _ identifiers: [[String: String]], of id: String, _ tally: inout Tally, _ fail: (String) -> Void
  ) {
    let thirteen = identifiers.first { $0["type"] == "ISBN_13" }?["identifier"]
    let ten = identifiers.first { $0["type"] == "ISBN_10" }?["identifier"]
    if let thirteen {
      if !ISBNMaker.isValid13(thirteen) { fail("\(id): invalid ISBN-13 \(thirteen)") }
      if !tally.isbns.insert(thirteen).inserted { fail("\(id): duplicate ISBN-13 \(thirteen)") }
    }
    if let ten {
      if !ISBNMaker.isValid10(ten) { fail("\(id): invalid ISBN-10 \(ten)") }
      if let thirteen, ISBNMaker.isbn10(from: thirteen) != ten {
        fail("\(id): ISBN-10 \(ten) is not \(thirteen)")
      }
      if identifiers.first?["type"] == "ISBN_10" { tally.tenFirst += 1 }
    }
  }

  static func shape(of date: String) -> String {
    switch date.utf8.count {
    case 4: "YYYY"
    case 7: "YYYY-MM"
    case 10: "YYYY-MM-DD"
    default: "timestamp"
    }
  }

  static func percent(_ share: Double) -> String { String(format: "%.1f%%", share * 100) }

  /// Counts `prefix` followed by a number literal containing `E` (`3.499E7`).
  static func occurrences(of prefix: [UInt8], followedByScientific body: ArraySlice<UInt8>) -> Int {
    body.withUnsafeBufferPointer { body in
      var found = 0
      var index = 0
      while index + prefix.count <= body.count {
        guard body[index] == prefix[0], prefix.indices.allSatisfy({ body[index + $0] == prefix[$0] }) else {
          index += 1
          continue
        }
        index += prefix.count
        while index < body.count, body[index] != UInt8(ascii: ","), body[index] != 0x0A {
          if body[index] == UInt8(ascii: "E") { found += 1 }
          index += 1
        }
      }
      return found
    }
  }
}
