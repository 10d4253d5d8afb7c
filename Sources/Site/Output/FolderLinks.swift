#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Hard links made by name between folders opened once: the processed covers are tens of
/// thousands of files in a few folders, and walking both full paths was most of each link's
/// cost. For one task at a time; the folders close with it.
final class FolderLinks {
  private var folders: [Substring: Int32] = [:]

  deinit {
    for descriptor in folders.values where descriptor >= 0 { close(descriptor) }
  }

  /// Creates `target` (which must not exist) as a hard link to `source`, both full paths; false
  /// when it cannot (the caller then goes the long way, and reports what fails there).
  func link(_ source: String, to target: String) -> Bool {
    guard let (sourceFolder, sourceName) = split(source), let (targetFolder, targetName) = split(target)
    else { return false }
    let from = folder(sourceFolder)
    let to = folder(targetFolder)
    guard from >= 0, to >= 0 else { return false }
    return linkat(from, String(sourceName), to, String(targetName), 0) == 0
  }

  private func split(_ path: String) -> (Substring, Substring)? {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
    let name = path[path.utf8.index(after: slash)...]
    return name.isEmpty ? nil : (path[..<slash], name)
  }

  /// The folder open for `linkat`, opened on first use; -1 when it cannot be opened.
  private func folder(_ path: Substring) -> Int32 {
    if let descriptor = folders[path] { return descriptor }
    let descriptor = open(String(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    folders[path] = descriptor
    return descriptor
  }
}
