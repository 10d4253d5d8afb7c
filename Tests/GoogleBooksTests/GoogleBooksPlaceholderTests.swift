import Testing

@testable import GoogleBooks

@Test func GoogleBooksModuleLinks() {
  #expect(Bool(true))
}
