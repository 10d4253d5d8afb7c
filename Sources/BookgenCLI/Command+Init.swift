import Foundation
import Site

extension CommandContext {
  /// `bookgen init [DIR]`: writes a new site's catalog.yml and .gitignore, then prints next steps.
  func initialize() throws {
    let folder = OutputFolder(path: environment.resolve(options.directory))
    let name = options.directory
    if folder.exists, !folder.isDirectory {
      throw CommandError.fileSystem(
        operation: "create the site in", path: name, underlying: CocoaError(.fileWriteFileExists))
    }
    // A fresh `git init` leaves .git behind; that folder is still a good place for a new site.
    if !options.force, !folder.entries().filter({ $0 != ".git" }).isEmpty {
      throw CommandError.directoryNotEmpty(name)
    }
    let catalogPath = (folder.path as NSString).appendingPathComponent("catalog.yml")
    let gitignorePath = (folder.path as NSString).appendingPathComponent(".gitignore")
    do {
      try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
      try Data(Scaffold.catalog.utf8).write(to: URL(fileURLWithPath: catalogPath), options: .atomic)
      try Data(gitignore(existing: gitignorePath).utf8).write(
        to: URL(fileURLWithPath: gitignorePath), options: .atomic)
    } catch {
      throw CommandError.fileSystem(operation: "write the new site into", path: name, underlying: error)
    }
    if options.copyTemplates {
      let templates = (folder.path as NSString).appendingPathComponent("templates")
      do {
        _ = try DefaultThemeFiles.write(to: templates)
      } catch {
        throw CommandError.fileSystem(
          operation: "copy the default templates into", path: name, underlying: error)
      }
    }
    guard options.verbosity > .quiet else { return }
    console.print(nextSteps(for: name, templates: options.copyTemplates))
  }

  /// The existing .gitignore with bookgen's lines appended where missing: never loses the user's.
  private func gitignore(existing path: String) -> String {
    var text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    let present = Set(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
    for line in Scaffold.gitignoreLines where !present.contains(line) && !present.contains("/" + line) {
      if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
      text += line + "\n"
    }
    return text
  }

  private func nextSteps(for name: String, templates: Bool) -> String {
    var steps = name == "." ? [] : [("cd \(name)", "")]
    steps += [
      ("export GOOGLE_BOOKS_API_KEY=...", "a Google Books API key (see the README)"),
      ("bookgen check", "validate catalog.yml"),
      ("bookgen build", "fetch the books and write the site into public/"),
      ("bookgen serve", "preview it at http://127.0.0.1:8000/"),
    ]
    let lines = steps.map { command, comment in
      comment.isEmpty
        ? "  \(command)" : "  " + command + String(repeating: " ", count: 34 - command.count) + comment
    }
    var files = [
      "  catalog.yml   collections to fetch from Google Books, and your notes",
      "  .gitignore    keeps public/ and .bookgen-cache/ out of git",
    ]
    if templates {
      files.append("  templates/    the default theme to edit; a deleted file falls back to the default")
    }
    return (["Created a new bookgen site in '\(name)':"] + files + ["", "Next steps:"] + lines)
      .joined(separator: "\n")
  }
}
