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
      case .fileSystemRoot, .homeFolder, .projectFolder, .workingFolder, .containsProtectedFolder:
        self = .protectedFolder
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

/// The system's reason for a failed file operation, printed as the cause.
struct SystemReason: Error, CustomStringConvertible {
  let reason: String
  var description: String { reason }
}
