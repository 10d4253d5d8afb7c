import Catalog

extension CIWorkflow {
  /// GitLab CI: the `pages` job builds on pushes to the default branch, on its schedules and by
  /// hand, keeps the cache even after a failed step, and publishes `public/`.
  static func gitlab(pin: ReleasePin, cacheFolder: String) -> String {
    """
    # bookgen: rebuild this site on every push to the default branch, on a schedule and on
    # demand, and deploy it to GitLab Pages. Written by `bookgen init --ci gitlab` (bookgen
    # \(pin.version)); yours to edit.
    #
    # Before the first run:
    #   1. Optional: add the CI/CD variable GOOGLE_BOOKS_API_KEY (Settings → CI/CD → Variables;
    #      masked, protected). bookgen never prints it, writes it to the cache or puts it in the
    #      site.
    \(comment(withoutKey, indent: "      "))
    #   2. For a weekly rebuild, so new volumes, prices and covers show up without a commit:
    #      Build → Pipeline schedules → New schedule, interval "17 4 * * 1" (Mondays at 04:17
    #      UTC), on the default branch. GitLab keeps schedules in the project, not in this file.
    # To run it by hand: Build → Pipelines → Run pipeline.
    #
    # The job downloads bookgen \(pin.version) from its release and never compiles Swift.

    variables:
    \(pins(pin, indent: "  "))

    pages:
      stage: deploy
      image: debian:12-slim
      rules:
        # Pushes, schedules and runs by hand on the default branch; never a merge request's
        # pipeline, which would publish an unreviewed site.
        - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH
      # One deploy at a time.
      resource_group: pages
      # The fetch cache (the catalog's cache.dir), saved even when a step failed, so a run
      # stopped by the request budget or an error keeps what it fetched.
      cache:
        key: bookgen-cache
        paths:
          - \(YAMLText.quoted(cacheFolder))
        when: always
      variables:
        TOOLS: /tmp/bookgen
        BASE_URL: $CI_PAGES_URL/
      before_script:
        - apt-get update -qq
        - apt-get install -y -qq --no-install-recommends ca-certificates curl >/dev/null
        - |
    \(block(installCommands(error: "error: "), indent: "      "))
        - export PATH="$TOOLS:$PATH"
      script:
    \(block(buildCommands.map { "- " + yamlItem($0) }, indent: "    "))
      artifacts:
        paths:
          - public

    """
  }

  /// A command as a plain YAML list item, quoted when YAML would read it otherwise.
  private static func yamlItem(_ command: String) -> String {
    command.contains(": ") || command.contains(" #") ? YAMLText.quoted(command) : command
  }
}
