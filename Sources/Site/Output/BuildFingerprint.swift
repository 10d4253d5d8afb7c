import Foundation
import Support

/// A 128-bit fingerprint of everything a build reads, so an unchanged site can be recognised
/// before the fetched data is even loaded.
///
/// It covers the catalog file's bytes, the default theme and the site's `templates/` folder
/// (the paths and bytes of the templates and assets a build reads), the files of its `static/`
/// folder (paths, sizes and times), the options that change output (base URL, `SOURCE_DATE_EPOCH`),
/// the tool's version, and the
/// identity of the fetched data (`inputs`: for example each cache entry's name and checksum,
/// in a stable order). The output folder, `jobs` and `force` do not change the site's bytes
/// and are left out.
package struct BuildFingerprint: Sendable, Hashable, CustomStringConvertible {
  /// 32 lower-case hex digits.
  package let value: String
  /// The fingerprint of the same things without the fetched data: what every page depends on
  /// besides its books. Pages record it (with their books' data) to be reused by the next build.
  package let sharedValue: String?
  /// The version of bookgen that builds: what the build state (`BuildState`) is stamped with.
  package let toolVersion: String

  package var description: String { value }

  package init(value: String, sharedValue: String? = nil, toolVersion: String = "") {
    self.value = value
    self.sharedValue = sharedValue
    self.toolVersion = toolVersion
  }

  /// `booksLines` are the catalog file's lines that hold the owner's `books:` entries
  /// (`Catalog.booksLines`): the shared value leaves them out, since pages record each book's
  /// entry themselves; the full value covers the whole file. `includedFiles` are the files
  /// catalog.yml includes, each with its own `books:` lines.
  package init(
    catalogFile: [UInt8], booksLines: Range<Int>? = nil,
    includedFiles: [(bytes: [UInt8], booksLines: Range<Int>?)] = [], options: BuildOptions,
    toolVersion: String, inputs: [String]
  ) throws(SiteError) {
    self.toolVersion = toolVersion
    var stream = FieldHasher(seed: 0, secondSeed: 0x626F_6F6B)
    stream.add("bookgen-fingerprint 2")
    stream.add(toolVersion)
    stream.add(booksLines.map { BuildFingerprint.removing(lines: $0, from: catalogFile) } ?? catalogFile)
    stream.add(String(includedFiles.count))
    for file in includedFiles {
      stream.add(file.booksLines.map { BuildFingerprint.removing(lines: $0, from: file.bytes) } ?? file.bytes)
    }
    stream.add(options.baseURL ?? "")
    for (path, text) in DefaultTheme.files.sorted(by: { $0.key < $1.key }) {
      stream.add(path)
      stream.add(text)
    }
    for (path, base64) in DefaultTheme.binaryFiles.sorted(by: { $0.key < $1.key }) {
      stream.add(path)
      stream.add(base64)
    }
    if let directory = options.templatesDirectory, PathKind.of(directory) != .missing {
      stream.add(directory)
      for file in try Theme.siteFiles(in: directory) {
        stream.add(file.path)
        stream.add(file.contents)
      }
    }
    sharedValue = BuildFingerprint.hex(stream)
    // Static files are copied, not rendered: they change the output, never a page's source.
    if let directory = options.staticDirectory {
      let identity = try StaticFiles(folder: directory).identity()
      stream.add("static \(identity.count)")
      for file in identity { stream.add(file) }
    }
    // The feeds' and the sitemap's dates: discovery files, never a page.
    stream.add("source date \(options.sourceDateEpoch.map(String.init) ?? "none")")
    stream.add(catalogFile)
    for file in includedFiles { stream.add(file.bytes) }
    stream.add(String(inputs.count))
    for input in inputs { stream.add(input) }
    value = BuildFingerprint.hex(stream)
  }

  /// 128 bits: the fields hashed with two seeds, as 32 hex digits.
  private static func hex(_ stream: FieldHasher) -> String {
    let (low, high) = stream.finishPair()
    return HexText.lowercase(low) + HexText.lowercase(high)
  }

  /// `text` without its (1-based) lines `lines`, which leave a marker behind.
  static func removing(lines: Range<Int>, from text: [UInt8]) -> [UInt8] {
    var kept: [UInt8] = []
    kept.reserveCapacity(text.count)
    var line = 1
    var marked = false
    for byte in text {
      if lines.contains(line) {
        if !marked { kept += Array("books: (per page)\n".utf8) }
        marked = true
      } else {
        kept.append(byte)
      }
      if byte == UInt8(ascii: "\n") { line += 1 }
    }
    return kept
  }
}
