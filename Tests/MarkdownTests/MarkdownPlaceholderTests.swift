import Testing

@testable import Markdown

@Test func MarkdownModuleLinks() {
  #expect(Bool(true))
}
