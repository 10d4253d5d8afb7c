import Foundation
import Preview

extension CommandContext {
  /// `bookgen serve`: the preview server, rebuilding with the same pipeline as `build` into its
  /// private folder, offline unless `--fetch`.
  func serve() async throws {
    let catalogPath = environment.resolve(options.catalogPath)
    let folder = (catalogPath as NSString).deletingLastPathComponent
    var watched = [catalogPath, (folder as NSString).appendingPathComponent("templates")]
    // An invalid catalog is reported by the first build, in the terminal and the browser.
    if let catalog = try? loadCatalog() { watched.append(Self.cacheDirectory(of: catalog)) }
    let port = UInt16(options.port)
    let standardError = environment.standardError
    let verbosity = console.verbosity
    let previewOptions = PreviewOptions(
      host: options.host, port: port, open: options.open, watchPaths: watched,
      log: { line in if verbosity > .quiet || line.contains("error:") { standardError.write(line + "\n") } })
    let server = PreviewServer(options: previewOptions) { output, baseURL in
      await previewBuild(into: output, baseURL: baseURL)
    }
    do {
      try await server.run()
    } catch {
      throw CommandError.stage(command: .serve, stage: "starting the server", underlying: error)
    }
  }

  /// One preview build: its summary, or everything it printed about the failure.
  func previewBuild(into output: String, baseURL: String) async -> PreviewBuildResult {
    let capture = CapturedText()
    var captured = environment
    captured.standardError = capture.output
    captured.standardErrorIsTerminal = false
    var previewOptions = options
    previewOptions.offline = !options.fetch
    previewOptions.refresh = false
    previewOptions.outputPath = output
    var console = Console(environment: captured)
    console.verbosity = options.verbosity
    let context = CommandContext(
      environment: captured, console: console, options: previewOptions, isPreview: true)
    do {
      let summary = try await context.buildSite(baseURL: baseURL)
      if !capture.text.isEmpty { environment.standardError.write(capture.text) }
      return .success(summary: summary)
    } catch {
      context.report(error)
      return .failure(message: capture.text.trimmingCharacters(in: .newlines))
    }
  }
}
