import Foundation

// Usage: EmbedThemeTool <theme folder> <output .swift> <relative file>...
// Writes `enum DefaultTheme { static let files: [String: String]; static let binaryFiles: … }`.
// Text files become string literals; anything that is not UTF-8 is embedded as base64.

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  FileHandle.standardError.write(Data("usage: EmbedThemeTool <theme folder> <output> <file>...\n".utf8))
  exit(64)
}
let themeFolder = URL(fileURLWithPath: arguments[1])
let outputFile = URL(fileURLWithPath: arguments[2])

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
for relative in arguments.dropFirst(3).sorted() {
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
  // Generated at build time by the EmbedTheme plugin from the repository's templates/ folder.
  // Do not edit: edit templates/ instead.

  /// The default theme, embedded so the binary builds sites without the templates folder.
  enum DefaultTheme {
    /// Text files by path relative to `templates/` (`book.mustache`, `assets/style.css`).
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
