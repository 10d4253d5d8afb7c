import Diagnostics
import Mustache
import Support

/// Why a site could not be built. Template errors keep the engine's located diagnostic.
package enum SiteError: Error, Sendable, Equatable, CustomStringConvertible, Diagnosable {
  /// A template failed to parse or render; located in `templates/…` by the engine.
  case template(MustacheError)
  /// Several template problems found at once (lint, or parsing the whole library).
  case templates([Diagnostic])
  /// `site.base_url` (or `--base-url`) is not an absolute http(s) URL.
  case invalidBaseURL(String)
  /// A collection's slug would shadow a folder the site itself writes (`books`, `assets`, …).
  case reservedCollectionSlug(String)
  /// A collection's slug is not a safe single path segment.
  case unsafeCollectionSlug(String)
  /// Records were given for a collection the catalog does not declare.
  case unknownCollection(String)
  /// `site.strings` names a UI string that does not exist.
  case unknownUIString(key: String, suggestion: String?)
  /// A computed output path would leave the output folder (never expected; checked anyway).
  case pathOutsideOutput(String)
  /// The output folder is unusable (e.g. it is a file, or `/`).
  case invalidOutputDirectory(String)
  /// The output folder is one a build must not replace (without `--force`).
  case unsafeOutputDirectory(path: String, reason: OutputRefusal)
  /// A file in `static/` cannot be copied (`path` is `static/…`).
  case staticFile(path: String, reason: String)
  /// A file in `static/` would take the place of a file the site generates.
  case staticCollision(path: String, generated: String)
  /// A file-system operation failed.
  case io(operation: String, path: String, reason: String)
  /// A file of the site's theme that bookgen refuses to read (a link out of `templates/`, a
  /// FIFO, a device, too large); `reason` is `FileReadError.reason`.
  case unreadableFile(path: String, reason: String)

  /// Template problems keep the engine's location and note; the rest are unlocated errors.
  package var diagnostics: [Diagnostic] {
    switch self {
    case .template(let error):
      return error.diagnostics
    case .templates(let diagnostics):
      return diagnostics
    case .unreadableFile(let path, let reason):
      return [.error("cannot read the file: \(reason)", at: SourceLocation(file: path))]
    case .unknownUIString(let key, let suggestion):
      return [.error("site.strings: unknown UI string '\(key)'", suggestion: suggestion)]
    case .invalidBaseURL(let url):
      return [.error("base URL '\(url)' is not an absolute http(s) URL")]
    case .reservedCollectionSlug(let slug):
      return [.error("collection slug '\(slug)' is reserved for the site's own pages; choose another")]
    case .unsafeCollectionSlug(let slug):
      return [.error("collection slug '\(slug)' is not a safe URL path segment")]
    case .unknownCollection(let slug):
      return [.error("volumes were given for collection '\(slug)', which the catalog does not declare")]
    case .pathOutsideOutput(let path):
      return [.error("refusing to write '\(path)': it is outside the output folder")]
    case .invalidOutputDirectory(let path):
      return [.error("cannot use '\(path)' as the output folder")]
    case .unsafeOutputDirectory(let path, let reason):
      return [.error("refusing to use '\(path)' as the output folder: \(reason.explanation)")]
    case .staticFile(let path, let reason):
      return [.error("cannot copy '\(path)': \(reason)")]
    case .staticCollision(let path, let generated):
      return [
        .error(
          "'\(path)' collides with the generated '\(generated)'; rename or remove it "
            + "(robots.txt is the one generated file static/ may replace)")
      ]
    case .io(let operation, let path, let reason):
      return [.error("cannot \(operation) '\(path)': \(reason)")]
    }
  }

  /// Problems in the site's templates point into them; the others are why the build failed.
  package var isInputProblem: Bool {
    switch self {
    case .template, .templates, .unreadableFile: true
    default: false
    }
  }
}

/// Why an output folder is refused. Only `notBookgenOutput` gives way to `force`.
package enum OutputRefusal: Sendable, Equatable {
  case protected(FolderFence.Protection)
  case notBookgenOutput
  /// A file or a link stands where the folder should be.
  case notAFolder

  var explanation: String {
    switch self {
    case .protected(.fileSystemRoot):
      return "it is the file system root"
    case .protected(.homeFolder):
      return "it is your home folder"
    case .protected(.projectFolder):
      return "it is the project folder, which holds the catalog"
    case .protected(.workingFolder):
      return "it is the folder bookgen was started in"
    case .protected(.holdsProtectedFolder):
      return "it contains your home, project or working folder"
    case .notBookgenOutput:
      return "it is not empty and bookgen did not create it (pass --force to replace it; "
        + "its files are kept in a hidden folder next to it)"
    case .notAFolder:
      return "it is not a folder"
    }
  }
}
