#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The site's `static/` folder (next to `catalog.yml`): files copied verbatim to the output root,
/// such as `CNAME`, `_redirects`, `_headers`, verification files or a custom `robots.txt`.
///
/// Only regular files inside the folder are read: a symbolic link must lead to a file inside it,
/// FIFOs, sockets and devices are refused, and a file may hold at most `sizeLimit` bytes.
// A focused reader until Support's general one (FileFence) lands; then listing and `bytes(of:)` can use it.
struct StaticFiles: Sendable {
  static let folderName = "static"
  static let sizeLimit = 100 << 20
  /// Generated files a static file may replace (the owner's `robots.txt` wins over bookgen's).
  static let replaceable: Set<String> = ["robots.txt"]

  let folder: String
  /// Relative paths (`.well-known/security.txt`), sorted.
  let paths: [String]
  private let files: Set<String>
  /// Every folder the files lie in (`.well-known`), to find a generated file in the way.
  private let folders: Set<String>

  /// Lists the folder; a missing folder (or none) has no files.
  init(folder: String?) throws(SiteError) {
    self.folder = folder ?? ""
    var info = stat()
    var found: [String] = []
    if let folder, lstat(folder, &info) == 0 {
      // The folder itself may be a link (kept elsewhere); nothing below it may lead out.
      guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
        throw .staticFile(path: Self.folderName, reason: "it is not a folder")
      }
      try Self.collect("", in: folder, root: Self.realPath(folder) ?? folder, into: &found, depth: 0)
    }
    paths = found.sorted()
    files = Set(paths)
    var folders: Set<String> = []
    for path in paths {
      var current = path[...]
      while let slash = current.lastIndex(of: "/") {
        current = current[..<slash]
        guard folders.insert(String(current)).inserted else { break }
      }
    }
    self.folders = folders
  }

  /// `static/name`, as messages show it.
  static func shown(_ relative: String) -> String { folderName + "/" + relative }

  private static func collect(
    _ relative: String, in folder: String, root: String, into files: inout [String], depth: Int
  ) throws(SiteError) {
    let directory = relative.isEmpty ? folder : folder + "/" + relative
    guard depth < 64, let stream = opendir(directory) else {
      throw .staticFile(
        path: relative.isEmpty ? folderName : shown(relative),
        reason: depth < 64 ? "cannot list it: \(FileSystem.reason())" : "folders nest too deep")
    }
    var names: [String] = []
    var badName: String?
    while let entry = readdir(stream) {
      let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      let name = String(decoding: bytes, as: UTF8.self)
      if name == "." || name == ".." { continue }
      // A name that is not UTF-8, or holds a control character, cannot be a URL path or a manifest line.
      if Array(name.utf8) != bytes || !OutputFolder.isSafeComponent(name) { badName = badName ?? name }
      names.append(name)
    }
    closedir(stream)
    if let badName {
      let child = relative.isEmpty ? badName : relative + "/" + badName
      throw .staticFile(
        path: shown(child), reason: "its name is not valid UTF-8 or holds a control character or backslash")
    }
    for name in names.sorted() {
      let child = relative.isEmpty ? name : relative + "/" + name
      var info = stat()
      guard lstat(folder + "/" + child, &info) == 0 else { continue }  // removed meanwhile
      switch info.st_mode & S_IFMT {
      case S_IFDIR:
        try collect(child, in: folder, root: root, into: &files, depth: depth + 1)
      case S_IFREG:
        files.append(child)
      case S_IFLNK:
        _ = try linkTarget(child, in: folder, root: root)
        files.append(child)
      default:
        throw .staticFile(path: shown(child), reason: "it is not a regular file (a FIFO, socket or device)")
      }
    }
  }

  /// The real path of the link at `relative`, which must be a regular file inside the folder.
  private static func linkTarget(_ relative: String, in folder: String, root: String) throws(SiteError)
    -> String
  {
    guard let real = realPath(folder + "/" + relative) else {
      throw .staticFile(path: shown(relative), reason: "it is a symbolic link to nothing")
    }
    guard real.hasPrefix(root == "/" ? "/" : root + "/") else {
      throw .staticFile(path: shown(relative), reason: "it is a symbolic link to a file outside static/")
    }
    var info = stat()
    guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw .staticFile(
        path: shown(relative),
        reason: "it is a symbolic link to a folder or special file; only files are copied")
    }
    return real
  }

  /// The file's bytes: opened without following a final link (the target was checked when
  /// listing), without blocking on a FIFO swapped in meanwhile, checked regular and within the limit.
  func bytes(of relative: String) throws(SiteError) -> [UInt8] {
    let root = Self.realPath(folder) ?? folder
    var info = stat()
    var path = folder + "/" + relative
    if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
      path = try Self.linkTarget(relative, in: folder, root: root)
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW)
    guard descriptor >= 0 else {
      throw .staticFile(path: Self.shown(relative), reason: "cannot open it: \(FileSystem.reason())")
    }
    defer { close(descriptor) }
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw .staticFile(
        path: Self.shown(relative), reason: "it is not a regular file (a FIFO, socket or device)")
    }
    let tooLarge = SiteError.staticFile(
      path: Self.shown(relative), reason: "it is larger than 100 MiB, the most bookgen copies from static/")
    guard Int(info.st_size) <= Self.sizeLimit else { throw tooLarge }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(info.st_size))
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        throw .staticFile(path: Self.shown(relative), reason: "cannot read it: \(FileSystem.reason())")
      }
      if count == 0 { return bytes }
      bytes += chunk[0..<count]
      // The size may have lied (the file grew): never more than the limit.
      guard bytes.count <= Self.sizeLimit else { throw tooLarge }
    }
  }

  /// Each file's path with its size, times and inode (links followed), for the build
  /// fingerprint: a changed, added or removed file changes it without reading any bytes.
  func identity() -> [String] {
    paths.map { path in
      var info = stat()
      guard stat(folder + "/" + path, &info) == 0 else { return path + " -" }
      return "\(path) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) "
        + "\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec) \(info.st_dev):\(info.st_ino)"
    }
  }

  /// The static file a generated file at `generated` would clash with: the same path (unless
  /// replaceable), a static file where the generated one needs a folder, or static files
  /// inside a folder where the generated one is a file.
  func collision(with generated: String) -> String? {
    if files.contains(generated) { return Self.replaceable.contains(generated) ? nil : generated }
    if folders.contains(generated) { return paths.first { $0.hasPrefix(generated + "/") } }
    var current = generated[...]
    while let slash = current.lastIndex(of: "/") {
      current = current[..<slash]
      if files.contains(String(current)) { return String(current) }
    }
    return nil
  }

  /// Whether a static file takes the place of the generated one at `path`.
  func replaces(_ path: String) -> Bool {
    Self.replaceable.contains(path) && files.contains(path)
  }

  /// Fails on the first generated path a static file clashes with, in path order.
  func checkCollisions(with generated: some Sequence<String>) throws(SiteError) {
    guard !paths.isEmpty else { return }
    for path in generated.sorted() {
      if let clash = collision(with: path) {
        throw .staticCollision(path: Self.shown(clash), generated: path)
      }
    }
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}

extension SiteBuilder {
  /// The files of a site's `static/` folder, relative (what the output holds verbatim); empty
  /// when the folder is missing or cannot be listed.
  public static func staticFiles(in directory: String) -> [String] {
    (try? StaticFiles(folder: directory).paths) ?? []
  }
}
