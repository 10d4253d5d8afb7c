import Testing

@testable import Mustache

@Test func MustacheModuleLinks() {
  #expect(Bool(true))
}
