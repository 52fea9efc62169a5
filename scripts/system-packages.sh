#!/bin/sh
# Debian packages the tests use: chromium (browser tests), libharfbuzz-subset0 (faster
# WeasyPrint font subsetting) and poppler-utils (pdftotext/pdftoppm in the PDF tests).
# Without root or apt-get the tests that need them are skipped, never failed.
need=""
[ -x /usr/bin/chromium ] || need="$need chromium"
[ -x /usr/bin/pdftotext ] || need="$need poppler-utils"
ldconfig -p 2>/dev/null | grep -q libharfbuzz-subset || need="$need libharfbuzz-subset0"
[ -z "$need" ] && exit 0
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "installing with apt-get:$need" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $need >/dev/null \
    || echo "warning: apt-get could not install$need; the tests that need them are skipped" >&2
else
  echo "note: missing$need (apt-get install$need); the tests that need them are skipped" >&2
fi
exit 0
