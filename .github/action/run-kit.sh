#!/usr/bin/env bash
# The run step of the smcp-conformance GitHub Action (action.yml), kept in a file so it can be run
# and tested without a GitHub runner (tests/package/action-script.test.ts, tests/sdk/action-script.test.ts).
#
# Inputs arrive as environment variables (action.yml maps its inputs onto them):
#   KIT_DIR               the kit's own folder (the action's checkout); used when KIT_VERSION is empty
#   KIT_VERSION           empty, or an npm package spec of the kit to install instead (a version, a tarball, a git URL)
#   INPUT_IMPLEMENTATIONS comma-separated --impl names (e.g. python@path:., reference)
#   INPUT_ADAPTERS        one --adapter name=command per line
#   INPUT_EXPECTATIONS    one --expectations <impl>=<file> per line
#   INPUT_SUITES          comma-separated suites (empty: all)
#   INPUT_SHARD           i/n (empty: the whole corpus)
#   INPUT_ARGS            further arguments for `run`, split on whitespace
#   INPUT_OUT             the report folder (the run folder is <out>/latest)
#   SMCP_ACTION_DRY_RUN   1: print the command, one argument per line, and exit 0
#   SMCP_KIT_REPOSITORY   optional: the kit's repository (owner/name or a URL) its annotations link vectors in
#   SMCP_KIT_REF          optional: the tag or commit of the kit those links point at
# Under GitHub Actions (GITHUB_ACTIONS=true) the kit itself writes the annotations (on the SDK's own
# known-gaps file, or run-level with a link to the vector in the kit's repository) and appends the
# conformance statement and the Markdown matrix to $GITHUB_STEP_SUMMARY; this script adds the outputs
# `exit-code` and `report` to $GITHUB_OUTPUT and exits with the kit's code (0 pass, 1 failures,
# 2 usage or corpus error).
set -uo pipefail

out="${INPUT_OUT:-smcp-conformance-reports}"
if [ -n "${KIT_VERSION:-}" ]; then
  spec="$KIT_VERSION"
  case "$spec" in *[/:]* | *.tgz) ;; *) spec="smcp-conformance@$spec" ;; esac
  tools="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/smcp-conformance-kit"
  mkdir -p "$tools"
  if [ "${SMCP_ACTION_DRY_RUN:-}" != 1 ]; then
    echo "::group::installing the kit ($spec)"
    (cd "$tools" && { [ -f package.json ] || npm init -y >/dev/null; } && npm install --no-audit --no-fund "$spec") || exit 2
    echo "::endgroup::"
  fi
  kit=("$tools/node_modules/.bin/smcp-conformance")
else
  : "${KIT_DIR:?KIT_DIR or KIT_VERSION is needed}"
  if [ "${SMCP_ACTION_DRY_RUN:-}" != 1 ] && [ ! -d "$KIT_DIR/node_modules" ]; then
    # --ignore-scripts: the checkout runs its TypeScript sources through tsx, so the `prepare`
    # build into dist/ would be work no step uses.
    echo "::group::installing the kit's dependencies (npm ci in $KIT_DIR)"
    (cd "$KIT_DIR" && npm ci --no-audit --no-fund --ignore-scripts) || exit 2
    echo "::endgroup::"
  fi
  kit=(node "$KIT_DIR/bin/smcp-conformance.js")
fi

# The repository and ref the annotations link the kit's vectors at: the ones this action was used at.
# A composite action's run step gets GITHUB_ACTION_REPOSITORY / GITHUB_ACTION_REF empty, so they are
# read from the action's folder, which the runner names .../_actions/<owner>/<name>/<ref>. With
# KIT_VERSION the installed package is the kit, so only the repository is taken (its ref is then the
# release tag v<version>, the kit's default). SMCP_KIT_REPOSITORY / SMCP_KIT_REF set by hand win.
repo="${GITHUB_ACTION_REPOSITORY:-}"
ref="${GITHUB_ACTION_REF:-}"
if [ -z "$repo" ]; then
  case "${KIT_DIR:-}" in
    */_actions/*/*/*)
      rest="${KIT_DIR#*/_actions/}"
      repo="${rest%%/*}"
      rest="${rest#*/}"
      repo="$repo/${rest%%/*}"
      ref="${rest#*/}"
      ref="${ref%/}"
      ;;
  esac
fi
if [ -z "${SMCP_KIT_REPOSITORY:-}" ] && [ -n "$repo" ]; then export SMCP_KIT_REPOSITORY="$repo"; fi
if [ -z "${SMCP_KIT_REF:-}" ] && [ -z "${KIT_VERSION:-}" ] && [ -n "$ref" ]; then export SMCP_KIT_REF="$ref"; fi

args=(run --out "$out")
[ -n "${INPUT_IMPLEMENTATIONS:-}" ] && args+=(--impl "$INPUT_IMPLEMENTATIONS")
while IFS= read -r line; do
  line="${line#"${line%%[![:space:]]*}"}"
  [ -n "$line" ] && args+=(--adapter "$line")
done <<< "${INPUT_ADAPTERS:-}"
while IFS= read -r line; do
  line="${line#"${line%%[![:space:]]*}"}"
  line="${line%"${line##*[![:space:]]}"}"
  [ -n "$line" ] && args+=(--expectations "$line")
done <<< "${INPUT_EXPECTATIONS:-}"
[ -n "${INPUT_SUITES:-}" ] && args+=(--suite "$INPUT_SUITES")
[ -n "${INPUT_SHARD:-}" ] && args+=(--shard "$INPUT_SHARD")
if [ -n "${INPUT_ARGS:-}" ]; then
  read -r -a extra <<< "$INPUT_ARGS"
  args+=("${extra[@]}")
fi

if [ "${SMCP_ACTION_DRY_RUN:-}" = 1 ]; then
  printf '%s\n' "${kit[@]}" "${args[@]}"
  [ -n "${SMCP_KIT_REPOSITORY:-}" ] && echo "links: ${SMCP_KIT_REPOSITORY}@${SMCP_KIT_REF:-v<version>}" >&2
  exit 0
fi

"${kit[@]}" "${args[@]}"
code=$?
if [ -n "${GITHUB_OUTPUT:-}" ]; then
  echo "exit-code=$code" >> "$GITHUB_OUTPUT"
  echo "report=$out/latest/report.json" >> "$GITHUB_OUTPUT"
fi
exit "$code"
