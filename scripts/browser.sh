#!/bin/sh
# For the browser tests: Debian's chromium (Playwright comes with the dev extras).
# Without root or apt-get the browser tests are skipped, never failed.
BIN="$1"
if [ ! -x /usr/bin/chromium ]; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "installing chromium with apt-get (for the browser tests)" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null \
      || echo "warning: chromium not installed; browser tests will be skipped" >&2
  else
    echo "note: /usr/bin/chromium is missing; browser tests will be skipped (apt-get install chromium)" >&2
  fi
fi
exit 0
