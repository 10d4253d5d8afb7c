import BookRecord
import CoverImages
import Fetching
import Support

/// Processed covers, kept beside the fetch cache's entries (`<cache>/covers/<aa>/`) so that an
/// image is decoded once, not on every build.
///
/// An entry's name is its cover's content address (`name(digest:length:version:widths:)`): the
/// source bytes' digest and length, the processor's version and the widths. `<name>.cover` is
/// one line saying what processing gave — `bookgen-cover 2 <width> <height> <#rrggbb> <count>`
/// and `<width> <height> <webp bytes> <webp xxh64> <jpeg bytes> <jpeg xxh64>` per variant, or
/// `bookgen-cover 2 error <why>` for an image that cannot be a cover — and each variant's files
/// are beside it, `<name>-<width>.webp` and `.jpg`, exactly as the site serves them.
///
/// A build reads the line alone, and links a variant's file into the output (copies it where the
/// output is on another file system) only when the output does not hold it. The output's file
/// and the cache's are then one file, so nothing may write into either: every write here and in
/// the output is a new file renamed into place, never a change to an existing one, and the
/// variants' files are read-only, so that a tool rewriting the site's files in place is refused
/// rather than changing the cache. The files are written before the line, which is the entry.
package struct CoverStore: Sendable {
  /// `<cache>/covers`.
  package let directory: String

  package init(cacheDirectory: String) {
    directory = cacheDirectory + "/covers"
  }

  /// What processing an image gave.
  package enum Entry: Sendable, Equatable {
    case processed(LocalCover)
    /// Why the image is no cover (`CoverImageError`'s words).
    case failed(String)
  }

  static let magic = "bookgen-cover 2"
  /// The most read of an entry's line; a line with 4 variants is under 300 bytes.
  static let headerLimit = FileLimit(bytes: 4096, what: "a processed cover's entry")

  /// The content address of an image of `length` bytes with XXH64 `digest`, processed by
  /// `version` at `widths`: 16 hex digits.
  package static func name(digest: UInt64, length: Int, version: Int, widths: [Int]) -> String {
    var key =
      "\(HexText.lowercase(digest))-\(length)-v\(version)-" + widths.map(String.init).joined(separator: ",")
    return HexText.lowercase(key.withUTF8 { XXH64.hash($0) })
  }

  func path(of name: String) -> String { "\(directory)/\(name.prefix(2))/\(name).cover" }

  /// Where the entry `name` keeps its variant of `width` in `format`.
  func path(of name: String, width: Int, format: LocalCover.Format) -> String {
    "\(directory)/\(name.prefix(2))/\(name)-\(width).\(format.rawValue)"
  }

  /// What each image file held when a build last read it.
  func fileMemo() -> CoverFileMemo { CoverFileMemo.load(directory + "/files") }

  /// Keeps `memo` for the next build.
  func keep(_ memo: CoverFileMemo) throws(CacheError) { try memo.write(to: directory + "/files") }

  /// The entry named `name`; nil when there is none or it is damaged (it is made again).
  package func load(_ name: String) -> Entry? {
    line(of: name).flatMap { Self.entry(name: name, line: $0)?.entry }
  }

  private func line(of name: String) -> String? {
    guard let bytes = try? FileReader.read(path(of: name), limit: Self.headerLimit),
      let newline = bytes.firstIndex(of: 0x0A)
    else { return nil }
    return String(decoding: bytes[..<newline], as: UTF8.self)
  }

  /// The entry's line read back: the entry, and each variant's files' byte counts and digests.
  private static func entry(name: String, line: String) -> (entry: Entry, files: [[(Int, UInt64)]])? {
    guard line.hasPrefix(magic + " ") else { return nil }
    let rest = line.dropFirst(magic.count + 1)
    if rest.hasPrefix("error ") { return (.failed(String(rest.dropFirst(6))), []) }
    let fields = rest.split(separator: " ")
    guard fields.count >= 4, let width = Int(fields[0]), let height = Int(fields[1]),
      let count = Int(fields[3]), count >= 0, fields.count == 4 + count * 6
    else { return nil }
    var variants: [LocalCover.Size] = []
    var files: [[(Int, UInt64)]] = []
    for index in 0..<count {
      let base = 4 + index * 6
      guard let variantWidth = Int(fields[base]), let variantHeight = Int(fields[base + 1]),
        let webp = Int(fields[base + 2]), let webpHash = UInt64(fields[base + 3], radix: 16),
        let jpeg = Int(fields[base + 4]), let jpegHash = UInt64(fields[base + 5], radix: 16),
        variantWidth > 0, variantHeight > 0, webp >= 0, jpeg >= 0
      else { return nil }
      variants.append(LocalCover.Size(width: variantWidth, height: variantHeight))
      files.append([(webp, webpHash), (jpeg, jpegHash)])
    }
    let cover = LocalCover(
      name: name, size: LocalCover.Size(width: width, height: height), color: String(fields[2]),
      variants: variants)
    return (.processed(cover), files)
  }

  /// Keeps what processing gave for the image named `name`: its variants' files, then the line
  /// that makes them an entry.
  package func store(_ cover: ProcessedCover, name: String) throws(CacheError) {
    var line = "\(Self.magic) \(cover.width) \(cover.height) \(cover.dominantColor) \(cover.variants.count)"
    for variant in cover.variants {
      line += " \(variant.width) \(variant.height)"
      for (format, bytes) in [(LocalCover.Format.webp, variant.webp), (.jpeg, variant.jpeg)] {
        let hash = bytes.withUnsafeBufferPointer { XXH64.hash($0) }
        line += " \(bytes.count) \(HexText.lowercase(hash))"
        guard !bytes.isEmpty else { continue }
        try ResponseCache.writeAtomically(
          bytes, to: path(of: name, width: variant.width, format: format), mode: 0o444)
      }
    }
    try ResponseCache.writeAtomically(Array((line + "\n").utf8), to: path(of: name))
  }

  /// Keeps that the image named `name` is no cover, and why: it is not decoded again.
  package func storeFailure(_ reason: String, name: String) throws(CacheError) {
    let line = reason.map { $0.isNewline ? " " : $0 }
    try ResponseCache.writeAtomically(Array("\(Self.magic) error \(String(line))\n".utf8), to: path(of: name))
  }

  /// Where `cover`'s variants' files are kept, with their sizes and digests.
  package func files(of cover: LocalCover) throws(CacheError) -> [LocalCover.File] {
    guard let line = line(of: cover.name), let (entry, sizes) = Self.entry(name: cover.name, line: line),
      case .processed(let stored) = entry, stored == cover
    else { throw CacheError.corrupt(path: path(of: cover.name), reason: "not the processed cover it names") }
    var files: [LocalCover.File] = []
    for (variant, formats) in zip(cover.variants, sizes) {
      for (format, (size, hash)) in zip([LocalCover.Format.webp, .jpeg], formats) where size > 0 {
        files.append(
          LocalCover.File(
            width: variant.width, format: format,
            path: path(of: cover.name, width: variant.width, format: format), size: size, hash: hash))
      }
    }
    return files
  }
}
