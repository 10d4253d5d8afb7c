import Foundation
import Testing

@testable import Support

/// The one rule for removing folders, and the fence it shares with the build's output check.
@Suite struct FolderRemovalTests {
  /// `root/home/project` (holding a file), `root/home/project/site`, `root/elsewhere`.
  private func layout() throws -> (root: String, fence: FolderFence) {
    let root = NSTemporaryDirectory() + "bookgen-removal-" + UUID().uuidString
    for folder in ["/home/project/site/books", "/elsewhere"] {
      try FileManager.default.createDirectory(atPath: root + folder, withIntermediateDirectories: true)
    }
    try Data("mine".utf8).write(to: URL(fileURLWithPath: root + "/home/project/catalog.yml"))
    try Data("<html>".utf8).write(to: URL(fileURLWithPath: root + "/home/project/site/books/index.html"))
    return (root, FolderFence(project: root + "/home/project", home: root + "/home", workingDirectory: "/"))
  }

  @Test func fencedFoldersAndTheirParents() throws {
    let (root, fence) = try layout()
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(fence.protection(of: "/") == .fileSystemRoot)
    #expect(fence.protection(of: root + "/home") == .homeFolder)
    #expect(fence.protection(of: root + "/home/project/site/..") == .projectFolder)
    #expect(fence.protection(of: root + "/home/project/") == .projectFolder)
    #expect(fence.protection(of: root) == .holdsProtectedFolder)
    #expect(fence.protection(of: root + "/home/project/site") == nil)
    #expect(fence.protection(of: root + "/home/project/missing/deeper") == nil)
    // A link is judged by where it leads.
    try FileManager.default.createSymbolicLink(
      atPath: root + "/elsewhere/link", withDestinationPath: root + "/home")
    #expect(fence.protection(of: root + "/elsewhere/link") == .homeFolder)
    #expect(fence.isInsideProject(root + "/home/project/site"))
    #expect(fence.isInsideProject(root + "/home/project/not-yet"))
    #expect(!fence.isInsideProject(root + "/home/project"))
    #expect(!fence.isInsideProject(root + "/home/project/../elsewhere"))
    #expect(!fence.isInsideProject(root + "/home/project-two"))
  }

  @Test func refusalsComeInOrder() throws {
    let (root, fence) = try layout()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let ours = { (_: String) in true }
    func refusal(
      _ path: String, _ scope: FolderRemoval.Scope = .insideProject, isOurs: (String) -> Bool = ours
    )
      -> FolderRemoval.Refusal?
    {
      do {
        _ = try FolderRemoval.check(path, fence: fence, scope: scope, isOurs: isOurs)
        return nil
      } catch {
        guard case .refused(_, let refusal) = error else { return nil }
        return refusal
      }
    }
    #expect(refusal(root + "/home", .anywhere) == .protected(.homeFolder))
    #expect(refusal(root + "/home/project/catalog.yml") == .notAFolder)
    #expect(refusal(root + "/elsewhere") == .outsideProject)
    #expect(refusal(root + "/elsewhere", .anywhere) == nil)
    #expect(refusal(root + "/home/project/site", isOurs: { _ in false }) == .notOurs)
    #expect(
      try FolderRemoval.check(root + "/home/project/gone", fence: fence, scope: .insideProject, isOurs: ours)
        == false)
  }

  @Test func removalNeverFollowsALinkAndTakesTheMarkerLast() throws {
    let (root, fence) = try layout()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let site = root + "/home/project/site"
    try Data("keep".utf8).write(to: URL(fileURLWithPath: root + "/elsewhere/precious.txt"))
    try FileManager.default.createSymbolicLink(
      atPath: site + "/books/away", withDestinationPath: root + "/elsewhere")
    try Data("marker".utf8).write(to: URL(fileURLWithPath: site + "/.marker"))
    // Cut short: a folder that cannot be emptied keeps the marker, so it is still recognised.
    try FileManager.default.createDirectory(atPath: site + "/locked/inner", withIntermediateDirectories: true)
    chmod(site + "/locked", 0o500)
    let denied = getuid() != 0
    if denied {
      #expect(throws: FolderRemoval.Failure.self) {
        try FolderRemoval.remove(site, fence: fence, scope: .insideProject, markerLast: ".marker") { _ in true
        }
      }
      #expect(FileManager.default.fileExists(atPath: site + "/.marker"))
    }
    chmod(site + "/locked", 0o755)
    #expect(
      try FolderRemoval.remove(site, fence: fence, scope: .insideProject, markerLast: ".marker") { _ in true }
    )
    #expect(!FileManager.default.fileExists(atPath: site))
    #expect(FileManager.default.fileExists(atPath: root + "/elsewhere/precious.txt"))
  }
}
