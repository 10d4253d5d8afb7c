import Fetching

/// The files `bookgen init` writes: a catalog that passes `bookgen check` as written, with every
/// optional key shown in a comment.
enum Scaffold {
  static let catalog = """
    # bookgen catalog: what to fetch from Google Books and Open Library, how to group it,
    # and your own notes. Every key is described in bookgen's docs/catalog.md.
    #   bookgen check   validates this file (no network)
    #   bookgen build   fetches the books and writes the site into public/

    site:
      title: "My Books"
      # The address the site is published at; a sub-path works too,
      # e.g. https://me.github.io/books/
      base_url: "https://example.com/"
      language: en

    google_books:
      # The NAME of the environment variable that holds your API key, never the key itself.
      # Without a key Google refuses most requests (HTTP 429): ISBNs are then looked up in
      # Open Library instead, so the site still builds.
      api_key_env: GOOGLE_BOOKS_API_KEY
      # Where requests appear to come from; avoids 403 "unknownLocation" on CI machines.
      country: US

    open_library:
      # Your e-mail address or site URL, sent in the User-Agent so Open Library can reach you;
      # identified clients may ask three times as often. Without it bookgen asks once a second.
      # contact: you@example.org

    # ISBNs are looked up in this order; a book found in one source gets what it lacks from
    # the other. This is the default:
    # sources: [google_books, open_library]

    cache:
      # Fetched responses live here, so rebuilds work offline (`bookgen build --offline`).
      dir: .bookgen-cache
      max_age: 7d
      # An answer that a book is not there is asked again after this long:
      # not_found_max_age: 1d

    collections:
      - title: "Science Fiction Classics"
        slug: science-fiction-classics
        description: |
          Found with an Open Library search, which needs no key. Google Books searches
          work too: `- q: "subject:science fiction inauthor:asimov"` (operators such as
          `intitle:`, `inauthor:` and `subject:`).
        queries:
          - source: open_library
            author: Isaac Asimov
            subject: science fiction
            max_results: 10
      - title: "Favourites"
        slug: favourites
        description: Picked by ISBN (ISBN-10 or ISBN-13, hyphens allowed).
        isbns:
          - 978-0-441-01359-3
          - 978-0-547-92822-7
        # Google volume ids and Open Library ids work too:
        # volumes:
        #   - zyTCAlFPjgYC
        # open_library_ids:
        #   - OL7353617M

    # Your own words about a book, keyed by ISBN-13, volume id or Open Library id.
    books:
      "9780441013593":
        note: |
          Why this book is on the shelf, in *Markdown*.
        tags: [classic, desert]

    """

  /// The output, the fetch cache, and everything bookgen keeps beside the output, in one
  /// pattern: the manifest, the lock, and an interrupted build's staging folder. A new file
  /// beside the output is covered without a new line.
  static let gitignoreLines = ["public/", ".bookgen-cache/", ".public.bookgen-*"]

  /// What a fetch or build writes into a cache folder besides its entries: the lock (holding
  /// the last run's process id) and the marker. Ignored wherever a cache is committed.
  static let cacheRunFiles = [ResponseCache.lockName, ResponseCache.markerName]
}
