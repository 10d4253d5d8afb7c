import Catalog
import Foundation
import Site
import Support

extension CommandContext {
  /// `bookgen init [DIR]`: writes what a new site is missing (the starter or the example catalog,
  /// the example's recorded cache, the default theme, `.gitignore` lines), never replacing a file,
  /// then lists what it wrote, what it kept and the next steps.
  func initialize(_ options: InitCommandOptions) throws {
    let path = environment.resolve(options.directory)
    let name = options.directory
    // A link to a folder is a folder to write into, as the owner would expect.
    let kind = PathKind.of(path, followingLinks: true)
    if kind == .file || kind == .other {
      throw CommandError.fileSystem(
        operation: "create the site in", path: name, underlying: CocoaError(.fileWriteFileExists))
    }
    let catalogPath = (path as NSString).appendingPathComponent("catalog.yml")
    // A folder that holds a catalog is a site: `--ci` adds its workflow without --force.
    let isSite = options.ci != nil && PathKind.of(catalogPath) == .file
    // A fresh `git init` leaves .git behind; that folder is still a good place for a new site.
    if !options.force, !isSite, !(PathKind.names(in: path) ?? []).filter({ $0 != ".git" }).isEmpty {
      throw CommandError.directoryNotEmpty(name)
    }
    var files: [(path: String, bytes: [UInt8])] = [
      ("catalog.yml", Array((options.example ? ExampleSite.catalog : Scaffold.catalog).utf8))
    ]
    if options.example { files += ExampleSite.cacheFiles }
    var pin: ReleasePin?
    if let host = options.ci {
      let workflow = try ciWorkflow(for: host, catalog: catalogPath, shownAs: name)
      pin = workflow.pin
      files.append((host.path, Array(workflow.text.utf8)))
    }
    var outcome: NewFiles.Outcome
    let addedLines: [String]
    do {
      outcome = try NewFiles.write(files, into: path)
      let gitignore = (path as NSString).appendingPathComponent(".gitignore")
      let existed = FileManager.default.fileExists(atPath: gitignore)
      addedLines = try NewFiles.appendMissingLines(
        options.example ? ExampleSite.gitignoreLines : Scaffold.gitignoreLines, to: gitignore)
      if !existed {
        outcome.written.append(".gitignore")
      } else if addedLines.isEmpty {
        outcome.kept.append(".gitignore")
      }
    } catch {
      throw CommandError.fileSystem(operation: "write the new site into", path: name, underlying: error)
    }
    var templates = NewFiles.Outcome()
    if options.copyTemplates {
      do {
        templates = try DefaultThemeFiles.write(
          to: (path as NSString).appendingPathComponent("templates"))
      } catch {
        throw CommandError.fileSystem(
          operation: "copy the default templates into", path: name, underlying: error)
      }
    }
    guard options.verbosity.level > .quiet else { return }
    var report = InitReport(
      name: name, example: options.example, site: outcome, gitignoreLines: addedLines, templates: templates,
      ci: options.ci, pin: pin)
    // The owner's own .gitignore may keep the example's recorded cache out of a clone.
    let gitignore = (path as NSString).appendingPathComponent(".gitignore")
    let lines = ((try? String(contentsOfFile: gitignore, encoding: .utf8)) ?? "").split(
      whereSeparator: \.isNewline)
    report.ignoresExampleCache =
      options.example
      && lines.contains {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: " /")) == ExampleSite.cacheFolder
      }
    console.print(report.text)
  }

  /// The workflow for `host`, pinned to this bookgen, keeping the cache folder the catalog
  /// names (a catalog already there may name its own; a new one uses the default).
  private func ciWorkflow(
    for host: CIHost, catalog: String, shownAs name: String
  ) throws -> (text: String, pin: ReleasePin) {
    let site = (catalog as NSString).deletingLastPathComponent
    var cacheFolder = ExampleSite.cacheFolder
    if PathKind.of(catalog) == .file {
      let shown = name == "." ? "catalog.yml" : (name as NSString).appendingPathComponent("catalog.yml")
      let folder = try CatalogLoader.load(path: catalog, shownAs: shown).cacheDirectory
      cacheFolder = folder.hasPrefix(site + "/") ? String(folder.dropFirst(site.count + 1)) : folder
    }
    let pin: ReleasePin
    do {
      pin = try ReleasePin.current(executable: environment.executable)
    } catch {
      throw CommandError.fileSystem(operation: "read", path: environment.executable, underlying: error)
    }
    return (CIWorkflow.text(for: host, pin: pin, cacheFolder: cacheFolder), pin)
  }
}

/// What `bookgen init` prints: the files it wrote, those it kept, and the next steps.
struct InitReport {
  let name: String
  let example: Bool
  let site: NewFiles.Outcome
  /// Lines added to an existing `.gitignore`.
  let gitignoreLines: [String]
  let templates: NewFiles.Outcome
  /// `--ci`'s host, and what its workflow installs.
  var ci: CIHost? = nil
  var pin: ReleasePin? = nil
  /// The site's `.gitignore` leaves the example's recorded cache out of git.
  var ignoresExampleCache = false

  var text: String {
    var lines: [String] = []
    let written = writtenRows
    let kept = keptRows
    if kept.isEmpty {
      lines.append("Created a new bookgen \(example ? "example site" : "site") in '\(name)':")
    } else if written.isEmpty {
      lines.append("Nothing to add to '\(name)': it has every file of a new site.")
    } else {
      lines.append("Added to the site in '\(name)':")
    }
    let width = max(17, (written.map(\.0.count).max() ?? 0) + 2)
    lines += written.map { Self.row($0, width: width) }
    if !kept.isEmpty {
      lines.append("Kept as they are (bookgen init never replaces a file):")
      lines += kept.map { "  " + $0 }
    }
    if ignoresExampleCache {
      lines.append("Your .gitignore keeps \(ExampleSite.cacheFolder)/ out of git: a clone (and CI) will not")
      lines.append("  have the example's recorded answers; remove that line to commit them.")
    }
    if let ci, site.written.contains(ci.path), pin?.repository == nil {
      lines.append("This bookgen does not know the GitHub repository it is released from:")
      lines.append("  set BOOKGEN_REPO in \(ci.path) to its owner/name.")
    }
    return (lines + ["", "Next steps:"] + nextSteps.map { Self.row($0, width: 34) }).joined(separator: "\n")
  }

  /// `(name, what it is)` for every file or folder written.
  private var writtenRows: [(String, String)] {
    var rows: [(String, String)] = []
    if site.written.contains("catalog.yml") {
      rows.append(
        example
          ? ("catalog.yml", "the example catalog: real books, with notes in Markdown")
          : ("catalog.yml", "collections to fetch, and your notes"))
    }
    if site.written.contains(where: { $0.hasPrefix(ExampleSite.cacheFolder + "/") }) {
      rows.append((ExampleSite.cacheFolder + "/", "recorded answers of both sources: builds offline, no key"))
    }
    if site.written.contains(".gitignore") {
      rows.append(
        example
          ? (".gitignore", "keeps the built site out of git; the recorded cache is committed")
          : (".gitignore", "keeps the built site and the fetch cache out of git"))
    } else if !gitignoreLines.isEmpty {
      rows.append(
        (".gitignore", "added " + gitignoreLines.joined(separator: ", ") + " (your lines are kept)"))
    }
    if let ci, site.written.contains(ci.path), let pin {
      let host = ci == .github ? "GitHub Pages" : "GitLab Pages"
      rows.append((ci.path, "builds weekly and deploys to \(host), with bookgen \(pin.version)"))
    }
    if !templates.written.isEmpty {
      rows.append(
        templates.kept.isEmpty
          ? ("templates/", "the default theme to edit; a deleted file falls back to the default")
          : ("templates/", "\(templates.written.count) files of the default theme to edit"))
    }
    return rows
  }

  /// Paths that were there already; the example's cache entries as one line.
  private var keptRows: [String] {
    let cacheEntries = site.kept.filter { $0.hasPrefix(ExampleSite.cacheFolder + "/") }
    var rows = site.kept.filter { !$0.hasPrefix(ExampleSite.cacheFolder + "/") }
    if !cacheEntries.isEmpty {
      let count = cacheEntries.count == 1 ? "1 entry" : "\(cacheEntries.count) entries"
      rows.append("\(ExampleSite.cacheFolder)/ (\(count) already there)")
    }
    return rows + templates.kept.map { "templates/" + $0 }
  }

  private var nextSteps: [(String, String)] {
    var steps = name == "." ? [] : [("cd \(name)", "")]
    if example {
      steps += [
        ("bookgen build", "write the site into public/, offline"),
        ("bookgen serve", "preview it at http://127.0.0.1:8000/"),
        ("$EDITOR catalog.yml", "make it yours (Google needs an API key)"),
      ]
    } else {
      steps += [
        ("bookgen check", "validate catalog.yml"),
        ("bookgen build", "fetch the books and write the site into public/"),
        ("bookgen serve", "preview it at http://127.0.0.1:8000/"),
        ("export GOOGLE_BOOKS_API_KEY=...", "optional: Google's data too (docs/sources.md)"),
      ]
    }
    switch ci {
    case .github:
      steps.append(("git add -A && git commit", "push, then Settings → Pages → Source: GitHub Actions"))
    case .gitlab:
      steps.append(("git add -A && git commit", "push to GitLab: its pages job publishes the site"))
    case nil:
      steps.append(("bookgen init --ci github", "build and deploy it from CI (or --ci gitlab)"))
    }
    return steps
  }

  /// `  name   description`, descriptions lined up in one column.
  private static func row(_ entry: (String, String), width: Int) -> String {
    let (name, text) = entry
    guard !text.isEmpty else { return "  " + name }
    return "  " + name + String(repeating: " ", count: max(1, width - name.count)) + text
  }
}
