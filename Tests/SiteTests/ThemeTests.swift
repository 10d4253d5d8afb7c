import Foundation
import Testing

@testable import Site

@Suite struct ThemeTests {
  static let repositoryTemplates = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("templates").path

  @Test func embeddedThemeIsTheRepositoryTemplatesFolder() throws {
    let onDisk = Fixtures.files(in: ThemeTests.repositoryTemplates)
    #expect(DefaultThemeFiles.files.keys.sorted() == onDisk)
    for path in onDisk {
      let bytes = try #require(
        FileManager.default.contents(atPath: ThemeTests.repositoryTemplates + "/" + path))
      #expect(DefaultThemeFiles.files[path] == Array(bytes), "\(path) is stale in the binary")
    }
  }

  @Test func everyPageTypeHasATemplateAndTheStylesheetIsSmall() throws {
    let theme = try Theme.load(directory: nil)
    for name in PageJob.templateNames + ["layout"] {
      #expect(theme.defaultTemplates[name] != nil, "missing \(name).mustache")
    }
    let css = try #require(theme.assets["style.css"])
    #expect(css.count < 20_000)
  }

  @Test func defaultThemeLintsClean() {
    #expect(checkTemplates(templatesDirectory: nil).map(\.description) == [])
  }

  @Test func lintReportsUnknownFieldsInTheSitesTemplates() throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root + "/templates", withIntermediateDirectories: true)
    try "{{< layout}}{{$content}}\n{{#book}}<h1>{{titel}}</h1>{{/book}}\n{{/content}}{{/layout}}\n".write(
      toFile: root + "/templates/book.mustache", atomically: true, encoding: .utf8)
    let diagnostics = checkTemplates(templatesDirectory: root + "/templates")
    #expect(
      diagnostics.map(\.description) == [
        """
        \(root)/templates/book.mustache:2:14: error: unknown field 'titel' (did you mean 'title'?)
        {{#book}}<h1>{{titel}}</h1>{{/book}}
                     ^
        """
      ])
  }

  /// The engine renders a missing partial or parent as nothing, as the spec says; a site's
  /// own templates are held to more: lint reports the name, located, with the nearest one.
  @Test func lintReportsMissingPartialsAndParentsInTheSitesTemplates() throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root + "/templates", withIntermediateDirectories: true)
    try
      "{{<layuot}}{{$content}}\n{{#book}}{{#cover}}{{>partials/covr}}{{/cover}}{{/book}}\n{{/content}}{{/layuot}}\n"
      .write(toFile: root + "/templates/book.mustache", atomically: true, encoding: .utf8)
    let diagnostics = checkTemplates(templatesDirectory: root + "/templates")
    #expect(
      diagnostics.map(\.description) == [
        """
        \(root)/templates/book.mustache:1:1: error: unknown partial 'layuot' (did you mean 'layout'?)
        {{<layuot}}{{$content}}
        ^
        """,
        """
        \(root)/templates/book.mustache:2:20: error: unknown partial 'partials/covr' (did you mean 'partials/cover'?)
        {{#book}}{{#cover}}{{>partials/covr}}{{/cover}}{{/book}}
                           ^
        """,
      ])
  }

  /// Every page includes the footer: the recursion is reported once, at the tag that repeats.
  @Test func lintReportsAnEndlessRecursionOnce() throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(
      atPath: root + "/templates/partials", withIntermediateDirectories: true)
    try "<footer>{{#site}}{{>partials/footer}}{{/site}}</footer>\n".write(
      toFile: root + "/templates/partials/footer.mustache", atomically: true, encoding: .utf8)
    let diagnostics = checkTemplates(templatesDirectory: root + "/templates")
    #expect(
      diagnostics.map(\.description) == [
        """
        \(root)/templates/partials/footer.mustache:1:18: error: endless recursion: 'partials/footer' is included \
        again with the same data: partials/footer → partials/footer → partials/footer
        <footer>{{#site}}{{>partials/footer}}{{/site}}</footer>
                         ^
        """
      ])
  }

  @Test func writesTheDefaultThemeWithoutReplacingFiles() throws {
    let root = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root + "/partials", withIntermediateDirectories: true)
    try "mine".write(toFile: root + "/partials/footer.mustache", atomically: true, encoding: .utf8)
    let outcome = try DefaultThemeFiles.write(to: root)
    #expect(outcome.written == DefaultThemeFiles.paths.filter { $0 != "partials/footer.mustache" })
    #expect(outcome.kept == ["partials/footer.mustache"])
    #expect(try String(contentsOfFile: root + "/partials/footer.mustache", encoding: .utf8) == "mine")
    #expect(Fixtures.files(in: root) == DefaultThemeFiles.files.keys.sorted())
  }
}
