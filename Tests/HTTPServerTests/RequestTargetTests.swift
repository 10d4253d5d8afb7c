import Testing

@testable import HTTPServer

@Suite struct RequestTargetTests {
  @Test(arguments: [
    ("/", "/", "/", [String]()),
    ("/a%20b/%2e%2e/c", "/a%20b/%2e%2e/c", "/a b/../c", []),
    ("/%252e%252e/", "/%252e%252e/", "/%2e%2e/", []),
    ("/s?a=1&b=x+y&c=%2B&d", "/s", "/s", ["a=1", "b=x y", "c=+", "d="]),
    ("/p+q", "/p+q", "/p+q", []),
    ("http://example.com:8000/abs?q=1", "/abs", "/abs", ["q=1"]),
    ("http://example.com", "/", "/", []),
  ])
  func splitsAndDecodesOnce(target: String, rawPath: String, path: String?, query: [String]) {
    let parsed = RequestTarget(target)
    #expect(parsed.rawPath == rawPath)
    #expect(parsed.path == path)
    #expect(parsed.query.map { "\($0.name)=\($0.value)" } == query)
  }

  @Test(arguments: ["/%", "/%4", "/%zz", "/%ff", "/%C3%28"])
  func malformedOrNonUTF8EscapesDoNotDecode(target: String) {
    #expect(RequestTarget(target).path == nil)
  }

  @Test func decodesNULSoHandlersCanRefuseIt() {
    #expect(RequestTarget("/a%00b").path == "/a\u{0}b")
  }
}
