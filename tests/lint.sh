#!/usr/bin/env bash
# The linter, as configured in pyproject.toml ([tool.ruff]). Run after
# `bash tests/run` (or any install of the test extras) has made .venv.
# Usage: bash tests/lint.sh [ruff check arguments, e.g. --fix or a path]
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/ruff check . "$@"
