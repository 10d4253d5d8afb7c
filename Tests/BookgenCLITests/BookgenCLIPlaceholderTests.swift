import Testing

@testable import BookgenCLI

@Test func BookgenCLIModuleLinks() {
  #expect(Bool(true))
}
