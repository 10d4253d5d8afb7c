import Diagnostics
import Foundation
import HTTPServer
import Preview
import Site

extension CommandContext {
  /// How many ports after the default one `serve` tries when it is taken.
  static let fallbackPorts = 20

  /// `bookgen serve`: the preview server, rebuilding with the same pipeline as `build` into its
  /// private folder, under the path of the site's base URL. Missing entries are fetched unless
  /// `--offline`; expired ones are refreshed only with `--fetch`.
  func serve(_ options: ServeCommandOptions) async throws {
    let catalogPath = environment.resolve(options.catalog.path)
    let folder = (catalogPath as NSString).deletingLastPathComponent
    var watched = [
      catalogPath, (folder as NSString).appendingPathComponent("templates"), staticDirectory(in: folder),
    ]
    // An invalid catalog is reported by the first build, in the terminal and the browser.
    let catalog = try? loadCatalog(options.catalog)
    if let catalog { watched += [catalog.cacheDirectory] + catalog.includes.map(\.path) }
    let standardError = environment.standardError
    let verbosity = console.verbosity
    var previewOptions = PreviewOptions(
      host: options.host, port: UInt16(options.port),
      fallbackPorts: options.portIsExplicit ? 0 : Self.fallbackPorts, open: options.open, watchPaths: watched,
      basePath: catalog.flatMap { SiteBuilder.path(ofBaseURL: $0.site.baseURL) } ?? "/",
      baseURL: options.baseURL,
      temporaryDirectory: environment.variables["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 },
      log: { line in if verbosity > .quiet || line.contains("error:") { standardError.write(line + "\n") } })
    // Entries a rebuild fetches are its own writes, not an edit to rebuild for.
    previewOptions.writtenByBuilds = catalog.map { [$0.cacheDirectory] } ?? []
    // The site and its books, kept in memory from one rebuild to the next.
    let state = PreviewState()
    let server = PreviewServer(
      options: previewOptions, stopBuilding: { await state.site.stopFollowers() },
      build: { output, baseURL in
        await previewBuild(options, into: output, baseURL: baseURL, preview: state)
      })
    do {
      try await server.run()
    } catch {
      throw CommandError.stage(
        command: .serve, stage: "starting the server",
        underlying: ServeError(underlying: error))
    }
  }

  /// One preview build: its summary, or everything it printed about the failure. With
  /// `preview`, it starts from what the last one kept there.
  func previewBuild(
    _ options: ServeCommandOptions, into output: String, baseURL: String, preview: PreviewState? = nil
  ) async -> PreviewBuildResult {
    let capture = CapturedText()
    var captured = environment
    captured.standardError = capture.output
    captured.standardErrorIsTerminal = false
    var console = Console(environment: captured)
    console.verbosity = options.verbosity.level
    let context = CommandContext(environment: captured, console: console, isPreview: true)
    do {
      // Serve refreshes expired entries only with --fetch: editing must cost no quota.
      let summary = try await context.buildSite(
        options.build(into: output), baseURL: baseURL, refreshesExpired: options.fetch, preview: preview)
      if !capture.text.isEmpty { environment.standardError.write(capture.text) }
      return .success(summary: summary)
    } catch {
      context.report(error)
      return .failure(message: capture.text.trimmingCharacters(in: .newlines))
    }
  }
}

/// Why the preview server did not start, with what to do about a taken port.
struct ServeError: Error, Diagnosable {
  let underlying: any Error

  var diagnostics: [Diagnostic] {
    switch underlying {
    case HTTPServerError.cannotBind(let host, let port, EADDRINUSE):
      let address = host.contains(":") ? "[\(host)]" : host
      return [
        .error(
          "port \(port) on \(address) is already in use; choose another with --port (--port 0 takes any free one)"
        )
      ]
    case HTTPServerError.portsInUse:
      return [.error("\(underlying); choose a free one with --port (--port 0 takes any)")]
    default:
      return CommandContext.diagnostics(of: underlying)
    }
  }
}
