import Glibc

/// Lists and reads a templates folder with plain POSIX calls, so the library stays free of
/// dependencies and a folder cannot hang or exhaust a build: a file is opened without blocking
/// (a FIFO would wait for a writer forever), read only when it is a regular file, and never
/// past `TemplateLibrary.fileSizeLimit`, whatever size it claims.
enum TemplateFolder {
  /// The template files below `directory`, by path relative to it; hidden entries and linked
  /// folders are not followed. Nil when there is no folder at that path.
  static func files(in directory: TemplateLibrary.Directory) throws(MustacheError) -> [TemplateLibrary.File]?
  {
    var info = stat()
    guard stat(directory.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
    var files: [TemplateLibrary.File] = []
    var pending = [""]
    while let relative = pending.popLast() {
      let folder = relative.isEmpty ? directory.displayPrefix : shown(relative, in: directory)
      for name in try entries(of: join(directory.path, relative), shownAs: folder) {
        let path = join(relative, name)
        let full = join(directory.path, path)
        guard lstat(full, &info) == 0 else {
          throw systemError("inspect", shownAs: shown(path, in: directory))
        }
        if info.st_mode & S_IFMT == S_IFDIR {
          pending.append(path)
        } else if TemplateLibrary.templateName(ofFile: path) != nil {
          let contents = try read(full, shownAs: shown(path, in: directory))
          files.append(TemplateLibrary.File(path: path, contents: contents))
        }
      }
    }
    return files
  }

  /// The names in `folder`, sorted, without hidden ones (`.`, `..`, `.git`).
  private static func entries(of folder: String, shownAs shown: String) throws(MustacheError) -> [String] {
    guard let stream = opendir(folder) else { throw systemError("list", shownAs: shown) }
    defer { closedir(stream) }
    var names: [String] = []
    while true {
      errno = 0
      guard let entry = readdir(stream) else { break }
      var name = entry.pointee.d_name
      let text = withUnsafeBytes(of: &name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      if !text.hasPrefix(".") { names.append(text) }
    }
    if errno != 0 { throw systemError("list", shownAs: shown) }
    return names.sorted()
  }

  /// The bytes of the regular file at `path`, at most `TemplateLibrary.fileSizeLimit` of them.
  private static func read(_ path: String, shownAs shown: String) throws(MustacheError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else { throw systemError("open", shownAs: shown) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw systemError("inspect", shownAs: shown) }
    if let kind = irregularKind(info.st_mode) {
      throw MustacheError(.unreadable(reason: "it is \(kind), not a regular file"), file: shown)
    }
    let limit = TemplateLibrary.fileSizeLimit
    let tooLarge = MustacheError(
      .unreadable(reason: "it is larger than \(limit >> 20) MiB, the most a template may have"), file: shown)
    guard Int(info.st_size) <= limit else { throw tooLarge }
    // Read to the end, not to the size announced: a file may grow, and /proc files claim 0.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(info.st_size) + 1)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count <= limit {
      let wanted = min(chunk.count, limit + 1 - bytes.count)
      let got = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
      if got < 0, errno == EINTR { continue }
      if got < 0 { throw systemError("read", shownAs: shown) }
      if got == 0 { break }
      bytes.append(contentsOf: chunk[0..<got])
    }
    guard bytes.count <= limit else { throw tooLarge }
    return bytes
  }

  /// What a file of `mode` is when it is not a regular file: `a FIFO (named pipe)`.
  private static func irregularKind(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return "a folder"
    case S_IFIFO: return "a FIFO (named pipe)"
    case S_IFSOCK: return "a socket"
    case S_IFCHR, S_IFBLK: return "a device"
    default: return "a special file"
    }
  }

  /// The failed call and the system's reason, for the file as the user sees it.
  private static func systemError(_ operation: String, shownAs shown: String) -> MustacheError {
    let reason = String(cString: strerror(errno))
    return MustacheError(.unreadable(reason: "cannot \(operation) it: \(reason)"), file: shown)
  }

  /// `path` as errors show it: `templates/partials/cover.mustache`.
  private static func shown(_ path: String, in directory: TemplateLibrary.Directory) -> String {
    TemplateLibrary.join(directory.displayPrefix, path)
  }

  private static func join(_ folder: String, _ name: String) -> String {
    folder.isEmpty ? name : name.isEmpty ? folder : folder + "/" + name
  }
}

private let systemRead = Glibc.read
