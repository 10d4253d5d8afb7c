import Mustache
import Testing

/// Template files as a caller read them from a folder (bookgen reads a site's folder through
/// its own fence).
func templateFiles(_ contents: [String: String]) -> [TemplateLibrary.File] {
  contents.map { TemplateLibrary.File(path: $0.key, contents: Array($0.value.utf8)) }
}

@Test func siteTemplatesOverrideTheDefaultThemeFileByFile() throws {
  let theme = try TemplateLibrary(
    files: templateFiles([
      "book.mustache": "<h1>{{title}}</h1>\n{{>partials/cover}}\n",
      "partials/cover.mustache": "<img alt=\"default\">\n",
      "list.html": "{{#books}}{{>partials/cover}}{{/books}}",
      ".hidden/secret.mustache": "x",
      "notes.txt": "ignored",
    ]), displayPrefix: "(default theme)")
  let site = try TemplateLibrary(
    files: templateFiles(["partials/cover.mustache": "<img alt=\"{{title}}\">\n"]), displayPrefix: "templates"
  )
  let library = site.overriding(theme)
  #expect(library.templateNames == ["book", "list", "partials/cover"])
  // The default book page includes the site's own cover partial.
  #expect(try library.render("book", ["title": "Dune"]) == "<h1>Dune</h1>\n<img alt=\"Dune\">\n")
  #expect(library.template(named: "partials/cover")?.fileName == "templates/partials/cover.mustache")
  #expect(library.template(named: "book")?.fileName == "(default theme)/book.mustache")
}

@Test func parseErrorsNameTheFileAsTheUserSeesIt() throws {
  let error = mustacheError { () throws(MustacheError) in
    _ = try TemplateLibrary(
      files: templateFiles(["book.mustache": "ok\n{{#authors}}\n{{/author}}\n"]), displayPrefix: "templates")
  }
  #expect(
    error?.headline
      == "templates/book.mustache:2:1: error: section 'authors' opened here is closed by 'author'")
}

@Test func twoFilesForOneNameAreAnError() throws {
  let error = mustacheError { () throws(MustacheError) in
    _ = try TemplateLibrary(
      files: templateFiles(["book.mustache": "a", "book.html": "b"]), displayPrefix: "templates")
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

@Test func includedNamesListsStaticIncludes() throws {
  let template = try Template(source: "{{>b}}{{#x}}{{<a}}{{$c}}{{>d}}{{/c}}{{/a}}{{/x}}{{>*dyn}}", name: "t")
  #expect(template.includedNames.names == ["a", "b", "d"])
  #expect(template.includedNames.dynamic)
}
