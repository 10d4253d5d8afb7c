import Catalog
import GoogleBooks

/// Everything the render stage reads: the owner's catalog and the fetched volumes per collection.
public struct SiteInput: Sendable {
  /// The volumes fetched for one `collections[]` entry, in API order.
  public struct Collection: Sendable, Equatable {
    public var slug: String
    public var volumes: [Volume]

    public init(slug: String, volumes: [Volume]) {
      self.slug = slug
      self.volumes = volumes
    }
  }

  public var catalog: Catalog
  public var collections: [Collection]

  public init(catalog: Catalog, collections: [Collection]) {
    self.catalog = catalog
    self.collections = collections
  }
}
