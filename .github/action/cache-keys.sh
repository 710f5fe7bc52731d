#!/usr/bin/env bash
# The cache keys of the smcp-conformance GitHub Action (action.yml), kept in a file so they can be
# computed and tested without a runner (tests/package/action-script.test.ts).
#
#   toolchain  the interpreters the SDK environments are built with: a venv links to the Python it
#              was made from, a cargo target folder belongs to one rustc. A cache restored for
#              another one crashed every case, so environments are never restored across them.
#   kit        the kit's version and the locks its environments are built from (Python locks,
#              the Rust adapter's Cargo.lock and sources, the SDK manifests). Keying on it makes a
#              kit bump save a new cache instead of rebuilding, unsaved, on every run.
#   npm        the kit's own node_modules (its package-lock.json and the Node version).
#
# Inputs: KIT_DIR (the action's checkout), KIT_VERSION (an npm spec, or empty). Writes
# toolchain=, kit= and npm= lines to $GITHUB_OUTPUT, or to stdout without it.
set -uo pipefail
: "${KIT_DIR:?KIT_DIR is needed}"

digest() { sha256sum | cut -c1-16; }

toolchain=$(
  {
    command -v python3 >/dev/null && python3 -c 'import sys, os; print(sys.version); print(os.path.realpath(sys.executable))'
    command -v rustc >/dev/null && rustc --version
    command -v cargo >/dev/null && cargo --version
  } 2>/dev/null | digest
)

kit=$(
  {
    echo "${KIT_VERSION:-}"
    (cd "$KIT_DIR" && node -p 'require("./package.json").version' 2>/dev/null)
    (cd "$KIT_DIR" && find adapters -type f \( -path 'adapters/python/locks/*' -o -name Cargo.lock -o -name sdk.yaml \
      -o -path 'adapters/rust/src/*' -o -name Cargo.toml -o -name build.rs \) -print0 2>/dev/null | sort -z | xargs -0 sha256sum)
  } | digest
)

npm=$({ node --version 2>/dev/null; cat "$KIT_DIR/package-lock.json" 2>/dev/null; } | digest)

lines=$(printf 'toolchain=%s\nkit=%s\nnpm=%s\n' "$toolchain" "$kit" "$npm")
if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "$lines" >> "$GITHUB_OUTPUT"; else echo "$lines"; fi
