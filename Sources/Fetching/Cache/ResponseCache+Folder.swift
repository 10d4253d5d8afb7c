import Foundation
import Support

/// The cache folder as bookgen's own: the marker that proves bookgen made it (so `clean --cache`
/// removes nothing else) and the lock file that fetches and builds hold while they use it.
extension ResponseCache {
  /// Written into the cache folder when bookgen creates it (or adopts an older, unmarked cache).
  package static let markerName = ".bookgen-cache-marker"
  /// Held (`flock`) by each fetch and build while it reads or writes the cache.
  package static let lockName = ".bookgen-lock"

  static let markerText = "bookgen fetch cache (bookgen clean --cache removes this folder)\n"

  package var markerPath: String { directory + "/" + Self.markerName }
  package var lockPath: String { directory + "/" + Self.lockName }

  /// Readies the folder for writing: creates it with the marker when missing, and marks an
  /// unmarked one that holds nothing but cache entries (what an older bookgen left). A folder
  /// holding anything else is used as it is and stays unmarked, so `clean --cache` keeps it.
  package func claimFolder() throws(CacheError) {
    switch PathKind.of(directory) {
    case .missing:
      do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      } catch {
        throw .unwritable(path: markerPath, reason: "cannot create \(directory)")
      }
    case .folder:
      if hasMarker || !holdsOnlyEntries() { return }
    case .file, .other:
      return
    }
    try Self.writeAtomically(Array(Self.markerText.utf8), to: markerPath)
  }

  /// Whether the folder is bookgen's cache: it carries the marker, or holds nothing but cache
  /// entries (`<aa>/<sha256>.entry`, the temporary files of an interrupted write, the lock).
  package func isOurs() -> Bool {
    hasMarker || holdsOnlyEntries()
  }

  private var hasMarker: Bool {
    guard
      let bytes = try? FileReader.read(markerPath, limit: FileLimit(bytes: 4096, what: "the cache marker"))
    else { return false }
    return bytes.starts(with: "bookgen fetch cache".utf8)
  }

  /// An older bookgen's cache: `<2 hex>/<those 2 hex + 62 more>.entry` files and nothing else.
  private func holdsOnlyEntries() -> Bool {
    guard let top = PathKind.names(in: directory) else { return false }
    for name in top where name != Self.markerName && name != Self.lockName {
      let folder = directory + "/" + name
      guard Self.isEntryFolder(name), PathKind.of(folder) == .folder,
        let files = PathKind.names(in: folder)
      else { return false }
      for file in files {
        guard Self.isEntryName(file, in: name) || Self.isTemporaryName(file),
          PathKind.of(folder + "/" + file) == .file
        else { return false }
      }
    }
    return true
  }

  /// `<prefix><62 lowercase hex>.entry`.
  private static func isEntryName(_ name: String, in prefix: String) -> Bool {
    let bytes = Array(name.utf8)
    guard bytes.count == 70, name.hasPrefix(prefix), name.hasSuffix(".entry") else { return false }
    return bytes[0..<64].allSatisfy(isHexDigit)
  }

  /// What `writeAtomically` names a file before renaming it: `.tmp-` and six characters.
  private static func isTemporaryName(_ name: String) -> Bool {
    name.hasPrefix(".tmp-") && name.utf8.count == 11
  }

  /// Whether a folder of the cache's is one entries lie in: named by their keys' first two hex
  /// digits.
  static func isEntryFolder(_ name: String) -> Bool {
    name.utf8.count == 2 && name.utf8.allSatisfy(isHexDigit)
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
  }
}
