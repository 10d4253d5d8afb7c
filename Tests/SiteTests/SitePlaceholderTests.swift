import Testing

@testable import Site

@Test func SiteModuleLinks() {
  #expect(Bool(true))
}
