import Testing

@testable import SiteCheck

@Suite struct HTMLScanTests {
  @Test func collectsLinksIdsTitleAndLanguage() {
    let scan = HTMLScan.scan(
      """
      <!doctype html><html lang="zh-TW"><head><title>三體 &amp; more</title>
      <link rel=stylesheet href="/assets/style.css"></head>
      <body><h1 id=top>x</h1><a name=old></a><a href="a/?x=1&amp;y=2#top">a</a>
      <img src=c.jpg srcset="c.jpg 1x, d,e.jpg 2x,f.jpg">
      <form action="/books/"></form><svg><a href="ignored"></a><g id=svgid></g></svg>
      <template><a href="in-template"></a></template>
      """)
    #expect(scan.title == "三體 & more")
    #expect(scan.language == "zh-TW")
    #expect(scan.ids == ["top", "old", "svgid"])
    #expect(
      scan.links == [
        .init(element: "link", attribute: "href", url: "/assets/style.css"),
        .init(element: "a", attribute: "href", url: "a/?x=1&y=2#top"),
        .init(element: "img", attribute: "src", url: "c.jpg"),
        .init(element: "img", attribute: "srcset", url: "c.jpg"),
        .init(element: "img", attribute: "srcset", url: "d,e.jpg"),
        .init(element: "img", attribute: "srcset", url: "f.jpg"),
        .init(element: "form", attribute: "action", url: "/books/"),
        .init(element: "a", attribute: "href", url: "in-template"),
      ])
  }

  @Test func missingTitleAndLanguageAreNil() {
    let scan = HTMLScan.scan("<p>no head</p>")
    #expect(scan.title == nil)
    #expect(scan.language == nil)
    #expect(scan.links == [])
  }

  @Test func deeplyNestedPagesDoNotOverflowTheStack() {
    let scan = HTMLScan.scan(String(repeating: "<div>", count: 5_000) + "<a href=deep id=x></a>")
    #expect(scan.links.map(\.url) == ["deep"])
  }
}
