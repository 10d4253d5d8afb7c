import Catalog
import Foundation
import GoogleBooks

/// Re-reads a generated cache through GoogleBooks' own cache and decoder and checks the
/// generator's promises: counts, unique ids, valid ISBNs, ~15% missing optional fields, and
/// description lengths of 200–4,000 characters.
struct DatasetVerifier {
  var writer: DatasetWriter

  struct Report {
    var lines: [String] = []
    var problems: [String] = []
  }

  func verify() throws -> Report {
    var report = Report()
    var ids = Set<String>()
    var authors: [String: Int] = [:]
    var isbns = Set<String>()
    var volumes = 0
    var missing: [String: Int] = [:]
    var lengths: [Int] = []
    var html = 0
    var cjk = 0
    var dateShapes: [String: Int] = [:]
    var scientificMicros = 0
    var yenPrices = 0
    var tenFirst = 0
    var entries = 0
    var bytes = 0
    func fail(_ problem: String) {
      if report.problems.count < 20 { report.problems.append(problem) }
    }
    report.lines.append(checkCatalog(fail))
    for query in writer.plan.queries {
      for page in query.pages {
        let request = DatasetWriter.request(query, startIndex: page.startIndex)
        guard let entry = try writer.cache.load(request) else {
          fail("no cache entry for \(request.canonical)")
          continue
        }
        entries += 1
        bytes += entry.body.count
        scientificMicros += Self.occurrences(
          of: Array("\"amountInMicros\": ".utf8), followedByScientific: entry.body)
        let decoded = try VolumeDecoder.decode(entry.body)
        if !decoded.skipped.isEmpty { fail("\(request.canonical): skipped \(decoded.skipped)") }
        if decoded.volumes.count != page.volumes.count {
          fail("\(request.canonical): \(decoded.volumes.count) volumes, expected \(page.volumes.count)")
        }
        for volume in decoded.volumes {
          volumes += 1
          if !ids.insert(volume.id).inserted { fail("duplicate volume id \(volume.id)") }
          if volume.id.utf8.count != 12 || !volume.id.utf8.allSatisfy({ VolumeID.alphabet.contains($0) }) {
            fail("bad volume id '\(volume.id)'")
          }
          let info = volume.volumeInfo
          for author in info.authors { authors[author, default: 0] += 1 }
          func count(_ field: String, _ isMissing: Bool) { if isMissing { missing[field, default: 0] += 1 } }
          count("subtitle", info.subtitle == nil)
          count("authors", info.authors.isEmpty)
          count("publisher", info.publisher == nil)
          count("publishedDate", info.publishedDate == nil)
          count("description", info.description == nil)
          count(
            "ISBN (neither ISBN_13 nor ISBN_10)",
            !info.industryIdentifiers.contains { $0.type.hasPrefix("ISBN_") })
          count("pageCount", info.pageCount == nil)
          count("categories", info.categories.isEmpty)
          count("averageRating", info.averageRating == nil)
          count("imageLinks", info.imageLinks == nil)
          count("saleInfo.listPrice", volume.saleInfo?.listPrice == nil)
          if let description = info.description {
            let length = description.unicodeScalars.count
            lengths.append(length)
            if description.utf8.contains(UInt8(ascii: "<")) { html += 1 }
            if description.unicodeScalars.contains(where: { $0.value >= 0x3040 && $0.value < 0xA000 }) {
              cjk += 1
            }
          }
          if let date = info.publishedDate { dateShapes[Self.shape(of: date), default: 0] += 1 }
          if volume.saleInfo?.listPrice?.currencyCode == "JPY" { yenPrices += 1 }
          checkIdentifiers(info.industryIdentifiers, of: volume.id, &isbns, &tenFirst, fail)
        }
      }
    }
    if volumes != writer.plan.count { fail("\(volumes) volumes in the cache, expected \(writer.plan.count)") }
    lengths.sort()
    let total = max(volumes, 1)
    report.lines.append(
      "\(entries) cache entries, \(volumes) volumes, \(ids.count) unique ids, \(isbns.count) unique ISBN-13s, \(bytes / 1_000_000) MB of response bodies"
    )
    for (field, number) in missing.sorted(by: { $0.key < $1.key }) {
      let share = Double(number) / Double(total)
      report.lines.append("missing \(field): \(Self.percent(share))")
      // pageCount also counts the 2% of zero page counts, which the decoder reads as unknown.
      if volumes >= 1_000 && !(0.10...0.21).contains(share) {
        fail("\(field) missing in \(Self.percent(share)), expected ~15%")
      }
    }
    if let first = lengths.first, let last = lengths.last {
      report.lines.append(
        "description length: min \(first), median \(lengths[lengths.count / 2]), p90 \(lengths[lengths.count * 9 / 10]), max \(last) characters; HTML in \(Self.percent(Double(html) / Double(lengths.count))), CJK in \(Self.percent(Double(cjk) / Double(lengths.count)))"
      )
      if first < DescriptionText.minimumLength || last > DescriptionText.maximumLength {
        fail("description lengths \(first)…\(last) outside 200…4000")
      }
    }
    report.lines.append(
      "publishedDate shapes: "
        + dateShapes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    let prolific = authors.values.max() ?? 0
    report.lines.append("\(authors.count) distinct authors, the most prolific with \(prolific) books")
    report.lines.append(
      "ISBN-10 listed first: \(tenFirst); JPY prices: \(yenPrices); micros in scientific notation: \(scientificMicros)"
    )
    if volumes >= 1_000
      && (dateShapes.count < 4 || yenPrices == 0 || scientificMicros == 0 || tenFirst == 0 || html == 0
        || cjk == 0)
    {
      fail("a Google quirk is missing (date shapes, JPY, scientific micros, ISBN order, HTML or CJK)")
    }
    return report
  }

  /// Loads catalog.yml with the real loader and compares it with the plan the cache was written for.
  private func checkCatalog(_ fail: (String) -> Void) -> String {
    let catalog: Catalog
    do {
      catalog = try CatalogLoader.load(path: writer.catalogPath)
    } catch {
      fail("catalog.yml does not load: \(error)")
      return "catalog.yml: does not load"
    }
    let loaded = catalog.collections.map { collection in collection.queries.map { ($0.q, $0.maxResults) } }
    let planned = writer.plan.collections.map { collection in collection.queries.map { ($0.q, $0.maxResults) }
    }
    if !loaded.elementsEqual(planned, by: { $0.elementsEqual($1, by: ==) }) {
      fail("catalog.yml queries differ from the plan the cache was written for")
    }
    if catalog.cache.dir != "cache" || catalog.site.booksPerPage != 50 {
      fail("catalog.yml: cache.dir \(catalog.cache.dir), books_per_page \(catalog.site.booksPerPage)")
    }
    let queries = loaded.reduce(0) { $0 + $1.count }
    return
      "catalog.yml: \(catalog.collections.count) collections, \(queries) queries, \(catalog.books.count) owner notes"
  }

  private func checkIdentifiers(
    _ identifiers: [IndustryIdentifier], of id: String, _ isbns: inout Set<String>, _ tenFirst: inout Int,
    _ fail: (String) -> Void
  ) {
    let thirteen = identifiers.first { $0.type == "ISBN_13" }?.identifier
    let ten = identifiers.first { $0.type == "ISBN_10" }?.identifier
    if let thirteen {
      if !ISBNMaker.isValid13(thirteen) { fail("\(id): invalid ISBN-13 \(thirteen)") }
      if !isbns.insert(thirteen).inserted { fail("\(id): duplicate ISBN-13 \(thirteen)") }
    }
    if let ten {
      if !ISBNMaker.isValid10(ten) { fail("\(id): invalid ISBN-10 \(ten)") }
      if let thirteen, ISBNMaker.isbn10(from: thirteen) != ten {
        fail("\(id): ISBN-10 \(ten) is not \(thirteen)")
      }
      if identifiers.first?.type == "ISBN_10" { tenFirst += 1 }
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
