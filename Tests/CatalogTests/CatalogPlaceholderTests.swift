import Testing

@testable import Catalog

@Test func CatalogModuleLinks() {
  #expect(Bool(true))
}
