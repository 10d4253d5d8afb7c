import Foundation
import Mustache
import Testing

/// A fresh folder holding `files` (relative path → contents), removed by the caller with `defer`.
func makeFolder(_ files: [String: String]) throws -> String {
  let root = NSTemporaryDirectory() + "mustache-tests-" + UUID().uuidString
  for (path, contents) in files {
    let url = URL(fileURLWithPath: root + "/" + path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try contents.write(to: url, atomically: true, encoding: .utf8)
  }
  return root
}

@Test func siteTemplatesOverrideTheDefaultThemeFileByFile() throws {
  let theme = try makeFolder([
    "book.mustache": "<h1>{{title}}</h1>\n{{>partials/cover}}\n",
    "partials/cover.mustache": "<img alt=\"default\">\n",
    "list.html": "{{#books}}{{>partials/cover}}{{/books}}",
    ".hidden/secret.mustache": "x",
    "notes.txt": "ignored",
  ])
  let site = try makeFolder(["partials/cover.mustache": "<img alt=\"{{title}}\">\n"])
  defer {
    try? FileManager.default.removeItem(atPath: theme)
    try? FileManager.default.removeItem(atPath: site)
  }
  let library = try TemplateLibrary(directories: [
    .init(path: site, displayPrefix: "templates"), .init(path: theme, displayPrefix: "(default theme)"),
  ])
  #expect(library.templateNames == ["book", "list", "partials/cover"])
  // The default book page includes the site's own cover partial.
  #expect(try library.render("book", ["title": "Dune"]) == "<h1>Dune</h1>\n<img alt=\"Dune\">\n")
  #expect(library.template(named: "partials/cover")?.fileName == "templates/partials/cover.mustache")
  #expect(library.template(named: "book")?.fileName == "(default theme)/book.mustache")
}

@Test func aMissingFolderContributesNothing() throws {
  let theme = try makeFolder(["page.mustache": "theme"])
  defer { try? FileManager.default.removeItem(atPath: theme) }
  let library = try TemplateLibrary(directories: [theme + "/absent", theme])
  #expect(try library.render("page", [:]) == "theme")
}

@Test func parseErrorsNameTheFileAsTheUserSeesIt() throws {
  let site = try makeFolder(["book.mustache": "ok\n{{#authors}}\n{{/author}}\n"])
  defer { try? FileManager.default.removeItem(atPath: site) }
  let error = mustacheError { () throws(MustacheError) in
    _ = try TemplateLibrary(directories: [.init(path: site, displayPrefix: "templates")])
  }
  #expect(
    error?.headline
      == "templates/book.mustache:2:1: error: section 'authors' opened here is closed by 'author'")
}

@Test func twoFilesForOneNameAreAnError() throws {
  let site = try makeFolder(["book.mustache": "a", "book.html": "b"])
  defer { try? FileManager.default.removeItem(atPath: site) }
  let error = mustacheError { () throws(MustacheError) in
    _ = try TemplateLibrary(directories: [.init(path: site, displayPrefix: "templates")])
  }
  #expect(
    error?.description
      == "templates: error: template 'book' is defined by both templates/book.html and templates/book.mustache"
  )
}

/// Files read by the caller (bookgen reads a site's folder through its own fence) are named,
/// filtered and checked exactly like a folder's.
@Test func filesAlreadyReadBecomeALibrary() throws {
  let files = [
    TemplateLibrary.File(path: "partials/cover.html", contents: Array("<img>".utf8)),
    TemplateLibrary.File(path: "book.mustache", contents: Array("[{{>partials/cover}}]".utf8)),
    TemplateLibrary.File(path: "assets/style.css", contents: Array("p {}".utf8)),
    TemplateLibrary.File(path: ".drafts/x.mustache", contents: []),
  ]
  let library = try TemplateLibrary(files: files, displayPrefix: "templates")
  #expect(library.templateNames == ["book", "partials/cover"])
  #expect(try library.render("book", [:]) == "[<img>]")
  #expect(library.template(named: "partials/cover")?.fileName == "templates/partials/cover.html")
  let latin1 = mustacheError { () throws(MustacheError) in
    _ = try TemplateLibrary(
      files: [.init(path: "a.mustache", contents: [0x63, 0x61, 0x66, 0xE9])], displayPrefix: "t")
  }
  #expect(latin1?.description == "t/a.mustache: error: cannot read templates: the file is not UTF-8 text")
}

@Test(arguments: [
  ("book.mustache", "book"), ("partials/cover.htm", "partials/cover"), ("a.b/c.html", "a.b/c"),
  ("notes.txt", nil), (".hidden.mustache", nil), ("x/.y/z.mustache", nil), ("a.html/readme", nil),
])
func templateNamesOfFiles(path: String, name: String?) {
  #expect(TemplateLibrary.templateName(ofFile: path) == name)
}

@Test func embeddedSourcesCombineWithSiteOverrides() throws {
  let embedded = try TemplateLibrary(
    sources: ["book": "[{{>cover}}]", "cover": "default"], displayPrefix: "(built-in)")
  let site = try TemplateLibrary(sources: ["cover": "mine"], displayPrefix: "templates")
  let combined = site.overriding(embedded)
  #expect(try combined.render("book", [:]) == "[mine]")
  #expect(try embedded.render("book", [:]) == "[default]")
  #expect(combined.template(named: "cover")?.fileName == "templates/cover.mustache")
}

@Test func partialNamesListsStaticIncludes() throws {
  let template = try Template(source: "{{>b}}{{#x}}{{<a}}{{$c}}{{>d}}{{/c}}{{/a}}{{/x}}{{>*dyn}}", name: "t")
  #expect(template.partialNames == ["a", "b", "d"])
}

/// A FIFO named like a template is refused, never opened for a blocking read (that would wait
/// for a writer forever), and the message says what it is.
@Test func aFIFONamedLikeATemplateIsAnErrorNotAHang() throws {
  let site = try makeFolder(["book.mustache": "ok"])
  defer { try? FileManager.default.removeItem(atPath: site) }
  #expect(mkfifo(site + "/pipe.mustache", 0o600) == 0)
  let error = mustacheError { () throws(MustacheError) in
    _ = try TemplateLibrary(directories: [.init(path: site, displayPrefix: "templates")])
  }
  #expect(
    error?.description
      == "templates/pipe.mustache: error: cannot read templates: it is a FIFO (named pipe), not a regular file"
  )
}

/// A file past the limit used to be read whole; a sparse one claims the size without the disk.
@Test func aTemplateLargerThanTheLimitIsAnError() throws {
  let site = try makeFolder(["book.mustache": "ok", "huge.mustache": ""])
  defer { try? FileManager.default.removeItem(atPath: site) }
  #expect(truncate(site + "/huge.mustache", off_t(TemplateLibrary.fileSizeLimit + 1)) == 0)
  let error = mustacheError { () throws(MustacheError) in
    _ = try TemplateLibrary(directories: [.init(path: site, displayPrefix: "templates")])
  }
  #expect(
    error?.description
      == "templates/huge.mustache: error: cannot read templates: it is larger than 4 MiB, the most a template may have"
  )
  #expect(truncate(site + "/huge.mustache", off_t(TemplateLibrary.fileSizeLimit)) == 0)
  let library = try TemplateLibrary(directories: [.init(path: site, displayPrefix: "templates")])
  #expect(library.template(named: "huge") != nil)
}

/// Linked files are read; linked folders, hidden entries and broken links named like no
/// template are not; a folder named like a template is a folder.
@Test func linkedFilesAreReadAndLinkedFoldersAreNot() throws {
  let outside = try makeFolder(["shared.mustache": "shared", "more/extra.mustache": "extra"])
  let site = try makeFolder([
    "book.mustache": "[{{>cover}}]", "page.html.mustache/inner.mustache": "inner", ".git/x.mustache": "x",
  ])
  defer {
    try? FileManager.default.removeItem(atPath: site)
    try? FileManager.default.removeItem(atPath: outside)
  }
  try FileManager.default.createSymbolicLink(
    atPath: site + "/cover.mustache", withDestinationPath: outside + "/shared.mustache")
  try FileManager.default.createSymbolicLink(atPath: site + "/more", withDestinationPath: outside + "/more")
  try FileManager.default.createSymbolicLink(
    atPath: site + "/dangling", withDestinationPath: outside + "/gone")
  let library = try TemplateLibrary(directories: [.init(path: site, displayPrefix: "templates")])
  #expect(library.templateNames == ["book", "cover", "page.html.mustache/inner"])
  #expect(try library.render("book", [:]) == "[shared]")
  try FileManager.default.createSymbolicLink(
    atPath: site + "/gone.mustache", withDestinationPath: outside + "/gone")
  let error = mustacheError { () throws(MustacheError) in
    _ = try TemplateLibrary(directories: [.init(path: site, displayPrefix: "templates")])
  }
  #expect(
    error?.description
      == "templates/gone.mustache: error: cannot read templates: cannot open it: No such file or directory")
}
