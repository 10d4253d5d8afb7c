import Foundation

/// Argument parsing, help and exit codes for `bookgen`.
public enum BookgenCLI {
  public static func main(_ arguments: [String]) async -> Int32 {
    FileHandleOutput.standardError("error: bookgen is not yet available\n")
    return 1
  }
}

enum FileHandleOutput {
  static func standardError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
