import Foundation
import Support

/// A 128-bit fingerprint of everything a build reads, so an unchanged site can be recognised
/// before the fetched data is even loaded.
///
/// It covers the catalog file's bytes, the default theme and the site's `templates/` folder
/// (the paths and bytes of the templates and assets a build reads), the files of its `static/`
/// folder (paths, sizes and times), the options that change output (base URL, `SOURCE_DATE_EPOCH`),
/// the tool's version, and the identity of the fetched data (`inputs`: for example each cache
/// entry's name and checksum, in a stable order). The output folder, `jobs` and `force` do not
/// change the site's bytes and are left out.
package struct BuildFingerprint: Sendable, Hashable, CustomStringConvertible {
  /// 32 lower-case hex digits.
  package let value: String

  package var description: String { value }

  package init(value: String) {
    self.value = value
  }

  /// The fingerprint of a build from `catalogFile` and the files it includes, with `options`,
  /// by bookgen `toolVersion`, from the fetched data `inputs`.
  package init(
    catalogFile: [UInt8], includedFiles: [[UInt8]] = [], options: BuildOptions, toolVersion: String,
    inputs: [String]
  ) throws(SiteError) {
    var fields = Fields()
    fields.add("bookgen-fingerprint 3")
    fields.add(toolVersion)
    fields.add(catalogFile)
    fields.add(String(includedFiles.count))
    for file in includedFiles { fields.add(file) }
    fields.add(options.baseURL ?? "")
    for (path, text) in DefaultTheme.files.sorted(by: { $0.key < $1.key }) {
      fields.add(path)
      fields.add(text)
    }
    for (path, base64) in DefaultTheme.binaryFiles.sorted(by: { $0.key < $1.key }) {
      fields.add(path)
      fields.add(base64)
    }
    if let directory = options.templatesDirectory, PathKind.of(directory) != .missing {
      fields.add(directory)
      for file in try Theme.siteFiles(in: directory) {
        fields.add(file.path)
        fields.add(file.contents)
      }
    }
    if let directory = options.staticDirectory {
      let identity = try StaticFiles(folder: directory).identity()
      fields.add("static \(identity.count)")
      for file in identity { fields.add(file) }
    }
    // The feeds' and the sitemap's dates.
    fields.add("source date \(options.sourceDateEpoch.map(String.init) ?? "none")")
    fields.add(String(inputs.count))
    for input in inputs { fields.add(input) }
    value = BuildFingerprint.hex(fields)
  }

  /// 128 bits: the fields hashed with two seeds, as 32 hex digits.
  private static func hex(_ fields: Fields) -> String {
    fields.bytes.withUnsafeBufferPointer {
      HexText.lowercase(XXH64.hash($0, seed: 0)) + HexText.lowercase(XXH64.hash($0, seed: 0x626F_6F6B))
    }
  }
}

/// Fields laid end to end, each after its length (8 bytes, little-endian), so no two field
/// lists give the same bytes.
private struct Fields {
  var bytes: [UInt8] = []

  mutating func add(_ text: String) {
    add(text.utf8)
  }

  mutating func add(_ field: some Collection<UInt8>) {
    withUnsafeBytes(of: UInt64(field.count).littleEndian) { bytes += $0 }
    bytes += field
  }
}
