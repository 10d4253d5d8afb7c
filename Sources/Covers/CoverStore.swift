import BookRecord
import CoverImages
import Fetching
import Foundation
import Support

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Processed covers, kept beside the fetch cache's entries (`<cache>/covers/<aa>/<name>.cover`)
/// so that an image is decoded once, not on every build.
///
/// An entry's name is its cover's content address (`name(of:)`): the source bytes' digest and
/// length, the processor's version and the widths. Its first line says what processing gave —
/// `bookgen-cover 1 <width> <height> <#rrggbb> <count>` and `<width> <height> <webp bytes> <jpeg
/// bytes>` per variant, or `bookgen-cover 1 error <why>` for an image that cannot be a cover —
/// and the variants' bytes follow. A build reads the line alone, and the bytes only to place a
/// file the output does not hold. Writes are atomic (a temporary file renamed).
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

  static let magic = "bookgen-cover 1"
  /// The most read of an entry's first line; a line with 4 variants is under 200 bytes.
  static let headerLimit = 4096
  /// The most read of a whole entry: every variant of a large cover in two formats.
  static let entryLimit = FileLimit(bytes: 32 << 20, what: "a processed cover")

  /// The content address of an image of `length` bytes with XXH64 `digest`, processed by
  /// `version` at `widths`: 16 hex digits.
  package static func name(digest: UInt64, length: Int, version: Int, widths: [Int]) -> String {
    var key =
      "\(HexText.lowercase(digest))-\(length)-v\(version)-" + widths.map(String.init).joined(separator: ",")
    return HexText.lowercase(key.withUTF8 { XXH64.hash($0) })
  }

  func path(of name: String) -> String { "\(directory)/\(name.prefix(2))/\(name).cover" }

  /// What each image file held when a build last read it.
  func fileMemo() -> CoverFileMemo { CoverFileMemo.load(directory + "/files") }

  /// Keeps `memo` for the next build.
  func keep(_ memo: CoverFileMemo) throws(CacheError) { try memo.write(to: directory + "/files") }

  /// The entry named `name`; nil when there is none or it is damaged (it is made again).
  package func load(_ name: String) -> Entry? {
    let descriptor = open(path(of: name), O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: Self.headerLimit)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, Self.headerLimit) }
    guard count > 0, let newline = buffer[..<count].firstIndex(of: 0x0A) else { return nil }
    return Self.entry(name: name, header: String(decoding: buffer[..<newline], as: UTF8.self))?.entry
  }

  /// The header line read back: the entry, and each variant's byte counts.
  private static func entry(name: String, header: String) -> (entry: Entry, lengths: [(Int, Int)])? {
    guard header.hasPrefix(magic + " ") else { return nil }
    let rest = header.dropFirst(magic.count + 1)
    if rest.hasPrefix("error ") { return (.failed(String(rest.dropFirst(6))), []) }
    let fields = rest.split(separator: " ")
    guard fields.count >= 4, let width = Int(fields[0]), let height = Int(fields[1]),
      let count = Int(fields[3]), count >= 0, fields.count == 4 + count * 4
    else { return nil }
    var variants: [LocalCover.Size] = []
    var lengths: [(Int, Int)] = []
    for index in 0..<count {
      let numbers = fields[(4 + index * 4)..<(8 + index * 4)].compactMap { Int($0) }
      guard numbers.count == 4, numbers.allSatisfy({ $0 >= 0 }) else { return nil }
      variants.append(LocalCover.Size(width: numbers[0], height: numbers[1]))
      lengths.append((numbers[2], numbers[3]))
    }
    let cover = LocalCover(
      name: name, size: LocalCover.Size(width: width, height: height), color: String(fields[2]),
      variants: variants)
    return (.processed(cover), lengths)
  }

  /// Keeps what processing gave for the image named `name`.
  package func store(_ cover: ProcessedCover, name: String) throws(CacheError) {
    var header = "\(Self.magic) \(cover.width) \(cover.height) \(cover.dominantColor) \(cover.variants.count)"
    for variant in cover.variants {
      header += " \(variant.width) \(variant.height) \(variant.webp.count) \(variant.jpeg.count)"
    }
    var bytes = Array((header + "\n").utf8)
    for variant in cover.variants {
      bytes += variant.webp
      bytes += variant.jpeg
    }
    try write(bytes, name: name)
  }

  /// Keeps that the image named `name` is no cover, and why: it is not decoded again.
  package func storeFailure(_ reason: String, name: String) throws(CacheError) {
    let line = reason.map { $0.isNewline ? " " : $0 }
    try write(Array("\(Self.magic) error \(String(line))\n".utf8), name: name)
  }

  private func write(_ bytes: [UInt8], name: String) throws(CacheError) {
    try ResponseCache.writeAtomically(bytes, to: path(of: name))
  }

  /// The variants' bytes of `cover`, read from its entry.
  package func files(of cover: LocalCover) throws -> [LocalCover.Files] {
    let bytes = try FileReader.read(path(of: cover.name), limit: Self.entryLimit)
    guard let newline = bytes.firstIndex(of: 0x0A),
      let (entry, lengths) = Self.entry(
        name: cover.name, header: String(decoding: bytes[..<newline], as: UTF8.self)),
      case .processed(let stored) = entry, stored == cover
    else { throw CacheError.corrupt(path: path(of: cover.name), reason: "not the processed cover it names") }
    var files: [LocalCover.Files] = []
    var offset = newline + 1
    for (variant, (webp, jpeg)) in zip(cover.variants, lengths) {
      guard offset + webp + jpeg <= bytes.count else {
        throw CacheError.corrupt(path: path(of: cover.name), reason: "truncated")
      }
      files.append(
        LocalCover.Files(
          width: variant.width, webp: Array(bytes[offset..<(offset + webp)]),
          jpeg: Array(bytes[(offset + webp)..<(offset + webp + jpeg)])))
      offset += webp + jpeg
    }
    return files
  }
}
