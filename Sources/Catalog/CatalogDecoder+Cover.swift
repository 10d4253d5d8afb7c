import Diagnostics
import Support

/// `overrides.cover`: an http(s) image URL, or an image file in the site's folder that must be
/// there when the catalog loads (never a book quietly left without its cover).
extension CatalogDecoder {
  static let coverValue =
    "an http(s) URL or the path of a .jpg, .jpeg, .png or .webp file in the site's folder, such as 'covers/dune.jpg'"

  mutating func decodeCover(_ node: YAMLNode, path: String, into overrides: inout BookOverrides) {
    guard let value = text(node, path: path, expected: Self.coverValue) else { return }
    let isURL = value.contains("://") || value.hasPrefix("//")
    guard isURL ? CatalogRules.isHTTPURL(value) : CatalogRules.isCoverFileName(value) else {
      error("'\(path)' must be \(Self.coverValue), got \(shown(value))", at: node)
      return
    }
    if isURL {
      overrides.cover = value
      return
    }
    let fence = FileFence(folder: directory, name: "the site's folder")
    do {
      coverFileStamps[value] = try fence.check(value, limit: CatalogRules.coverFileLimit)
    } catch {
      if error.problem == .notFound {
        self.error(
          "cannot read the cover image \(shown(value)) named by '\(path)': it is not in the site's folder",
          at: node, suggestion: Self.nearImageFile(to: value, in: directory))
      } else {
        self.error(
          "cannot read the cover image \(shown(value)) named by '\(path)': \(error.reason)", at: node)
      }
      return
    }
    overrides.coverFile = value
  }

  /// The image file in `name`'s folder whose path is nearest to `name` (a typo, a letter's case,
  /// `.jpeg` for `.jpg`).
  static func nearImageFile(to name: String, in directory: String) -> String? {
    let slash = name.lastIndex(of: "/")
    let folder = slash.map { String(name[..<$0]) } ?? ""
    let prefix = folder.isEmpty ? "" : folder + "/"
    guard let names = PathKind.names(in: folder.isEmpty ? directory : directory + "/" + folder) else {
      return nil
    }
    let candidates = names.map { prefix + $0 }.filter(CatalogRules.isCoverFileName)
    return NearestName.suggestion(for: name, among: candidates)
  }
}

extension CatalogRules {
  /// The most read from one cover image file (the processing refuses much less, with a warning).
  package static let coverFileLimit = FileLimit(bytes: 64 << 20, what: "a cover image")

  /// The image kinds bookgen processes, by file extension (compared case-insensitively).
  package static let coverFileExtensions = ["jpg", "jpeg", "png", "webp"]

  /// A relative path below the site's folder (no `..`, `.` or hidden parts, no empty parts, no
  /// backslash or control character) to a `.jpg`, `.jpeg`, `.png` or `.webp` file.
  package static func isCoverFileName(_ text: String) -> Bool {
    guard !text.hasPrefix("/"), text.utf8.count <= 1024,
      !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }),
      let dot = text.lastIndex(of: "."),
      coverFileExtensions.contains(text[text.index(after: dot)...].lowercased())
    else { return false }
    return text.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
      !$0.isEmpty && !$0.hasPrefix(".")
    }
  }
}
