#!/usr/bin/env bash
# Makes sure the OS packages the tests need are present: installs them when we are root
# with apt, otherwise stops with the exact command to run.
set -euo pipefail
missing=()
# CHROMIUM_PATH names another Chromium or Chrome for the browser tests (scripts/chromium.ts).
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
# The PostgreSQL suites start their own cluster: Debian keeps initdb and pg_ctl off PATH, in /usr/lib/postgresql/<major>/bin.
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || command -v initdb >/dev/null 2>&1 || missing+=(postgresql)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${missing[*]} (needed by the tests)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "The tests need ${missing[*]}. Install with:"
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}"
  exit 1
fi
