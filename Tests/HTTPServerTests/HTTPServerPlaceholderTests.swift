import Testing

@testable import HTTPServer

@Test func HTTPServerModuleLinks() {
  #expect(Bool(true))
}
