import Glibc

/// Why a file bookgen was pointed at was not read: it is missing, not a regular file, outside
/// its folder, too large, or the system refused. `reason` completes "cannot read X: …".
package struct FileReadError: Error, Sendable, Equatable, CustomStringConvertible {
  package enum Problem: Sendable, Equatable {
    case notFound
    /// A symbolic link whose target does not exist.
    case brokenLink
    /// A folder, FIFO, socket or device.
    case notRegular(FileKind)
    /// A file of a kernel file system (`/proc`, `/sys`): its size and contents are not a file's.
    case kernelFile
    /// The path's last component is a symbolic link to a file outside the folder (named as in messages).
    case linkOutside(folder: String)
    /// The path leads outside the folder through a linked folder or `..`.
    case outside(folder: String)
    /// A symbolic link to a folder, inside a folder whose files are listed: its files are
    /// never read (they would lie elsewhere, or twice), so listing it is an error, not a skip.
    case linkedFolder
    /// Larger than the limit (`FileLimit.bytes`); `what` names the kind of file.
    case tooLarge(limit: Int, what: String)
    /// A system call failed with `errno`.
    case system(operation: String, errno: Int32)
  }

  /// The path as it was asked for (not the resolved one).
  package var path: String
  package var problem: Problem

  /// `it is a FIFO (named pipe), not a regular file`: what follows "cannot read X: ".
  package var reason: String {
    switch problem {
    case .notFound: "it does not exist"
    case .brokenLink: "it is a symbolic link to a file that does not exist"
    case .notRegular(let kind): "it is \(kind.description), not a regular file"
    case .kernelFile: "it is a kernel file (in /proc or /sys), not a regular file"
    case .linkOutside(let folder): "it is a symbolic link to a file outside \(folder)"
    case .outside(let folder): "it lies outside \(folder) (through a linked folder)"
    case .linkedFolder:
      "it is a symbolic link to a folder, and linked folders are not read (copy the folder in, or link each file)"
    case .tooLarge(let limit, let what):
      "it is larger than \(ByteCount.text(limit)), the most bookgen reads for \(what)"
    case .system(let operation, let code): "cannot \(operation) it: \(String(cString: strerror(code)))"
    }
  }

  package var description: String { "cannot read \(path): \(reason)" }
}

/// What kind of file a mode says it is.
package enum FileKind: Sendable, Equatable, CustomStringConvertible {
  case regular, directory, symbolicLink, fifo, socket, characterDevice, blockDevice, unknown

  package init(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFREG: self = .regular
    case S_IFDIR: self = .directory
    case S_IFLNK: self = .symbolicLink
    case S_IFIFO: self = .fifo
    case S_IFSOCK: self = .socket
    case S_IFCHR: self = .characterDevice
    case S_IFBLK: self = .blockDevice
    default: self = .unknown
    }
  }

  package var description: String {
    switch self {
    case .regular: "a regular file"
    case .directory: "a folder"
    case .symbolicLink: "a symbolic link"
    case .fifo: "a FIFO (named pipe)"
    case .socket: "a socket"
    case .characterDevice: "a character device"
    case .blockDevice: "a block device"
    case .unknown: "a special file"
    }
  }
}

/// The most bytes read from one kind of file, and how messages name that kind.
package struct FileLimit: Sendable, Equatable {
  package var bytes: Int
  /// `a template`, `a cache entry`: completes "the most bookgen reads for …".
  package var what: String

  package init(bytes: Int, what: String) {
    self.bytes = bytes
    self.what = what
  }
}
