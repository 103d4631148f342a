#!/usr/bin/env bash
# Assay's regression gate as a CI step (docs/ci.md): run the pipeline under test on a frozen
# test-set version, score it, and gate it against the baseline committed next to the code.
# Writes gate.xml (JUnit, for the CI server's test report) and gate.md (for the pull request).
#
# Environment:
#   ASSAY_PROJECT   the evaluation project (committed, e.g. eval/project.assay); a copy is used
#   ASSAY_BASELINE  the baseline results (committed, e.g. eval/baseline.jsonl)
#   ASSAY_PIPELINE  the pipeline under test, e.g. retriever=bm25,k=3,reader=llm:ci
#   ASSAY_TESTSET   the frozen version to run on (v1)
#   ASSAY_JUDGE     the answer judge, the baseline's (contains)
#   ASSAY_MAX_DROP  the drop allowed before a significant one fails (0.02: two points)
#   ASSAY_INCONCLUSIVE_EXIT  what an inconclusive verdict exits with (0: warn only)
#   LLM_BASE_URL, LLM_MODEL, LLM_API_KEY  the OpenAI-compatible endpoint of the reader
#   ASSAY_CLI       the assay-cli to use (the installed one)
#   ASSAY_OUT       where gate.xml and gate.md go (.)
set -uo pipefail
cli=${ASSAY_CLI:-assay-cli}
project=${ASSAY_PROJECT:?set ASSAY_PROJECT to the evaluation project}
baseline=${ASSAY_BASELINE:?set ASSAY_BASELINE to the committed baseline results}
pipeline=${ASSAY_PIPELINE:?set ASSAY_PIPELINE to the pipeline under test}
out=${ASSAY_OUT:-.}
run=ci-${CI_COMMIT_SHA:-${GITHUB_SHA:-$(date +%Y%m%d%H%M%S)}}

# The reader's endpoint: a profile that reads its key from the environment, never from a file.
"$cli" llm profile add ci --base-url "${LLM_BASE_URL:?}" --model "${LLM_MODEL:?}" --key-env LLM_API_KEY >/dev/null || exit 2

# A consistent copy of the project (SQLite's backup API): the committed file stays untouched.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$cli" backup "$project" "$work/project.assay" || exit 2

"$cli" gate "$work/project.assay" --run "$run" --pipeline "$pipeline" --testset "${ASSAY_TESTSET:-v1}" \
  --baseline-file "$baseline" --judge "${ASSAY_JUDGE:-contains}" --max-drop "${ASSAY_MAX_DROP:-0.02}" \
  --junit "$out/gate.xml" --markdown "$out/gate.md"
status=$?
case $status in
  0) echo "assay gate: pass" ;;
  1) echo "assay gate: regression (see gate.md)" >&2 ;;
  3) echo "assay gate: inconclusive (see gate.md)" >&2; status=${ASSAY_INCONCLUSIVE_EXIT:-0} ;;
  4) echo "assay gate: could not evaluate: too many items failed or stayed unread (see gate.md)" >&2 ;;
  *) echo "assay gate: failed to run (exit $status)" >&2 ;;
esac
exit "$status"
