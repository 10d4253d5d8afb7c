import Glibc

/// A folder bookgen was pointed at (a site's `templates/`, the cache), whose files it reads
/// only when they really lie inside it: a symbolic link is followed only to a file inside the
/// folder, so a link to `/proc/self/environ` or `/etc/passwd` is refused rather than published.
///
/// Every read goes through `FileReader`: regular files only, size-capped, never blocking.
/// The folder itself may be a link (a cache kept on another disk); what lies below it may not
/// lead out of it.
package struct FileFence: Sendable {
  /// The folder as given; paths to its files are built from it.
  package let folder: String
  /// How messages name the folder: `templates/`, `the cache folder`.
  package let name: String

  package init(folder: String, name: String) {
    self.folder = folder
    self.name = name
  }

  /// `folder/relative`.
  package func path(_ relative: String) -> String {
    folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
  }

  /// The bytes of the file at `relative` (a path below the folder, `/`-separated).
  package func read(_ relative: String, limit: FileLimit) throws(FileReadError) -> [UInt8] {
    let descriptor = try openFile(relative)
    defer { close(descriptor) }
    return try FileReader.read(descriptor: descriptor, path: path(relative), limit: limit)
  }

  /// `read`, with the stamp of the file read.
  package func readStamped(_ relative: String, limit: FileLimit) throws(FileReadError) -> (
    bytes: [UInt8], stamp: FileStamp
  ) {
    let descriptor = try openFile(relative)
    defer { close(descriptor) }
    let info = try FileReader.status(descriptor: descriptor, path: path(relative), limit: limit)
    return (try FileReader.read(descriptor: descriptor, path: path(relative), limit: limit), FileStamp(info))
  }

  /// Fails as `read` would (missing, a link out of the folder, not a regular file, too large),
  /// without reading: for checking a folder's files before anything is done with them. Gives
  /// the file's stamp, so that what checked it can tell later whether it changed.
  @discardableResult
  package func check(_ relative: String, limit: FileLimit) throws(FileReadError) -> FileStamp {
    let descriptor = try openFile(relative)
    defer { close(descriptor) }
    return FileStamp(try FileReader.status(descriptor: descriptor, path: path(relative), limit: limit))
  }

  /// `folder/relative` opened as it is when no folder below `folder` on the way is a symbolic
  /// link (checked with one `lstat` each; the file itself is refused by `O_NOFOLLOW`, an
  /// `lstat` fewer), else its real path, which must lie inside the folder's real path.
  private func openFile(_ relative: String) throws(FileReadError) -> Int32 {
    let path = path(relative)
    let components = relative.split(separator: "/", omittingEmptySubsequences: false)
    if !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }),
      try !hasLinkedFolder(components.dropLast(), path: path)
    {
      let descriptor = open(path, FileReader.openFlags | O_NOFOLLOW)
      if descriptor >= 0 { return descriptor }
      if errno == ENOENT || errno == ENOTDIR { throw FileReadError(path: path, problem: .notFound) }
      // ELOOP: the file itself is a link, resolved below.
      guard errno == ELOOP else { throw FileReader.openError(path: path, errno: errno) }
    }
    guard let real = PathKind.realPath(path) else { throw FileReader.openError(path: path, errno: errno) }
    guard let root = PathKind.realPath(folder), real.hasPrefix(root == "/" ? "/" : root + "/") else {
      var info = stat()
      let isLink = lstat(path, &info) == 0 && FileKind(mode: info.st_mode) == .symbolicLink
      throw FileReadError(path: path, problem: isLink ? .linkOutside(folder: name) : .outside(folder: name))
    }
    // The real path holds no link below the folder: a link appearing there now is refused by
    // O_NOFOLLOW instead of followed.
    let descriptor = open(real, FileReader.openFlags | O_NOFOLLOW)
    guard descriptor >= 0 else {
      if errno == ELOOP { throw FileReadError(path: path, problem: .linkOutside(folder: name)) }
      throw FileReader.openError(path: path, errno: errno)
    }
    return descriptor
  }

  /// Whether one of the folders `components` name below the folder is a symbolic link.
  private func hasLinkedFolder(_ components: ArraySlice<Substring>, path: String) throws(FileReadError)
    -> Bool
  {
    var prefix = folder
    for component in components {
      prefix += "/" + component
      var info = stat()
      guard lstat(prefix, &info) == 0 else {
        if errno == ENOENT || errno == ENOTDIR { throw FileReadError(path: path, problem: .notFound) }
        throw FileReadError(path: path, problem: .system(operation: "inspect", errno: errno))
      }
      if FileKind(mode: info.st_mode) == .symbolicLink { return true }
    }
    return false
  }

  /// Every entry below the folder that is not a folder, relative and sorted; `[]` when the
  /// folder does not exist. A link to a folder is an error (`.linkedFolder`), never a silent
  /// skip: its files would lie elsewhere, and the owner who linked it expects them read.
  /// Links to files, FIFOs and the like are listed, so that reading them reports why they are
  /// refused. With `skippingHidden`, names starting with `.` are left out (and not entered).
  package func files(skippingHidden: Bool) throws(FileReadError) -> [String] {
    var files: [String] = []
    try collect("", into: &files, skippingHidden: skippingHidden)
    return files.sorted()
  }

  private func collect(_ relative: String, into files: inout [String], skippingHidden: Bool)
    throws(FileReadError)
  {
    let directory = relative.isEmpty ? folder : path(relative)
    guard let names = PathKind.names(in: directory) else {
      if relative.isEmpty && (errno == ENOENT || errno == ENOTDIR) { return }
      throw FileReadError(path: directory, problem: .system(operation: "list", errno: errno))
    }
    for name in names where !(skippingHidden && name.hasPrefix(".")) {
      let child = relative.isEmpty ? name : relative + "/" + name
      var info = stat()
      guard lstat(path(child), &info) == 0 else {
        if errno == ENOENT { continue }  // removed meanwhile
        throw FileReadError(path: path(child), problem: .system(operation: "inspect", errno: errno))
      }
      switch FileKind(mode: info.st_mode) {
      case .directory:
        try collect(child, into: &files, skippingHidden: skippingHidden)
      case .symbolicLink:
        var target = stat()
        if stat(path(child), &target) == 0, FileKind(mode: target.st_mode) == .directory {
          throw FileReadError(path: path(child), problem: .linkedFolder)
        }
        files.append(child)
      default:
        files.append(child)
      }
    }
  }
}
