/// What an output tree holds: every file's path, content hash and size, and for pages the key of
/// what they were rendered from, plus the fingerprint of the build that wrote it. Stored as `.bookgen-output` at the tree's root, it is also the marker
/// that bookgen created the folder.
///
/// Text, one file a line, sorted by path, so two identical builds write identical manifests:
///
///     bookgen-output 2
///     fingerprint 9f2c…           (or `fingerprint -`)
///     2b0e8a1c33d6f7a9 10432 77c1d0e4a9b2f310 books/dune-abc/index.html
///     0c41aa0f9e8d7b62 2204 - assets/style.css
///     end 13978
///
/// The third field is the page's source key (`PageSources`), `-` for files without one.
/// A tree being updated carries `bookgen-output 2 incomplete` and no entries: still bookgen's,
/// but its contents cannot be trusted; so does an older format (the next build rewrites it).
struct OutputManifest: Sendable, Equatable {
  struct Entry: Sendable, Equatable {
    var hash: UInt64
    var size: Int
    /// What the page was rendered from (`PageSources.key`); nil for other files.
    var source: UInt64?

    init(hash: UInt64, size: Int, source: UInt64? = nil) {
      self.hash = hash
      self.size = size
      self.source = source
    }

    /// Whether both describe the same bytes, whatever they were made from.
    func hasSameContent(as other: Entry?) -> Bool {
      guard let other else { return false }
      return hash == other.hash && size == other.size
    }
  }

  static let fileName = ".bookgen-output"
  static let header = "bookgen-output 2"

  /// nil when the tree is incomplete or was built without a fingerprint.
  var fingerprint: String?
  /// Relative path (`books/dune-abc/index.html`) → content.
  var entries: [String: Entry]
  /// False for a tree an interrupted build left half-updated (or an unreadable manifest).
  var isComplete: Bool

  init(fingerprint: String? = nil, entries: [String: Entry] = [:], isComplete: Bool = true) {
    self.fingerprint = fingerprint
    self.entries = entries
    self.isComplete = isComplete
  }

  /// The manifest of a tree that is being updated.
  static let incomplete = OutputManifest(isComplete: false)

  /// The manifest in `folder`; nil when there is none (the folder is not bookgen's, or absent).
  /// A manifest that does not parse counts as incomplete.
  static func load(from folder: String) -> OutputManifest? {
    guard let bytes = FileSystem.read(folder + "/" + fileName) else { return nil }
    return parse(bytes) ?? .incomplete
  }

  static func parse(_ bytes: [UInt8]) -> OutputManifest? {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)[...]
    guard let first = lines.popFirst(), String(decoding: first, as: UTF8.self) == header else {
      return nil
    }
    guard let second = lines.popFirst() else { return nil }
    let fingerprintLine = String(decoding: second, as: UTF8.self)
    guard fingerprintLine.hasPrefix("fingerprint ") else { return nil }
    let fingerprint = String(fingerprintLine.dropFirst("fingerprint ".count))
    var entries: [String: Entry] = [:]
    entries.reserveCapacity(lines.count)
    while let line = lines.popFirst() {
      if line.starts(with: Array("end ".utf8)) {
        let count = Int(String(decoding: line.dropFirst(4), as: UTF8.self))
        // Exactly one empty line (the final newline) may follow.
        guard count == entries.count, lines.count == 1, lines.first?.isEmpty == true else { return nil }
        return OutputManifest(fingerprint: fingerprint == "-" ? nil : fingerprint, entries: entries)
      }
      let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 3, omittingEmptySubsequences: false)
      guard fields.count == 4, fields[0].count == 16,
        let hash = UInt64(String(decoding: fields[0], as: UTF8.self), radix: 16),
        let size = Int(String(decoding: fields[1], as: UTF8.self)), size >= 0, !fields[3].isEmpty
      else { return nil }
      var source: UInt64?
      if !fields[2].elementsEqual("-".utf8) {
        guard fields[2].count == 16, let key = UInt64(String(decoding: fields[2], as: UTF8.self), radix: 16)
        else { return nil }
        source = key
      }
      entries[String(decoding: fields[3], as: UTF8.self)] = Entry(hash: hash, size: size, source: source)
    }
    return nil
  }

  func serialized() -> [UInt8] {
    guard isComplete else { return Array((OutputManifest.header + " incomplete\n").utf8) }
    var bytes = Array((OutputManifest.header + "\nfingerprint " + (fingerprint ?? "-") + "\n").utf8)
    bytes.reserveCapacity(entries.count * 64)
    for (path, entry) in entries.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
      bytes += ContentHash.hex(entry.hash).utf8
      bytes.append(UInt8(ascii: " "))
      bytes += String(entry.size).utf8
      bytes.append(UInt8(ascii: " "))
      bytes += (entry.source.map(ContentHash.hex) ?? "-").utf8
      bytes.append(UInt8(ascii: " "))
      bytes += path.utf8
      bytes.append(UInt8(ascii: "\n"))
    }
    bytes += "end \(entries.count)\n".utf8
    return bytes
  }
}
