#!/bin/sh
# `make setup`, last stage: the Debian packages the tests use: chromium (browser tests),
# libharfbuzz-subset0 (faster WeasyPrint font subsetting) and poppler-utils
# (pdftotext/pdftoppm in the PDF tests). Without root or apt-get the tests that need
# them are skipped, never failed.
need=""
[ -x /usr/bin/chromium ] || need="$need chromium"
[ -x /usr/bin/pdftotext ] || need="$need poppler-utils"
ldconfig -p 2>/dev/null | grep -q libharfbuzz-subset || need="$need libharfbuzz-subset0"
if [ -z "$need" ]; then
  echo "setup: system packages ok (chromium, poppler-utils, libharfbuzz-subset0)"
  exit 0
fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "setup: installing with apt-get:$need"
  if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $need >/dev/null; then
    echo "setup: system packages ok"
  else
    echo "setup: warning: apt-get could not install$need; the tests that need them are skipped" >&2
  fi
else
  echo "setup: note: missing$need (apt-get install$need); the tests that need them are skipped" >&2
fi
exit 0
