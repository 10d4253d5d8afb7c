#!/bin/sh
# Usage: build-info.sh PACKAGE_DIR OUTPUT_FILE [REPOSITORY] (run by the BuildInfo plugin on every
# build). Writes OUTPUT_FILE, a Swift file naming git's short commit of PACKAGE_DIR, or "unknown"
# when PACKAGE_DIR is not the top of a git work tree (a source tarball, even one unpacked inside
# another repository) or git is missing; and REPOSITORY, the GitHub owner/name bookgen is
# released from, or "" when not given or not of that form. The file is rewritten only when its text changes, so
# an unchanged commit recompiles nothing.
set -u
package="$1" output="$2" repository="${3:-}"
commit=unknown
top=$(git -C "$package" rev-parse --show-toplevel 2>/dev/null) && [ "$top" -ef "$package" ] &&
  commit=$(git -C "$package" rev-parse --short=7 HEAD 2>/dev/null) || commit=unknown
case "$commit" in '' | *[!0-9a-f]*) commit=unknown ;; esac
case "$repository" in
*[!A-Za-z0-9_./-]* | */*/* | /* | */) repository="" ;;
*/*) ;;
*) repository="" ;;
esac
text="// Generated at build time by the BuildInfo plugin (build-info.sh). Do not edit.

/// What the build recorded: the commit (\`bookgen --version\`), the repository (\`init --ci\`).
enum BuildInfo {
  /// The abbreviated git commit the binary was built from, or \"unknown\".
  static let commit = \"$commit\"
  /// The GitHub owner/name releases are published from, or \"\" when this build does not know.
  static let repository = \"$repository\"
}"
mkdir -p "$(dirname "$output")" || exit 1
[ -f "$output" ] && [ "$(cat "$output")" = "$text" ] && exit 0
printf '%s\n' "$text" >"$output.tmp" && mv "$output.tmp" "$output"
