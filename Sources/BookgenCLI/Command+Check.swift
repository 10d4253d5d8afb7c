import Catalog
import Diagnostics
import Foundation
import Site
import SiteCheck
import Support

extension CommandContext {
  /// `bookgen check`: validates the catalog and lints the templates it would build with,
  /// reporting every problem of both at once; with `--site`, then the built output. No network.
  func check(_ options: CheckCommandOptions) async throws {
    var problems: [Diagnostic] = []
    var catalog: Catalog?
    do {
      catalog = try loadCatalog(options.catalog)
    } catch .fileNotFound(let path) {
      throw CatalogError.fileNotFound(path: path)
    } catch {
      problems += error.diagnostics
    }
    let folder = (environment.resolve(options.catalog.path) as NSString).deletingLastPathComponent
    problems += checkTemplates(
      templatesDirectory: templatesDirectory(in: folder), extraNames: catalog?.extraNames ?? [])
    problems.filter { $0.severity != .error }.forEach(console.diagnostic)
    let errors = problems.filter { $0.severity == .error }
    guard errors.isEmpty, let catalog else { throw DiagnosticList(errors) }
    console.print("\(options.catalog.path): OK (\(Self.summary(of: catalog)))")
    if options.checkSite { try await checkSite(catalog, options) }
  }

  /// `check --site`: the built output's links, anchors, hosts, titles and languages.
  func checkSite(_ catalog: Catalog, _ options: CheckCommandOptions) async throws {
    let name = options.outputPath
    let output = environment.resolve(name)
    // The address the site was built for (`build --base-url`), unless given again.
    let baseURL = options.baseURL ?? SiteBuilder.builtBaseURL(outputDirectory: output) ?? catalog.site.baseURL
    let problems: [SiteProblem]
    do {
      // static/ files are the owner's, copied as they are: link targets, not pages to check.
      let verbatim = SiteBuilder.staticFiles(in: staticDirectory(in: catalog.directory))
      problems = try await SiteChecker.check(
        outputDirectory: output, baseURL: baseURL, verbatim: Set(verbatim))
    } catch {
      throw CommandError.stage(command: .check, stage: "checking the site in '\(name)'", underlying: error)
    }
    for problem in problems {
      console.error("\((name as NSString).appendingPathComponent(problem.description))")
    }
    guard problems.isEmpty else {
      throw CommandError.reported(
        summary: "the site in '\(name)' has \(NumberText.count(problems.count, "problem"))")
    }
    console.print("\(name): OK")
  }

  /// The site's `templates/` folder next to the catalog, when there is one.
  func templatesDirectory(in catalogFolder: String) -> String? {
    let path = (catalogFolder as NSString).appendingPathComponent("templates")
    return PathKind.of(path, followingLinks: true) == .folder ? path : nil
  }

  /// The site's `static/` folder next to the catalog (it may not exist).
  func staticDirectory(in catalogFolder: String) -> String {
    (catalogFolder as NSString).appendingPathComponent("static")
  }

  /// `4 collections, 6 queries, 9 ISBNs` (and volume ids when there are any).
  static func summary(of catalog: Catalog) -> String {
    let collections = catalog.collections
    var parts = [
      NumberText.count(collections.count, "collection"),
      NumberText.count(collections.reduce(0) { $0 + $1.queries.count }, "query", plural: "queries"),
      NumberText.count(collections.reduce(0) { $0 + $1.isbns.count }, "ISBN"),
    ]
    let volumes = collections.reduce(0) { $0 + $1.volumes.count }
    if volumes > 0 { parts.append(NumberText.count(volumes, "volume id")) }
    let ids = collections.reduce(0) { $0 + $1.openLibraryIDs.count }
    if ids > 0 { parts.append(NumberText.count(ids, "Open Library id")) }
    return parts.joined(separator: ", ")
  }
}
