import Diagnostics
import Site
import Support

/// Why a command failed after its command line was accepted.
enum CommandError: Error {
  /// A stage failed; printed as `error: 'bookgen build' failed while <stage>` plus its causes.
  case stage(command: CommandName, stage: String, underlying: any Error)
  /// Problems already printed one by one (site check findings); `summary` closes the list.
  case reported(summary: String)
  case directoryNotEmpty(String)
  /// bookgen will not remove (`clean`) or replace (`build`) this folder.
  case refusedFolder(String, action: FolderAction, reason: FolderRefusal)
  case fileSystem(operation: String, path: String, underlying: any Error)

  enum FolderAction: String, Sendable {
    case remove = "remove"
    case replace = "build into"
  }

  enum FolderRefusal: Sendable {
    /// The root, the home folder, the working folder or the catalog's folder (or one holding them).
    case protectedFolder
    /// Not inside the catalog's folder, and `--outside-project` was not given (`clean`).
    case outsideProject(project: String)
    /// Not empty and without bookgen's marker.
    case notOurs
    case notAFolder

    init(_ refusal: OutputRefusal) {
      switch refusal {
      case .notBookgenOutput: self = .notOurs
      case .notAFolder: self = .notAFolder
      case .protected: self = .protectedFolder
      }
    }

    init(_ refusal: FolderRemoval.Refusal, project: String) {
      switch refusal {
      case .protected: self = .protectedFolder
      case .outsideProject: self = .outsideProject(project: project)
      case .notOurs: self = .notOurs
      case .notAFolder: self = .notAFolder
      }
    }
  }
}

extension CommandError: Diagnosable {
  var diagnostics: [Diagnostic] {
    switch self {
    case .stage(let command, let stage, _):
      return [.error("'bookgen \(command.rawValue)' failed while \(stage)")]
    case .reported(let summary):
      return [.error(summary)]
    case .directoryNotEmpty(let path):
      return [.error("'\(path)' is not empty; use --force to add a new site to it anyway")]
    case .refusedFolder(let path, let action, let reason):
      let headline = "refusing to \(action.rawValue) '\(path)'"
      switch reason {
      case .protectedFolder:
        return [.error("\(headline): it is the root, home or project folder")]
      case .outsideProject(let project):
        return [
          .error(
            "\(headline): it is outside the project folder '\(project)' (pass --outside-project to remove it anyway)"
          )
        ]
      case .notOurs:
        let advice = action == .remove ? "remove it yourself" : "use --force to replace its contents"
        return [.error("\(headline): bookgen did not create it; \(advice)")]
      case .notAFolder:
        return [.error("\(headline): it is not a folder")]
      }
    case .fileSystem(let operation, let path, _):
      return [.error("could not \(operation) '\(path)'")]
    }
  }

  /// The failure a stage or file operation wraps: printed after it, as its cause.
  var underlying: (any Error)? {
    switch self {
    case .stage(_, _, let underlying), .fileSystem(_, _, let underlying): underlying
    default: nil
    }
  }
}

/// The system's reason for a failed file operation, printed as the cause.
struct SystemReason: Error, Diagnosable {
  let reason: String
  var diagnostics: [Diagnostic] { [.error(reason)] }
}
