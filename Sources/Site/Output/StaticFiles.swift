import Glibc
import Support

/// The site's `static/` folder (next to `catalog.yml`): files copied verbatim to the output root,
/// such as `CNAME`, `_redirects`, `_headers`, verification files or a custom `robots.txt`.
///
/// Every file is checked when the folder is listed and read through `FileFence` (Support's
/// reader): a symbolic link must lead to a file inside the folder, FIFOs, sockets, devices and
/// kernel files are refused, and a file may hold at most `limit`'s bytes.
struct StaticFiles: Sendable {
  static let folderName = "static"
  static let limit = FileLimit(bytes: 100 << 20, what: "a static file")
  /// Generated files a static file may replace (the owner's `robots.txt` wins over bookgen's).
  static let replaceable: Set<String> = ["robots.txt"]

  let folder: String
  /// Relative paths (`.well-known/security.txt`), sorted.
  let paths: [String]
  private let files: Set<String>
  /// Every folder the files lie in (`.well-known`), to find a generated file in the way.
  private let folders: Set<String>
  private let fence: FileFence

  /// Lists the folder; a missing folder (or none) has no files.
  init(folder: String?) throws(SiteError) {
    self.folder = folder ?? ""
    fence = FileFence(folder: self.folder, name: Self.folderName + "/")
    var found: [String] = []
    if let folder, PathKind.of(folder) != .missing {
      // The folder itself may be a link (kept elsewhere); nothing below it may lead out.
      guard PathKind.of(folder, followingLinks: true) == .folder else {
        throw .staticFile(path: Self.folderName, reason: "it is not a folder")
      }
      try Self.collect("", in: fence, into: &found)
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

  /// Real folders are entered; every other entry must be a file `fence` would read.
  private static func collect(_ relative: String, in fence: FileFence, into files: inout [String])
    throws(SiteError)
  {
    let directory = relative.isEmpty ? fence.folder : fence.path(relative)
    guard let names = PathKind.rawNames(in: directory) else {
      throw .staticFile(
        path: relative.isEmpty ? folderName : shown(relative),
        reason: "cannot list it: \(FileSystem.reason())")
    }
    let decoded = names.map { String(decoding: $0, as: UTF8.self) }
    // A name that is not UTF-8, or holds a control character, cannot be a URL path or a manifest line.
    if let bad = zip(names, decoded).first(where: {
      Array($1.utf8) != $0 || !OutputFolder.isSafeComponent($1.utf8)
    }) {
      throw .staticFile(
        path: shown(relative.isEmpty ? bad.1 : relative + "/" + bad.1),
        reason: "its name is not valid UTF-8 or holds a control character or backslash")
    }
    for name in decoded.sorted() {
      let child = relative.isEmpty ? name : relative + "/" + name
      switch PathKind.of(fence.path(child)) {
      case .missing: continue  // removed meanwhile
      case .folder: try collect(child, in: fence, into: &files)
      case .file, .other:
        do { try fence.check(child, limit: limit) } catch {
          throw .staticFile(path: shown(child), reason: error.reason)
        }
        files.append(child)
      }
    }
  }

  /// The file's bytes, read as the listing checked it.
  func bytes(of relative: String) throws(SiteError) -> [UInt8] {
    do { return try fence.read(relative, limit: Self.limit) } catch {
      throw .staticFile(path: Self.shown(relative), reason: error.reason)
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
}

extension SiteBuilder {
  /// The files of a site's `static/` folder, relative (what the output holds verbatim); empty
  /// when the folder is missing or cannot be listed.
  package static func staticFiles(in directory: String) -> [String] {
    (try? StaticFiles(folder: directory).paths) ?? []
  }
}
