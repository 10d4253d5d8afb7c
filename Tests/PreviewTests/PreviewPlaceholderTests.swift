import Testing

@testable import Preview

@Test func PreviewModuleLinks() {
  #expect(Bool(true))
}
