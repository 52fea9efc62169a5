#!/bin/sh
# Create the virtual environment, installing Debian's venv support if it is missing.
PY="$1"; VENV="$2"
if [ -x "$VENV/bin/pip" ]; then exit 0; fi
if ! "$PY" -m venv "$VENV" 2>/dev/null; then
  rm -rf "$VENV"
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "installing python3-venv with apt-get" >&2
    apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
    "$PY" -m venv "$VENV" || exit 1
  else
    echo "error: '$PY -m venv' failed; install python3-venv (Debian: sudo apt-get install python3-venv)" >&2
    exit 1
  fi
fi
"$VENV/bin/pip" install --quiet --disable-pip-version-check --upgrade pip
