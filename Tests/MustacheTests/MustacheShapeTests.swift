import Mustache
import Testing

/// Objects of a shape render exactly as the maps of their present fields do.
let bookShape = MustacheShape(["title", "lang", "authors", "series", "site"])

func book(title: String, lang: MustacheValue?, series: MustacheValue?) -> MustacheValue {
  bookShape.object([
    "title": .string(title), "lang": lang, "authors": .list([["name": "A"], ["name": "B"]]),
    "series": series, "site": nil,
  ])
}

@Test func objectRendersLikeTheMapOfItsFields() throws {
  let template =
    "{{#book}}{{title}}{{#lang}} ({{lang}}){{/lang}}{{^lang}} -{{/lang}}:{{#authors}} {{name}}{{/authors}}"
    + " {{series.name}} {{site.title}}{{/book}} {{book.title}} {{book.missing}}"
  let object = book(title: "T <1>", lang: "en", series: ["name": "S"])
  let map: MustacheValue = .map(object.members!)
  let root: MustacheValue = ["site": ["title": "Site"]]
  for value in [object, map] {
    #expect(
      try render(template, .map(root.members!.merging(["book": value]) { $1 }))
        == "T &lt;1&gt; (en): A B S Site T &lt;1&gt; ")
  }
}

@Test func absentFieldFallsThroughAndNullStopsTheLookup() throws {
  // `lang` absent: the outer `lang` shows; `lang` null: the object's own value hides it.
  let absent = book(title: "T", lang: nil, series: nil)
  let null = book(title: "T", lang: .null, series: nil)
  let template = "{{#book}}[{{lang}}]{{/book}}"
  #expect(try render(template, ["lang": "outer", "book": absent]) == "[outer]")
  #expect(try render(template, ["lang": "outer", "book": null]) == "[]")
}

@Test func objectsEqualTheirMapsAndAnswerSubscripts() {
  let object = book(title: "T", lang: nil, series: .null)
  #expect(object == .map(["title": "T", "authors": [["name": "A"], ["name": "B"]], "series": .null]))
  #expect(object != .map(["title": "T"]))
  #expect(object["title"] == "T")
  #expect(object["lang"] == nil)
  #expect(object["series"] == .null)
  #expect(object["unknown"] == nil)
  #expect(object.isTruthy)
  #expect(object.text == "")
  #expect(bookShape.slot(of: "authors") == 2)
  let strings = MustacheValue(object: ["b": "2", "a": "1"])
  #expect(strings == ["a": "1", "b": "2"])
}

@Test func lintSchemaOfAnObjectIsItsPresentFields() {
  let schema = FieldSchema(sample: book(title: "T", lang: nil, series: nil))
  #expect(schema == .object(["title": .scalar, "authors": .list(.object(["name": .scalar]))]))
}
