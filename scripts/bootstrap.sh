#!/bin/sh
# `make setup`, first stage: the virtual environment, installing Debian's venv support if
# it is missing. One line per stage; pip runs quietly.
PY="$1"; VENV="$2"
if [ -x "$VENV/bin/pip" ]; then
  echo "setup: using the existing $VENV"
  exit 0
fi
echo "setup: creating $VENV with $("$PY" --version 2>&1)"
if ! "$PY" -m venv "$VENV" 2>/dev/null; then
  rm -rf "$VENV"
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "setup: installing python3-venv with apt-get"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
    "$PY" -m venv "$VENV" || exit 1
  else
    echo "error: '$PY -m venv' failed; install python3-venv (Debian: sudo apt-get install python3-venv)" >&2
    exit 1
  fi
fi
echo "setup: upgrading pip in $VENV"
"$VENV/bin/pip" install --quiet --disable-pip-version-check --upgrade pip
