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
    var stream = FieldHasher(seed: 0, secondSeed: 0x626F_6F6B)
    stream.add("bookgen-fingerprint 3")
    stream.add(toolVersion)
    stream.add(catalogFile)
    stream.add(String(includedFiles.count))
    for file in includedFiles { stream.add(file) }
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
    if let directory = options.staticDirectory {
      let identity = try StaticFiles(folder: directory).identity()
      stream.add("static \(identity.count)")
      for file in identity { stream.add(file) }
    }
    // The feeds' and the sitemap's dates.
    stream.add("source date \(options.sourceDateEpoch.map(String.init) ?? "none")")
    stream.add(String(inputs.count))
    for input in inputs { stream.add(input) }
    value = BuildFingerprint.hex(stream)
  }

  /// 128 bits: the fields hashed with two seeds, as 32 hex digits.
  private static func hex(_ stream: FieldHasher) -> String {
    let (low, high) = stream.finishPair()
    return HexText.lowercase(low) + HexText.lowercase(high)
  }
}
