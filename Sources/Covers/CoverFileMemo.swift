import Fetching
import Support

/// What each of the owner's image files held when a build last read it: its stamp then, and
/// the digest and length of its bytes. Kept in the cache (`<cache>/covers/files`) and read once
/// a build, so that a build reads and hashes only the image files whose stamp changed.
///
/// The file is a line `bookgen-cover-files 1`, then one line a file: `<size> <modified ns>
/// <changed ns> <inode> <device> <xxh64 hex> <length> <path>` (a cover file's path holds no
/// control character). A damaged file is as good as none: every image is read again.
struct CoverFileMemo: Sendable, Equatable {
  struct Entry: Sendable, Equatable {
    var stamp: FileStamp
    var digest: UInt64
    var length: Int
  }

  /// By path, relative to the site's folder.
  var entries: [String: Entry] = [:]

  static let magic = "bookgen-cover-files 1"
  static let limit = FileLimit(bytes: 64 << 20, what: "the cover files' memo")

  /// The memo kept at `path`; empty when there is none or it is damaged.
  static func load(_ path: String) -> CoverFileMemo {
    guard let bytes = try? FileReader.read(path, limit: limit) else { return CoverFileMemo() }
    var memo = CoverFileMemo()
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)[...]
    guard lines.popFirst().map({ String(decoding: $0, as: UTF8.self) }) == magic else { return memo }
    for line in lines where !line.isEmpty {
      let fields = line.split(separator: 0x20, maxSplits: 7, omittingEmptySubsequences: false)
      guard fields.count == 8 else { return CoverFileMemo() }
      func number<T: FixedWidthInteger>(_ index: Int, radix: Int = 10) -> T? {
        T(String(decoding: fields[index], as: UTF8.self), radix: radix)
      }
      guard let size: Int = number(0), let modified: Int64 = number(1), let changed: Int64 = number(2),
        let inode: UInt64 = number(3), let device: UInt64 = number(4),
        let digest: UInt64 = number(5, radix: 16),
        let length: Int = number(6)
      else { return CoverFileMemo() }
      let stamp = FileStamp(size: size, modified: modified, changed: changed, inode: inode, device: device)
      memo.entries[String(decoding: fields[7], as: UTF8.self)] = Entry(
        stamp: stamp, digest: digest, length: length)
    }
    return memo
  }

  /// Writes the memo to `path` (atomically), its lines sorted.
  func write(to path: String) throws(CacheError) {
    var text = Self.magic + "\n"
    for (file, entry) in entries.sorted(by: { $0.key < $1.key }) {
      let stamp = entry.stamp
      text +=
        "\(stamp.size) \(stamp.modified) \(stamp.changed) \(stamp.inode) \(stamp.device) "
        + "\(HexText.lowercase(entry.digest)) \(entry.length) \(file)\n"
    }
    try ResponseCache.writeAtomically(Array(text.utf8), to: path)
  }
}
