import Foundation

// Usage: EmbedThemeTool [--name <enum>] <folder> <output .swift> <relative file>...
// Writes `enum <enum> { static let files: [String: String]; static let binaryFiles: … }`
// (`DefaultTheme` by default; the UI strings use `UIStringFiles`, the example site
// `ExampleSiteFiles`).
// Text files become string literals; anything that is not UTF-8 is embedded as base64.

var arguments = Array(CommandLine.arguments.dropFirst())
var enumName = "DefaultTheme"
if arguments.count >= 2, arguments[0] == "--name" {
  enumName = arguments[1]
  arguments.removeFirst(2)
}
guard arguments.count >= 2 else {
  FileHandle.standardError.write(
    Data("usage: EmbedThemeTool [--name <enum>] <folder> <output> <file>...\n".utf8))
  exit(64)
}
let themeFolder = URL(fileURLWithPath: arguments[0])
let outputFile = URL(fileURLWithPath: arguments[1])

/// A Swift string literal for `text`, escaping only what a literal cannot hold as is.
func literal(_ text: String) -> String {
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\\": result += "\\\\"
    case "\"": result += "\\\""
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    default:
      if scalar.value < 0x20 || scalar.value == 0x7F {
        result += "\\u{" + String(scalar.value, radix: 16) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
  }
  return result + "\""
}

var textEntries: [String] = []
var binaryEntries: [String] = []
for relative in arguments.dropFirst(2).sorted() {
  let url = themeFolder.appendingPathComponent(relative)
  guard let data = try? Data(contentsOf: url) else {
    FileHandle.standardError.write(Data("error: cannot read theme file '\(url.path)'\n".utf8))
    exit(1)
  }
  if let text = String(data: data, encoding: .utf8) {
    textEntries.append("    \(literal(relative)): \(literal(text)),")
  } else {
    binaryEntries.append("    \(literal(relative)): \(literal(data.base64EncodedString())),")
  }
}

func dictionary(_ entries: [String]) -> String {
  entries.isEmpty ? "[:]" : "[\n" + entries.joined(separator: "\n") + "\n  ]"
}

let source = """
  // Generated at build time by a bookgen build-tool plugin (EmbedTheme, EmbedExample) from
  // files of the repository. Do not edit: edit those files instead.

  /// Files embedded so the binary works without the repository (the default theme, the UI strings, the example).
  enum \(enumName) {
    /// Text files by path relative to the embedded folder (`book.mustache`, `assets/style.css`).
    static let files: [String: String] = \(dictionary(textEntries))

    /// Non-UTF-8 files, base64-encoded.
    static let binaryFiles: [String: String] = \(dictionary(binaryEntries))
  }

  """

let existing = try? String(contentsOf: outputFile, encoding: .utf8)
if existing != source {
  do {
    try source.write(to: outputFile, atomically: true, encoding: .utf8)
  } catch {
    FileHandle.standardError.write(Data("error: cannot write '\(outputFile.path)': \(error)\n".utf8))
    exit(1)
  }
}
