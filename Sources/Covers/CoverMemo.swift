import Fetching
import Foundation
import Support

/// What the last build knew of the images it showed, kept in the cache (`<cache>/covers/memo`)
/// and read once a build, so that a build whose images are as they were opens none of them:
/// - each of the owner's image files: its stamp when read, and its bytes' digest and length;
/// - each source image's cache entry, by its URL's digest: where it is, its stamp when read, its
///   header's fields and its body's digest and length (the fetch takes a fresh entry whose file
///   has that stamp without reading it);
/// - the stamps of the cache's folders those entries lie in, taken before the fetch looked at
///   any entry: the cache replaces an entry by renaming a new file over it, which changes its
///   folder's stamp, so while a folder keeps its stamp its entries are taken without a `stat`;
/// - each processed cover's entry, used while the folder it lies in has the stamp the memo
///   gives it: adding or removing a file there changes that, and its entries are read again.
///
/// The file is a line `bookgen-cover-memo 3`, then one line each, sorted:
///
///     cover <name> <the entry's line after `bookgen-cover 2 `>
///     entries <stamp> <aa>
///     file <stamp> <xxh64 hex> <length> <path below the site's folder>
///     folder <stamp> <aa>
///     source <stamp> <fetched, s since 1970> <pinned 0|1> <xxh64 hex> <length> <entry> <URL's xxh64 hex>
///
/// where `<stamp>` is `<size> <modified ns> <changed ns> <inode> <device>` (`<entry>` is its path
/// below the cache folder; paths hold no control character). Covers and sources are kept by
/// 64-bit digests, not by their names' and URLs' text: a build looks up every one of them, and
/// reading 10,000 URLs into a table of strings was most of the memo's cost. It holds what one
/// build showed: that build writes it when it differs. A damaged file is as good as none: every
/// image is read again.
struct CoverMemo: Sendable, Equatable {
  /// What one of the owner's image files held.
  struct File: Sendable, Equatable {
    var stamp: FileStamp
    var digest: UInt64
    var length: Int
  }

  /// What a source's image's cache entry held: the entry's path below the cache folder, and
  /// the fetch's answer from it.
  struct Source: Sendable, Equatable {
    var entry: String
    var answer: CachedAnswers.Remembered<SourceImage>
  }

  /// By path, relative to the site's folder.
  var files: [String: File] = [:]
  /// By the image's URL's digest (`key(url:)`).
  var sources: [UInt64: Source] = [:]
  /// Processed covers' entries, by the digest their name spells (`CoverStore.digest`).
  var covers: [UInt64: CoverStore.Kept] = [:]
  /// The stamps of the folders `covers` lie in, by name (`<aa>`).
  var folders: [String: FileStamp] = [:]
  /// The stamps of the cache's folders the `sources`' entries lie in, by name (`<aa>`).
  var entryFolders: [String: FileStamp] = [:]

  static let magic = "bookgen-cover-memo 3"
  static let limit = FileLimit(bytes: 256 << 20, what: "the covers' memo")

  /// What `sources` keeps the image at `url` by: its XXH64.
  static func key(url: String) -> UInt64 {
    var url = url
    return url.withUTF8 { XXH64.hash($0) }
  }

  /// The memo kept at `path`; empty when there is none or it is damaged.
  static func load(_ path: String) -> CoverMemo {
    guard let bytes = try? FileReader.read(path, limit: limit) else { return CoverMemo() }
    var memo = CoverMemo()
    // Sized once from the lines' first letters: growing tables of 10,000 entries rehashed each.
    var counts = (cover: 0, source: 0)
    for (index, byte) in bytes.enumerated() where byte == 0x0A && index + 1 < bytes.count {
      switch bytes[index + 1] {
      case UInt8(ascii: "c"): counts.cover += 1
      case UInt8(ascii: "s"): counts.source += 1
      default: break
      }
    }
    memo.covers.reserveCapacity(counts.cover)
    memo.sources.reserveCapacity(counts.source)
    let read = LineFields.lines(of: bytes, header: magic) { fields in memo.add(&fields) }
    return read ? memo : CoverMemo()
  }

  /// Takes in one line; false when it is damaged.
  private mutating func add(_ fields: inout LineFields) -> Bool {
    let kind = fields.word()
    switch kind {
    case "cover":
      guard let name = fields.word(), let digest = CoverStore.digest(ofName: name),
        let kept = CoverStore.Kept(name: name, fields: &fields)
      else { return false }
      covers[digest] = kept
    case "file":
      guard let stamp = fields.stamp(), let digest = fields.hex(), let length: Int = fields.decimal(),
        let path = fields.rest()
      else { return false }
      files[path] = File(stamp: stamp, digest: digest, length: length)
    case "folder", "entries":
      guard let stamp = fields.stamp(), let name = fields.word(), fields.isAtEnd else { return false }
      if kind == "folder" { folders[name] = stamp } else { entryFolders[name] = stamp }
    case "source":
      guard let stamp = fields.stamp(), let fetched: Int64 = fields.decimal(),
        let pinned: UInt8 = fields.decimal(),
        pinned <= 1, let digest = fields.hex(), let length: Int = fields.decimal(), let entry = fields.word(),
        let url = fields.hex(), fields.isAtEnd
      else { return false }
      let answer = CachedAnswers.Remembered(
        value: SourceImage(digest: digest, length: length), stamp: stamp, pinned: pinned == 1,
        fetchedAt: Date(timeIntervalSince1970: Double(fetched)))
      sources[url] = Source(entry: entry, answer: answer)
    default:
      return false
    }
    return true
  }

  /// Writes the memo to `path` (atomically).
  func write(to path: String) throws(CacheError) {
    var lines: [String] = []
    lines.reserveCapacity(covers.count + files.count + folders.count + entryFolders.count + sources.count)
    for (digest, kept) in covers { lines.append("cover \(HexText.lowercase(digest)) \(kept.text)") }
    for (file, entry) in files {
      lines.append("file \(entry.stamp.fields) \(HexText.lowercase(entry.digest)) \(entry.length) \(file)")
    }
    for (name, stamp) in folders { lines.append("folder \(stamp.fields) \(name)") }
    for (name, stamp) in entryFolders { lines.append("entries \(stamp.fields) \(name)") }
    for (url, source) in sources {
      let answer = source.answer
      let fetched = Int64(answer.fetchedAt.timeIntervalSince1970.rounded(.down))
      lines.append(
        "source \(answer.stamp.fields) \(fetched) \(answer.pinned ? 1 : 0) "
          + "\(HexText.lowercase(answer.value.digest)) \(answer.value.length) \(source.entry) "
          + HexText.lowercase(url))
    }
    lines.sort()
    var text = Self.magic + "\n"
    for line in lines { text += line + "\n" }
    try ResponseCache.writeAtomically(Array(text.utf8), to: path)
  }
}
