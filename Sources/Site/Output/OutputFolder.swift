import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The output folder, written through a staging folder that replaces it only on success.
///
/// `public/` is built in `.public.bookgen-staging` next to it; `commit()` renames the old output to
/// `.public.bookgen-old`, the staging folder to `public/`, and deletes the old one. A build that
/// fails calls `discard()` and the previous output stays untouched.
struct OutputFolder: Sendable {
  /// Absolute, standardised path of the final output folder.
  let output: String
  /// Where pages are written during the build.
  let staging: String
  let trash: String

  init(path: String, currentDirectory: String = FileManager.default.currentDirectoryPath) throws(SiteError) {
    let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
    let standardized = (absolute as NSString).standardizingPath
    let name = (standardized as NSString).lastPathComponent
    guard standardized != "/", !name.isEmpty, name != ".", name != ".." else {
      throw .invalidOutputDirectory(path)
    }
    let parent = (standardized as NSString).deletingLastPathComponent
    output = standardized
    staging = parent + "/." + name + ".bookgen-staging"
    trash = parent + "/." + name + ".bookgen-old"
  }

  /// Creates an empty staging folder (removing one left by an interrupted build).
  func prepare() throws(SiteError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), !isDirectory.boolValue {
      throw .invalidOutputDirectory(output)
    }
    try remove(staging)
    try remove(trash)
    do {
      try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
    } catch {
      throw .io(operation: "create folder", path: staging, reason: error.localizedDescription)
    }
  }

  /// Swaps the staging folder into place.
  func commit() throws(SiteError) {
    let hadOutput = FileManager.default.fileExists(atPath: output)
    if hadOutput {
      try rename(output, trash)
    }
    do {
      try rename(staging, output)
    } catch {
      if hadOutput { try? rename(trash, output) }
      throw error
    }
    try remove(trash)
  }

  /// Throws the staging folder away, leaving the previous output as it was.
  func discard() {
    try? remove(staging)
  }

  /// The absolute file path for a site path inside `root`, refusing anything that could escape it.
  static func filePath(for path: SitePath, in root: String) throws(SiteError) -> String {
    let components = path.relativeFilePath
    for component in components where !isSafeComponent(component) {
      throw .pathOutsideOutput(components.joined(separator: "/"))
    }
    // Every component is a plain name (no separator, no `.`/`..`), so the joined path cannot
    // leave `root`; no file-system call is needed (this runs once per page).
    return root + "/" + components.joined(separator: "/")
  }

  /// One path component: non-empty, not `.`/`..`, no separators, NUL or other controls.
  static func isSafeComponent(_ component: String) -> Bool {
    guard !component.isEmpty, component != ".", component != "..", component.utf8.count <= 255 else {
      return false
    }
    return !component.utf8.contains { $0 < 0x20 || $0 == 0x2F || $0 == 0x5C || $0 == 0x7F }
  }

  private func rename(_ from: String, _ to: String) throws(SiteError) {
    guard Foundation.rename(from, to) == 0 else {
      throw .io(operation: "rename to '\(to)'", path: from, reason: String(cString: strerror(errno)))
    }
  }

  private func remove(_ path: String) throws(SiteError) {
    guard FileManager.default.fileExists(atPath: path) else { return }
    do {
      try FileManager.default.removeItem(atPath: path)
    } catch {
      throw .io(operation: "remove", path: path, reason: error.localizedDescription)
    }
  }
}

/// Writes files with plain POSIX calls (no Foundation overhead per page).
enum FileWriting {
  static func write(_ text: String, to path: String) throws(SiteError) {
    var text = text
    let failure = text.withUTF8 { write(UnsafeRawBufferPointer($0), to: path) }
    if let failure { throw .io(operation: "write", path: path, reason: failure) }
  }

  static func write(bytes: [UInt8], to path: String) throws(SiteError) {
    let failure = bytes.withUnsafeBytes { write($0, to: path) }
    if let failure { throw .io(operation: "write", path: path, reason: failure) }
  }

  /// nil on success, else the system's reason.
  private static func write(_ buffer: UnsafeRawBufferPointer, to path: String) -> String? {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard descriptor >= 0 else { return String(cString: strerror(errno)) }
    defer { close(descriptor) }
    var offset = 0
    while offset < buffer.count {
      let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return String(cString: strerror(errno))
      }
      offset += written
    }
    return nil
  }

  #if canImport(Glibc)
    private static let systemWrite = Glibc.write
  #else
    private static let systemWrite = Darwin.write
  #endif

  /// Creates one folder; an existing folder is fine.
  static func makeDirectory(_ path: String) throws(SiteError) {
    guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
      throw .io(operation: "create folder", path: path, reason: String(cString: strerror(errno)))
    }
  }
}
