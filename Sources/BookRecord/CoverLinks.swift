/// Cover image URLs by size, named as Google Books names its six (Open Library's small, medium
/// and large fit the same slots); Google's volumes hold theirs in this shape as they are decoded.
package struct CoverLinks: Sendable, Equatable {
  /// About 80 pixels wide.
  package var smallThumbnail: String?
  /// About 128 pixels wide: what book cards show.
  package var thumbnail: String?
  /// About 300 pixels wide: what a book's page shows.
  package var small: String?
  package var medium: String?
  package var large: String?
  package var extraLarge: String?

  package init(
    smallThumbnail: String? = nil, thumbnail: String? = nil, small: String? = nil, medium: String? = nil,
    large: String? = nil, extraLarge: String? = nil
  ) {
    self.smallThumbnail = smallThumbnail
    self.thumbnail = thumbnail
    self.small = small
    self.medium = medium
    self.large = large
    self.extraLarge = extraLarge
  }

  /// One image at every size (a cover the owner chose).
  package init(all url: String) {
    self.init(smallThumbnail: url, thumbnail: url, small: url, medium: url, large: url, extraLarge: url)
  }
}
