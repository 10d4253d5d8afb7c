import Catalog

extension CIWorkflow {
  /// GitHub Actions: build on push, weekly and by hand; deploy to GitHub Pages. Every action is
  /// pinned to a commit, each job gets only the token permissions it needs, the checkout keeps
  /// no credentials, and no `${{ }}` expression is expanded inside a script.
  static func github(pin: ReleasePin, cacheFolder: String) -> String {
    let path = YAMLText.quoted(cacheFolder)
    return """
      # bookgen: rebuild this site on every push, every week and on demand, and deploy it to
      # GitHub Pages. Written by `bookgen init --ci github` (bookgen \(pin.version)); yours to edit.
      #
      # Before the first run:
      #   1. Settings → Pages → Build and deployment → Source: choose "GitHub Actions".
      #   2. Optional: add the repository secret GOOGLE_BOOKS_API_KEY (Settings → Secrets and
      #      variables → Actions). It reaches only the build step, as an environment variable;
      #      bookgen never prints it, writes it to the cache or puts it in the site.
      \(comment(withoutKey, indent: "      "))
      #
      # The job downloads bookgen \(pin.version) from its release and never compiles Swift.
      name: bookgen

      on:
        push:
          branches: [main]
        schedule:
          # Mondays at 04:17 UTC, so new volumes, prices and covers show up without a commit; one
          # run makes at most --max-requests requests (below). GitHub pauses the schedule of a
          # public repository after 60 days without activity in it (and says so by e-mail):
          # re-enable the workflow on the Actions tab, or push a commit, to resume it.
          - cron: "17 4 * * 1"
        # "Run workflow" on the Actions tab.
        workflow_dispatch:

      # Each job below asks for exactly what it needs; anything not named there is denied.
      permissions: {}

      # One deploy at a time; a scheduled run never cancels a deploy that is under way.
      concurrency:
        group: pages
        cancel-in-progress: false

      env:
      \(pins(pin, indent: "  "))

      defaults:
        run:
          shell: bash

      jobs:
        build:
          runs-on: ubuntu-24.04
          permissions:
            contents: read # check out the catalog
            pages: read # actions/configure-pages reads the site's address from the Pages API
          steps:
            - uses: actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1
              with:
                persist-credentials: false

            - name: Install bookgen
              env:
                TOOLS: ${{ runner.temp }}/bookgen
              run: |
      \(block(installCommands(error: "::error::"), indent: "          "))
                echo "$TOOLS" >>"$GITHUB_PATH"

            - name: Configure GitHub Pages
              id: pages
              uses: actions/configure-pages@983d7736d9b0ae728b81ab479565c72886d7745b # v5.0.0

            # The fetch cache (the catalog's cache.dir) is restored here and saved at the end even
            # when a step failed, so a run stopped by the request budget or an error keeps what it
            # fetched. A new key per run saves the refreshed cache; restore-keys picks the newest
            # earlier one. GitHub drops a cache unused for 7 days.
            - name: Restore the fetch cache
              id: cache
              uses: actions/cache/restore@27d5ce7f107fe9357f9df03efb73ab90386fccae # v5.0.5
              with:
                path: \(path)
                key: bookgen-cache-${{ github.run_id }}-${{ github.run_attempt }}
                restore-keys: bookgen-cache-

            - name: Build the site
              env:
                GOOGLE_BOOKS_API_KEY: ${{ secrets.GOOGLE_BOOKS_API_KEY }}
                BASE_URL: ${{ steps.pages.outputs.base_url }}/
              run: |
      \(block(buildCommands, indent: "          "))

            - name: Save the fetch cache
              if: always()
              uses: actions/cache/save@27d5ce7f107fe9357f9df03efb73ab90386fccae # v5.0.5
              with:
                path: \(path)
                key: ${{ steps.cache.outputs.cache-primary-key }}

            - uses: actions/upload-pages-artifact@fc324d3547104276b827a68afc52ff2a11cc49c9 # v5.0.0
              with:
                path: public

        deploy:
          needs: build
          runs-on: ubuntu-24.04
          permissions:
            pages: write # publish the uploaded site
            id-token: write # prove to Pages that the deployment comes from this workflow
          environment:
            name: github-pages
            url: ${{ steps.deployment.outputs.page_url }}
          steps:
            - id: deployment
              uses: actions/deploy-pages@cd2ce8fcbc39b97be8ca5fce6e763baed58fa128 # v5.0.0

      """
  }
}
