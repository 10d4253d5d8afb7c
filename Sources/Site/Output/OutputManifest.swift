import Support

/// What the output holds: every file's path, content hash and size, the fingerprint of the
/// build that wrote it and the address it was built for. Kept beside the output
/// (`.NAME.bookgen-manifest`), never in it; it is also the proof that bookgen made the folder,
/// which it names by identity (`TreeIdentity`: a rename keeps it, a copy does not).
///
/// Text, one file a line, sorted by path, so two identical builds write identical manifests:
///
///     bookgen-output 3
///     tree 1234-1733480000.5              (the folder it describes)
///     replaces 1200-1733400000.1          (or `replaces -`: the folder it was swapped in for)
///     fingerprint 9f2c…                   (or `fingerprint -`)
///     base-url https://me.github.io/books/   (optional: the address the site was built for)
///     2b0e8a1c33d6f7a9 10432 books/dune-abc/index.html
///     0c41aa0f9e8d7b62 2204 assets/style.css
///     end 2
///
/// It is written before the new folder is swapped in: a build stopped between the two leaves
/// the old folder in place, which `replaces` still names as bookgen's.
struct OutputManifest: Sendable, Equatable {
  struct Entry: Sendable, Equatable {
    var hash: UInt64
    var size: Int

    /// Whether both describe the same bytes.
    func hasSameContent(as other: Entry?) -> Bool {
      guard let other else { return false }
      return hash == other.hash && size == other.size
    }
  }

  /// Where older bookgens kept the manifest: inside the tree (so it was deployed with the site).
  static let legacyFileName = ".bookgen-output"
  static let header = "bookgen-output 3"

  /// The identity (`TreeIdentity.key`) of the folder the entries describe.
  var tree: String
  /// The identity of the folder it replaced (the output before the swap); nil for none.
  var replaces: String?
  /// nil for a build made without a fingerprint.
  var fingerprint: String?
  /// The base URL the pages were built for, so `check --site` needs no `--base-url` again.
  var baseURL: String?
  /// Relative path (`books/dune-abc/index.html`) → content.
  var entries: [String: Entry] = [:]

  /// The manifest in the file at `path`; nil when there is none or it does not parse (an older
  /// bookgen's among them).
  static func load(file path: String) -> OutputManifest? {
    FileSystem.read(path).flatMap(parse)
  }

  /// Whether `folder` holds an older bookgen's manifest inside it (any version).
  static func hasLegacyManifest(_ folder: String) -> Bool {
    guard FileSystem.size(of: folder + "/" + legacyFileName) != nil,
      let bytes = FileSystem.read(folder + "/" + legacyFileName)
    else { return false }
    return bytes.starts(with: "bookgen-output ".utf8)
  }

  static func parse(_ bytes: [UInt8]) -> OutputManifest? {
    var entries: [String: Entry] = [:]
    // About 75 bytes a line: growing the table by doublings rehashed every path several times.
    entries.reserveCapacity(bytes.count / 64)
    let header = bytes.withUnsafeBufferPointer { buffer in
      scan(buffer) { path, entry in entries[String(decoding: path, as: UTF8.self)] = entry }
    }
    // A path listed twice makes the count differ: such a manifest is not trusted.
    guard let header, header.count == entries.count else { return nil }
    return OutputManifest(
      tree: header.tree, replaces: header.replaces, fingerprint: header.fingerprint, baseURL: header.baseURL,
      entries: entries)
  }

  /// What a manifest says besides its entries: the folders it names, its fingerprint and base
  /// URL, and the number of entries its last line declares.
  struct Header {
    var tree: String
    var replaces: String?
    var fingerprint: String?
    var baseURL: String?
    var count: Int
  }

  /// The header of the manifest in the file at `path`, its entries skipped: what tells whose a
  /// folder is without reading a line per file.
  static func loadHeader(file path: String) -> Header? {
    FileSystem.read(path)?.withUnsafeBufferPointer { scan($0, skippingEntries: true) { _, _ in } }
  }

  /// Reads a manifest in place, handing `body` each entry with its path's bytes (numbers are
  /// read from the bytes, nothing is copied: a manifest has a line per file, 180,000 at 100,000
  /// books); nil when it does not parse. The one reading of the format, for `parse` and
  /// `verify`; whether the declared count matches is theirs to check. `skippingEntries` reads
  /// the header and the final `end` line alone.
  static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, skippingEntries: Bool = false,
    _ body: (UnsafeBufferPointer<UInt8>, Entry) -> Void
  ) -> Header? {
    var position = 0
    func line() -> UnsafeBufferPointer<UInt8>? {
      guard position < bytes.count else { return nil }
      let start = position
      while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
      guard position < bytes.count else { return nil }
      defer { position += 1 }
      return UnsafeBufferPointer(rebasing: bytes[start..<position])
    }
    /// The rest of the next line, which must start with `prefix`; `-` is nil.
    func field(_ prefix: String) -> String?? {
      guard let line = line(), line.starts(with: prefix.utf8) else { return nil }
      let value = String(decoding: line.dropFirst(prefix.utf8.count), as: UTF8.self)
      return .some(value == "-" ? nil : value)
    }
    guard let first = line(), first.elementsEqual(header.utf8), let tree = field("tree ") ?? nil,
      let replaces = field("replaces "), let fingerprint = field("fingerprint ")
    else { return nil }
    var baseURL: String?
    if bytes[position...].starts(with: baseURLPrefix.utf8) {
      guard let line = line(), line.count > baseURLPrefix.utf8.count else { return nil }
      baseURL = String(decoding: line.dropFirst(baseURLPrefix.utf8.count), as: UTF8.self)
    }
    if skippingEntries, bytes.count > 1 {
      let lastBreak = bytes[..<(bytes.count - 1)].lastIndex(of: UInt8(ascii: "\n"))
      position = max(position, lastBreak.map { $0 + 1 } ?? 0)
    }
    func decimal(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
      NumberText.value(ofDigits: UnsafeBufferPointer(rebasing: digits)).flatMap(Int.init(exactly:))
    }
    while let line = line() {
      if line.starts(with: "end ".utf8) {
        // Exactly one final newline, and nothing after it.
        guard let count = decimal(line[4...]), position == bytes.count else { return nil }
        return Header(
          tree: tree, replaces: replaces, fingerprint: fingerprint, baseURL: baseURL, count: count)
      }
      // `<16 hex> <size> <path>`
      guard line.count > 19, line[16] == UInt8(ascii: " "),
        let hash = HexText.value(of: UnsafeBufferPointer(rebasing: line[0..<16])),
        let sizeEnd = line[17...].firstIndex(of: UInt8(ascii: " ")), let size = decimal(line[17..<sizeEnd]),
        sizeEnd + 1 < line.count
      else { return nil }
      body(UnsafeBufferPointer(rebasing: line[(sizeEnd + 1)...]), Entry(hash: hash, size: size))
    }
    return nil
  }

  static let baseURLPrefix = "base-url "

  func serialized() -> [UInt8] {
    var bytes = Array(
      (OutputManifest.header + "\ntree " + tree + "\nreplaces " + (replaces ?? "-") + "\nfingerprint "
        + (fingerprint ?? "-") + "\n").utf8)
    if let baseURL { bytes += (OutputManifest.baseURLPrefix + baseURL + "\n").utf8 }
    bytes.reserveCapacity(bytes.count + entries.count * 64)
    let digits = Array("0123456789abcdef".utf8)
    for (path, entry) in OutputManifest.sortedByPath(entries) {
      // `<16 hex> <size> <path>`, spelled into the bytes (a line per file of the site).
      for shift in stride(from: 60, through: 0, by: -4) {
        bytes.append(digits[Int(entry.hash >> UInt64(shift) & 0xF)])
      }
      bytes.append(UInt8(ascii: " "))
      bytes += String(entry.size).utf8
      bytes.append(UInt8(ascii: " "))
      bytes += path.utf8
      bytes.append(UInt8(ascii: "\n"))
    }
    bytes += "end \(entries.count)\n".utf8
    return bytes
  }

  /// `entries` in the order of their paths' bytes. Each path's first 16 bytes, read once as two
  /// big-endian numbers, order most pairs without reading the strings again: comparing the
  /// strings would be most of what writing a large site's manifest costs.
  static func sortedByPath(_ entries: [String: Entry]) -> [(path: String, entry: Entry)] {
    var listed: [(path: String, entry: Entry)] = []
    listed.reserveCapacity(entries.count)
    for (path, entry) in entries { listed.append((path, entry)) }
    let prefixes = listed.map { CollationKey.bytePrefix($0.path) }
    let order = listed.indices.sorted { a, b in
      if prefixes[a] != prefixes[b] { return prefixes[a] < prefixes[b] }
      return CollationKey.compareBytes(listed[a].path, listed[b].path) < 0
    }
    return order.map { listed[$0] }
  }
}
