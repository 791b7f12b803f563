#!/usr/bin/env bash
# Installs Debian's Chromium and its ChromeDriver (/usr/bin/chromium, /usr/bin/chromedriver) for the
# site's browser test, unless they are there. Needs root and apt; about a minute on a fresh machine.
#   scripts/install-chromium.sh
set -euo pipefail
if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "install-chromium: needs root and apt-get to install Debian's chromium and chromium-driver; install them by hand" >&2
  exit 1
fi
echo "install-chromium: installing Debian's chromium and chromium-driver…"
DEBIAN_FRONTEND=noninteractive apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null
chromium --version
