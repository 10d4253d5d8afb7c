// swift-tools-version:6.0
import PackageDescription

// The folder tree reads like the pipeline, and like the dependency graph (CONTRIBUTING.md):
// catalog.yml → Catalog → sources (GoogleBooks, on Fetching's cache and transport) → BookRecord
// → Markdown / Mustache → Site → public/
let package = Package(
  name: "bookgen",
  products: [
    .executable(name: "bookgen", targets: ["bookgen"]),
    // The two public libraries (their `public` API is all another package sees): the template
    // engine, and Markdown's rendering of owner notes and Google's HTML descriptions. The
    // benchmarks (Benchmarks/, a package of its own) time them.
    .library(name: "Mustache", targets: ["Mustache"]),
    .library(name: "Markdown", targets: ["Markdown"]),
    // Cover images processed locally; a product so the benchmarks can time it.
    .library(name: "CoverImages", targets: ["CoverImages"]),
  ],
  targets: [
    // System libraries, imported only by the modules that wrap them: libyaml by Catalog, libcmark
    // by Markdown, libgumbo by Markdown (the sanitizer) and SiteCheck (the page scanner).
    .systemLibrary(name: "CYaml", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
    .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
    .systemLibrary(name: "CGumbo", pkgConfig: "gumbo", providers: [.apt(["libgumbo-dev"])]),
    // libsqlite3, for `bookgen import` of a Calibre library's metadata.db (read-only).
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),

    // libjpeg-turbo, libpng and libwebp, called only by CImageCodecs.
    .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
    // The image codecs' calls, in C: libjpeg and libpng report errors by longjmp, which must
    // never cross a Swift frame. Used only by CoverImages.
    .target(name: "CImageCodecs", dependencies: ["CJPEG", "CPNG", "CWebP"]),

    // Dependency-free utilities every stage may use (file reading and folder safety, hashing,
    // UTC time, number text, percent-encoding, HTML/XML escaping, stage timing).
    .target(name: "Support"),

    // Located, clang-style diagnostics and the Diagnosable protocol every module's error adopts;
    // imports nothing, so the Mustache product can depend on it.
    .target(name: "Diagnostics"),

    // Pipeline stages.
    .target(name: "Catalog", dependencies: ["CYaml", "Diagnostics", "Support"]),
    // What any HTTP JSON source needs: the on-disk response cache, the transport, retries, the
    // request budget and rate, offline runs and stale fallbacks (Sources/Fetching).
    .target(name: "Fetching", dependencies: ["Diagnostics", "Support"]),
    // One book as the site is made from it, whatever its source: each source maps its own
    // shapes into it at its edge; provenance per field (Sources/BookRecord). Site sees only it.
    .target(name: "BookRecord", dependencies: ["Support"]),
    // Google Books as a source: request planning, its FetchSource, the Volume model and decoder,
    // and Volume → BookRecord.
    .target(
      name: "GoogleBooks", dependencies: ["BookRecord", "Catalog", "Diagnostics", "Fetching", "Support"]),
    // Open Library as a source: its requests (books API, editions, works, authors, search), their
    // decoders, its polite FetchSource, and its records → BookRecord.
    .target(
      name: "OpenLibrary", dependencies: ["BookRecord", "Catalog", "Diagnostics", "Fetching", "Support"]),
    // Asks the sources in the catalog's order and combines their records: ISBN lookups that
    // fall through to the next source, enrichment by ISBN, Google's 429 answered by Open Library.
    .target(
      name: "Sourcing",
      dependencies: ["BookRecord", "Catalog", "Diagnostics", "Fetching", "GoogleBooks", "OpenLibrary"]),
    // `bookgen import`: exports of Goodreads, StoryGraph, LibraryThing, Calibre (its CSV, or a
    // library's metadata.db through CSQLite), BookWyrm, Openreads, Open Library and any CSV into
    // `books:` entries (a YAML file catalog.yml includes); title lookups come in through a
    // protocol the CLI fills.
    // Covers a site serves itself: the owner's image files and, with `site.covers: local`, the
    // sources' covers fetched into the cache; each processed once (CoverImages) and kept there.
    .target(
      name: "Covers",
      dependencies: ["BookRecord", "Catalog", "CoverImages", "Diagnostics", "Fetching", "Support"]),
    .target(name: "Import", dependencies: ["Catalog", "CSQLite", "Diagnostics", "Support"]),
    .target(name: "Markdown", dependencies: ["CCmark", "CGumbo", "Support"]),
    // The template engine, also a library product of its own: it depends only on Diagnostics
    // (dependency-free, no Foundation), whose Diagnostic and Diagnosable are part of its API.
    .target(name: "Mustache", dependencies: ["Diagnostics"]),
    // The chunked full-text search index, from source-neutral documents (Sources/SearchIndex).
    .target(name: "SearchIndex", dependencies: ["Support"], exclude: ["README.md"]),
    // Cover images processed locally: JPEG, PNG and WebP decoded within limits, turned upright,
    // resized and encoded as WebP and JPEG (Sources/CoverImages).
    .target(name: "CoverImages", dependencies: ["CImageCodecs"]),
    .target(
      name: "Site",
      dependencies: [
        "BookRecord", "Catalog", "Markdown", "Mustache", "Diagnostics", "SearchIndex", "Support",
      ],
      plugins: ["EmbedTheme"]
    ),
    // Embeds the top-level templates/ (the one copy of the default theme) and i18n/ (the
    // built-in UI strings) into Site, and the example site (catalog.yml, .ci/example-cache/)
    // into BookgenCLI, at build time.
    .plugin(
      name: "EmbedTheme", capability: .buildTool(), dependencies: ["EmbedThemeTool"],
      path: "Sources/EmbedThemePlugin"),
    .executableTarget(name: "EmbedThemeTool"),
    // Verifies a built site folder: links, anchors, hosts, titles, languages (`bookgen check --site`);
    // it owns the HTML scanner that reads the pages, with gumbo as a browser would.
    .target(name: "SiteCheck", dependencies: ["CGumbo", "Diagnostics", "Support"]),
    .target(name: "HTTPServer", dependencies: ["Diagnostics", "Support"]),
    .target(name: "Preview", dependencies: ["HTTPServer", "Support"]),
    .target(
      name: "BookgenCLI",
      dependencies: [
        "Catalog", "Covers", "Fetching", "GoogleBooks", "Import", "OpenLibrary", "Sourcing", "Site",
        "SiteCheck",
        "Preview",
        "HTTPServer", "Diagnostics", "Support",
      ],
      plugins: ["EmbedTheme", "BuildInfo"]
    ),
    // Records the git commit of the build for `bookgen --version` (`unknown` outside a checkout).
    .plugin(name: "BuildInfo", capability: .buildTool(), path: "Sources/BuildInfoPlugin"),
    .executableTarget(name: "bookgen", dependencies: ["BookgenCLI"]),
    // Shared test helpers: in-process HTTP servers that answer like Google Books and Open Library,
    // and a raw HTTP client (TCPClient) for the server's and the preview's tests.
    .target(name: "TestSupport", dependencies: ["CSQLite", "HTTPServer"], path: "Tests/TestSupport"),

    .testTarget(name: "SupportTests", dependencies: ["Support", "TestSupport"]),
    .testTarget(name: "SearchIndexTests", dependencies: ["SearchIndex"]),
    .testTarget(name: "CoverImagesTests", dependencies: ["CoverImages"]),
    .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
    .testTarget(
      name: "CoversTests",
      dependencies: ["BookRecord", "Catalog", "Covers", "Fetching", "Support", "TestSupport"]),
    .testTarget(name: "FetchingTests", dependencies: ["Fetching", "TestSupport"]),
    .testTarget(name: "BookRecordTests", dependencies: ["BookRecord"]),
    .testTarget(
      name: "CatalogTests", dependencies: ["Catalog", "Diagnostics", "TestSupport"], exclude: ["Fixtures"]),
    .testTarget(
      name: "GoogleBooksTests",
      dependencies: [
        "GoogleBooks", "BookRecord", "Fetching", "Catalog", "TestSupport", "HTTPServer", "Support",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "OpenLibraryTests",
      dependencies: [
        "OpenLibrary", "BookRecord", "Fetching", "Catalog", "TestSupport", "HTTPServer", "Support",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "SourcingTests",
      dependencies: [
        "Sourcing", "BookRecord", "Catalog", "Fetching", "GoogleBooks", "OpenLibrary", "TestSupport",
        "HTTPServer",
      ]),
    .testTarget(
      name: "ImportTests", dependencies: ["Import", "Catalog", "TestSupport"], exclude: ["Fixtures"]),
    .testTarget(name: "MarkdownTests", dependencies: ["Markdown"], exclude: ["Fixtures"]),
    .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
    .testTarget(
      name: "SiteTests",
      dependencies: ["Site", "BookRecord", "Catalog", "GoogleBooks", "Mustache", "SearchIndex", "Support"],
      exclude: ["Golden"]),
    .testTarget(
      name: "SiteCheckTests",
      dependencies: ["SiteCheck", "Site", "BookRecord", "Catalog", "GoogleBooks", "Support"],
      exclude: ["Fixtures"]),
    .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "Support", "TestSupport"]),
    .testTarget(name: "PreviewTests", dependencies: ["Preview", "HTTPServer", "Support", "TestSupport"]),
    .testTarget(
      name: "BookgenCLITests",
      dependencies: [
        "BookgenCLI", "Catalog", "Diagnostics", "Fetching", "GoogleBooks", "Preview", "Site", "TestSupport",
      ],
      exclude: ["Golden", "Catalogs"]),
    // What a release is made of: the release workflow, the GitHub workflow `bookgen init --ci`
    // writes (read with YAMLReader) and the BuildInfo plugin's script. The archive:
    // Tests/Dist/run.sh.
    .testTarget(name: "ReleaseTests", dependencies: ["Catalog"], exclude: ["actionlint.sh"]),
  ]
)
