/// A cover image bookgen processed and serves from the site: `covers/<name>-<width>.webp` and
/// `covers/<name>-<width>.jpg` for each of its widths.
package struct LocalCover: Sendable, Equatable {
  package struct Size: Sendable, Equatable {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
      self.width = width
      self.height = height
    }
  }

  /// The content address: 16 hex digits from the source image's bytes and how it was processed
  /// (the processor's version, the widths), so the same name always holds the same bytes.
  package var name: String
  /// The image's own pixels, upright.
  package var size: Size
  /// `#rrggbb`, the slot's background while the image loads.
  package var color: String
  /// The sizes it was made at, ascending; never wider than `size`.
  package var variants: [Size]

  package init(name: String, size: Size, color: String, variants: [Size]) {
    self.name = name
    self.size = size
    self.color = color
    self.variants = variants
  }

  /// `covers/<name>-<width>.<ext>` (`ext` is `webp` or `jpg`), relative to the site's root.
  package func path(width: Int, format: Format) -> String {
    var path = ""
    appendPath(width: width, format: format, to: &path)
    return path
  }

  /// `<name>-<width>.<ext>`: the file's name in the site's `covers/` and in the cache.
  package func fileName(width: Int, format: Format) -> String {
    var text = ""
    Self.appendFileName(name, width: width, format: format, to: &text)
    return text
  }

  /// Appends `path(width:format:)` to `text`, which grows once: pages name covers' files by the
  /// thousand, and interpolating each name was a large part of a cover's cost.
  package func appendPath(width: Int, format: Format, to text: inout String) {
    text.reserveCapacity(text.utf8.count + name.utf8.count + 19)
    text += "covers/"
    Self.appendFileName(name, width: width, format: format, to: &text)
  }

  /// Appends the file name of the cover `name`'s variant (`fileName(width:format:)`) to `text`.
  package static func appendFileName(_ name: String, width: Int, format: Format, to text: inout String) {
    text.reserveCapacity(text.utf8.count + name.utf8.count + 12)
    text += name
    text += "-"
    text += String(width)
    text += "."
    text += format.rawValue
  }

  package enum Format: String, Sendable, CaseIterable {
    case webp
    case jpeg = "jpg"
  }

  /// One of a cover's files as the cache keeps it, under the name the site serves it by
  /// (`fileName(width:format:)`): its size and XXH64 digest, so that the output can take it in
  /// without reading it.
  package struct File: Sendable {
    package var width: Int
    package var format: Format
    package var size: Int
    package var hash: UInt64

    package init(width: Int, format: Format, size: Int, hash: UInt64) {
      self.width = width
      self.format = format
      self.size = size
      self.hash = hash
    }
  }

  /// A cover's files, and the folder the cache keeps them in.
  package typealias Files = (folder: String, files: [File])
}

/// The processed covers a build serves, by where each came from (`LocalCovers.key`), and where
/// their files are kept (asked only for files the output does not hold already).
package struct LocalCovers: Sendable {
  /// The covers, by `key(file:)` or `key(url:)`.
  package var covers: [String: LocalCover]
  /// Whether the sources' covers are served from the site (`site.covers: local`): a book's
  /// source cover is then looked up by its URL (`sourceURL(of:)`).
  package var servesSourceCovers: Bool
  /// Where the files of a cover in `covers` are kept.
  package var files: @Sendable (LocalCover) throws -> LocalCover.Files

  package init(
    covers: [String: LocalCover] = [:], servesSourceCovers: Bool = false,
    files: @escaping @Sendable (LocalCover) throws -> LocalCover.Files = { _ in ("", []) }
  ) {
    self.covers = covers
    self.servesSourceCovers = servesSourceCovers
    self.files = files
  }

  /// No covers: every book shows its remote cover or its title card.
  package static let none = LocalCovers()

  /// The key of an image file of the site (a path relative to its folder).
  package static func key(file: String) -> String { "file:" + file }

  /// The key of a source's image.
  package static func key(url: String) -> String { url }

  /// The processed cover of a book with the owner's `coverFile` and the sources' `record`.
  package func cover(file: String?, record: BookRecord) -> LocalCover? {
    if let file { return covers[Self.key(file: file)] }
    guard servesSourceCovers, let url = Self.sourceURL(of: record) else { return nil }
    return covers[Self.key(url: url)]
  }

  /// The one image of a record's cover to fetch and process: the largest a page shows (the
  /// book page's `small` from Google, Open Library's `-L`), else the card's; Google's
  /// page-curl and referral tag removed, http upgraded where the host serves https. Plain
  /// http is kept: the image is fetched by bookgen, never linked from a page.
  package static func sourceURL(of record: BookRecord) -> String? {
    guard let covers = record.covers,
      let raw = covers.small ?? covers.medium ?? covers.thumbnail ?? covers.smallThumbnail ?? covers.large
    else { return nil }
    return sourceURL(image: raw)
  }

  /// The image address `raw` (a source's, or the owner's `cover:`) as it is fetched and looked
  /// up: see `sourceURL(of:)`.
  package static func sourceURL(image raw: String) -> String? {
    guard let url = WebLink.http(raw).map(WebLink.upgraded) else { return nil }
    return WebLink.removing("&edge=curl", "&source=gbs_api", from: url)
  }
}
