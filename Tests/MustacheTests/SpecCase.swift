import Mustache
import Testing

/// One table row: a template, its data and partials, and the exact expected output.
struct SpecCase: CustomTestStringConvertible, Sendable {
  var name: String
  var template: String
  var data: MustacheValue = [:]
  var partials: [String: String] = [:]
  var expected: String

  var testDescription: String { name }

  func render() throws -> String {
    let library = try TemplateLibrary(sources: partials)
    return try Template(source: template, name: "test").render(data, partials: library)
  }
}

/// Renders `source` against `data` with partials given as sources.
func render(_ source: String, _ data: MustacheValue = [:], partials: [String: String] = [:]) throws -> String
{
  try SpecCase(name: "", template: source, data: data, partials: partials, expected: "").render()
}

/// The error `body` throws, or nil when it does not throw one.
func mustacheError(_ body: () throws(MustacheError) -> Void) -> MustacheError? {
  do {
    try body()
    return nil
  } catch {
    return error
  }
}
