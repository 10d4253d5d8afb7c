import BookRecord
import CoverImages
import Fetching
import Support

/// Processed covers, kept beside the fetch cache's entries (`<cache>/covers/<aa>/`) so that an
/// image is decoded once, not on every build.
///
/// An entry's name is its cover's content address (`name(digest:length:version:widths:)`).
/// `<name>.cover` is one line, `bookgen-cover 2 ` and what processing gave (`Kept.text`), and
/// each variant's files are beside it, `<name>-<width>.webp` and `.jpg`, exactly as the site
/// serves them. The files are written before the line, which is the entry.
///
/// A build takes the entry from the covers' memo (`CoverMemo`) while the folder it lies in is
/// unchanged, else reads the line and checks its files are there; it links a variant's file into
/// the output (copies it across file systems) only when the output does not hold it. The output's
/// file and the cache's are then one file, so nothing may write into either: every write here and
/// in the output is a new file renamed into place, and the variants' files are read-only, so that
/// a tool rewriting the site's files in place is refused rather than changing the cache.
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

  /// An entry as it is kept: what processing gave, and each variant's files' byte counts and
  /// digests (webp, then jpeg; a count of 0 is no file), so the output can take them in
  /// without reading them.
  struct Kept: Sendable, Equatable {
    struct Sum: Sendable, Equatable {
      var size: Int
      var hash: UInt64
    }

    var entry: Entry
    var sums: [[Sum]] = []

    /// The entry's line after `bookgen-cover 2 `: `<width> <height> <#rrggbb> <count>` and
    /// `<width> <height> <webp bytes> <webp xxh64> <jpeg bytes> <jpeg xxh64>` per variant, or
    /// `error <why>`.
    var text: String {
      switch entry {
      case .failed(let reason): return "error " + String(reason.map { $0.isNewline ? " " : $0 })
      case .processed(let cover):
        var text = "\(cover.size.width) \(cover.size.height) \(cover.color) \(cover.variants.count)"
        for (variant, sums) in zip(cover.variants, self.sums) {
          text += " \(variant.width) \(variant.height)"
          for sum in sums { text += " \(sum.size) \(HexText.lowercase(sum.hash))" }
        }
        return text
      }
    }

    /// The entry named `name` read back from `text`'s fields; nil when they are damaged.
    init?(name: String, fields: inout LineFields) {
      var probe = fields
      if probe.word() == "error" {
        fields = probe
        entry = .failed(fields.rest() ?? "")
        return
      }
      guard let width: Int = fields.decimal(), let height: Int = fields.decimal(), let color = fields.word(),
        let count: Int = fields.decimal(), (0...16).contains(count)
      else { return nil }
      var variants: [LocalCover.Size] = []
      for _ in 0..<count {
        guard let variantWidth: Int = fields.decimal(), let variantHeight: Int = fields.decimal(),
          let webp: Int = fields.decimal(), let webpHash = fields.hex(),
          let jpeg: Int = fields.decimal(), let jpegHash = fields.hex(),
          variantWidth > 0, variantHeight > 0, webp >= 0, jpeg >= 0
        else { return nil }
        variants.append(LocalCover.Size(width: variantWidth, height: variantHeight))
        sums.append([Sum(size: webp, hash: webpHash), Sum(size: jpeg, hash: jpegHash)])
      }
      guard fields.isAtEnd else { return nil }
      entry = .processed(
        LocalCover(
          name: name, size: LocalCover.Size(width: width, height: height), color: color, variants: variants))
    }

    init(entry: Entry, sums: [[Sum]] = []) {
      self.entry = entry
      self.sums = sums
    }
  }

  /// The content address of an image of `length` bytes with XXH64 `digest`, processed by
  /// `version` at `widths`: 16 hex digits.
  package static func name(digest: UInt64, length: Int, version: Int, widths: [Int]) -> String {
    HexText.lowercase(Self.digest(digest: digest, length: length, version: version, widths: widths))
  }

  /// The value the content address `name(digest:length:version:widths:)` spells in hex.
  static func digest(digest: UInt64, length: Int, version: Int, widths: [Int]) -> UInt64 {
    // `<digest hex>-<length>-v<version>-<w1>,<w2>`, spelled into bytes on the stack: a build
    // names every image.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48 + 21 * widths.count) { key in
      var end = 0
      func put(_ text: String) {
        for byte in text.utf8 {
          key[end] = byte
          end += 1
        }
      }
      for shift in stride(from: 60, through: 0, by: -4) {
        let nibble = UInt8(truncatingIfNeeded: digest >> UInt64(shift) & 0xF)
        key[end] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
        end += 1
      }
      put("-")
      put(String(length))
      put("-v")
      put(String(version))
      put("-")
      for (position, width) in widths.enumerated() {
        if position > 0 { put(",") }
        put(String(width))
      }
      return XXH64.hash(UnsafeBufferPointer(rebasing: key[..<end]))
    }
  }

  /// The value an entry's name spells: nil unless it is 16 lower-case hex digits, as
  /// `name(digest:length:version:widths:)` makes them.
  static func digest(ofName name: String) -> UInt64? {
    var name = name
    return name.withUTF8 { bytes in
      guard bytes.count == 16,
        bytes.allSatisfy({
          ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
            || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f"))
        })
      else { return nil }
      return HexText.value(of: bytes)
    }
  }

  func path(of name: String) -> String { folder(of: name) + "/" + name + ".cover" }

  /// Where the entry `name` keeps its variant of `width` in `format`: the file name the site
  /// serves it under (`LocalCover.fileName`), in the entry's folder.
  func path(of name: String, width: Int, format: LocalCover.Format) -> String {
    var path = folder(of: name) + "/"
    LocalCover.appendFileName(name, width: width, format: format, to: &path)
    return path
  }

  /// `<cache>/covers/<aa>`, where the entry `name` lies.
  func folder(of name: String) -> String { directory + "/" + name.prefix(2) }

  /// Every `<cache>/covers/<aa>`, by the byte `<aa>` spells.
  var folders: [String] {
    (0..<256).map { directory + "/" + HexText.lowercase(UInt64($0)).suffix(2) }
  }

  /// What the last build knew of its images (`CoverMemo`).
  func memo() -> CoverMemo { CoverMemo.load(directory + "/memo") }

  /// Keeps `memo` for the next build.
  func keep(_ memo: CoverMemo) throws(CacheError) { try memo.write(to: directory + "/memo") }

  /// The entry named `name`; nil when there is none, it is damaged or a file of it is missing
  /// (it is made again).
  package func load(_ name: String) -> Entry? { kept(name)?.entry }

  /// `load`, with the entry's files' sums.
  func kept(_ name: String) -> Kept? {
    guard let bytes = try? FileReader.read(path(of: name), limit: Self.headerLimit),
      let newline = bytes.firstIndex(of: 0x0A)
    else { return nil }
    let kept = bytes.withUnsafeBufferPointer { buffer -> Kept? in
      var fields = LineFields(buffer[..<newline])
      for word in Self.magic.split(separator: " ") where fields.word() != String(word) { return nil }
      return Kept(name: name, fields: &fields)
    }
    guard let kept, case .processed(let cover) = kept.entry else { return kept }
    let (folder, files) = files(of: cover, kept: kept)
    for file in files {
      let path = folder + "/" + cover.fileName(width: file.width, format: file.format)
      if FileStamp.of(path)?.size != file.size { return nil }
    }
    return kept
  }

  /// The folders (`<aa>`, by the byte they spell) whose entries `memo` knows and which are as it
  /// found them: nothing was added to or removed from them since, so its entries there may be
  /// used as they are.
  func unchangedFolders(in memo: CoverMemo) -> Set<UInt8> {
    var unchanged: Set<UInt8> = []
    for (name, stamp) in memo.folders where name.utf8.count == 2 {
      var name = name
      guard let byte = name.withUTF8({ HexText.value(of: $0) }).flatMap(UInt8.init(exactly:)),
        FileStamp.of(directory + "/" + name) == stamp
      else { continue }
      unchanged.insert(byte)
    }
    return unchanged
  }

  /// The folder (`<aa>`, by the byte it spells) of the entry whose name spells `digest`: its
  /// first two hex digits.
  static func folder(of digest: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: digest >> 56) }

  /// The stamps of the folders the entries whose names spell `digests` lie in.
  func folderStamps(of digests: some Sequence<UInt64>) -> [String: FileStamp] {
    var folders: Set<UInt8> = []
    for digest in digests { folders.insert(Self.folder(of: digest)) }
    var stamps: [String: FileStamp] = [:]
    for folder in folders {
      let name = String(HexText.lowercase(UInt64(folder)).suffix(2))
      stamps[name] = FileStamp.of(directory + "/" + name)
    }
    return stamps
  }

  /// Keeps what processing gave for the image named `name`: its variants' files, then the line
  /// that makes them an entry.
  @discardableResult
  func store(_ cover: ProcessedCover, name: String) throws(CacheError) -> Kept {
    var sums: [[Kept.Sum]] = []
    for variant in cover.variants {
      var variantSums: [Kept.Sum] = []
      for (format, bytes) in [(LocalCover.Format.webp, variant.webp), (.jpeg, variant.jpeg)] {
        variantSums.append(
          Kept.Sum(size: bytes.count, hash: bytes.withUnsafeBufferPointer { XXH64.hash($0) }))
        guard !bytes.isEmpty else { continue }
        try ResponseCache.writeAtomically(
          bytes, to: path(of: name, width: variant.width, format: format), mode: 0o444)
      }
      sums.append(variantSums)
    }
    let kept = Kept(
      entry: .processed(
        LocalCover(
          name: name, size: LocalCover.Size(width: cover.width, height: cover.height),
          color: cover.dominantColor,
          variants: cover.variants.map { LocalCover.Size(width: $0.width, height: $0.height) })),
      sums: sums)
    try ResponseCache.writeAtomically(Array("\(Self.magic) \(kept.text)\n".utf8), to: path(of: name))
    return kept
  }

  /// Keeps that the image named `name` is no cover, and why: it is not decoded again.
  package func storeFailure(_ reason: String, name: String) throws(CacheError) {
    let kept = Kept(entry: .failed(reason))
    try ResponseCache.writeAtomically(Array("\(Self.magic) \(kept.text)\n".utf8), to: path(of: name))
  }

  /// Where `cover`'s variants' files are kept, with their sizes and digests (`kept`: its entry;
  /// `folder`: `folder(of: cover.name)` when the caller has it).
  func files(of cover: LocalCover, kept: Kept, folder: String? = nil) -> LocalCover.Files {
    var files: [LocalCover.File] = []
    for (variant, sums) in zip(cover.variants, kept.sums) {
      for (format, sum) in zip([LocalCover.Format.webp, .jpeg], sums) where sum.size > 0 {
        files.append(LocalCover.File(width: variant.width, format: format, size: sum.size, hash: sum.hash))
      }
    }
    return (folder ?? self.folder(of: cover.name), files)
  }
}
