import Glibc
import Support

/// The few POSIX calls the output writer makes, without Foundation overhead per file.
///
/// Files are never rewritten in place: the two output trees share unchanged files as hard
/// links, so a changed file is unlinked and created anew, which leaves the other tree's copy
/// untouched.
enum FileSystem {
  /// The system's text for `errno`.
  static func reason(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

  /// Creates `path` (which must not exist) holding `buffer`; nil on success, else the reason.
  static func create(_ path: String, _ buffer: UnsafeRawBufferPointer) -> String? {
    let descriptor = createFile(path)
    guard descriptor >= 0 else { return reason() }
    if let failure = FileDescriptors.writeAll(descriptor, buffer) {
      close(descriptor)
      return reason(failure)
    }
    return close(descriptor) == 0 ? nil : reason()
  }

  /// A new file at `path` (which must not exist) open for writing; -1 on failure (see `errno`).
  static func createFile(_ path: String) -> Int32 {
    open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
  }

  /// Replaces whatever is at `path` with a new file holding `bytes`.
  static func replace(_ path: String, with buffer: UnsafeRawBufferPointer) throws(SiteError) {
    try remove(path)
    if let failure = create(path, buffer) { throw .io(operation: "write", path: path, reason: failure) }
  }

  /// Replaces the file at `path` with one holding `bytes` in one step: written under a
  /// temporary name beside it, then renamed over it, so a reader sees the old file or the new.
  static func replaceAtomically(_ path: String, with buffer: UnsafeRawBufferPointer) throws(SiteError) {
    let temporary = path + ".bookgen-tmp"
    try replace(temporary, with: buffer)
    try rename(temporary, path)
  }

  /// Creates `path` (which must not exist) as a hard link to `source`; false when the file
  /// system cannot link (the caller then writes a copy).
  static func link(_ source: String, to path: String) -> Bool {
    systemLink(source, path) == 0
  }

  /// Removes a file; a missing one is fine.
  static func remove(_ path: String) throws(SiteError) {
    guard unlink(path) == 0 || errno == ENOENT else {
      throw .io(operation: "remove", path: path, reason: reason())
    }
  }

  /// Removes an empty folder; a missing or non-empty one is left alone.
  static func removeFolderIfEmpty(_ path: String) {
    _ = rmdir(path)
  }

  /// Creates one folder; an existing folder is fine.
  static func makeFolder(_ path: String) throws(SiteError) {
    guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
      throw .io(operation: "create folder", path: path, reason: reason())
    }
  }

  /// Creates a folder and any missing parents.
  static func makeFolders(_ path: String) throws(SiteError) {
    var current = ""
    for part in path.split(separator: "/") {
      current += "/" + part
      try makeFolder(current)
    }
  }

  /// The whole regular file (manifests, the build state), or nil when it cannot be read. Read
  /// into one buffer of the size the file states: appending chunks would grow a large file by
  /// doublings, holding up to three times its size at once.
  static func read(_ path: String) -> [UInt8]? {
    try? FileReader.read(path, limit: FileSystem.readLimit)
  }

  /// The most `read` takes: far above any manifest or state bookgen writes, even for a catalog
  /// of millions of books.
  static let readLimit = FileLimit(bytes: 4 << 30, what: "bookgen's own files beside the output")

  /// The size of the regular file at `path`, or nil.
  static func size(of path: String) -> Int? {
    var info = stat()
    guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  /// Whether the folder has no entry besides `.` and `..`; false when it cannot be read.
  static func isEmptyFolder(_ path: String) -> Bool {
    PathKind.rawNames(in: path)?.isEmpty ?? false
  }

  static func rename(_ from: String, _ to: String) throws(SiteError) {
    guard systemRename(from, to) == 0 else {
      throw .io(operation: "rename to '\(to)'", path: from, reason: reason())
    }
  }

  /// Swaps two folders atomically (`renameat2(RENAME_EXCHANGE)`); false when the system
  /// cannot, so the caller renames in steps.
  static func exchange(_ first: String, _ second: String) -> Bool {
    guard let renameat2 = renameat2 else { return false }
    let renameExchange: UInt32 = 2  // RENAME_EXCHANGE in <linux/fs.h>
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, renameExchange) == 0
  }

  private typealias RenameAt2 =
    @convention(c) (
      Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
    ) -> Int32
  /// glibc (2.28+) exports `renameat2`, but Swift's Glibc module does not import it.
  private static let renameat2: RenameAt2? = {
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else { return nil }
    return unsafeBitCast(symbol, to: RenameAt2.self)
  }()
  private static let systemRename = Glibc.rename
  private static let systemLink = Glibc.link
}

extension Array where Element == UInt8 {
  /// `withUnsafeBytes` keeping the body's typed error (the standard one rethrows `any Error`).
  func withSiteBytes<Result>(_ body: (UnsafeRawBufferPointer) throws(SiteError) -> Result) throws(SiteError)
    -> Result
  {
    let outcome: Swift.Result<Result, SiteError> = withUnsafeBytes { buffer in
      Swift.Result { () throws(SiteError) in try body(buffer) }
    }
    return try outcome.get()
  }
}
