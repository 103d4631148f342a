#!/usr/bin/env bash
# ctest: docs/ci/assay-gate.sh as a CI server would run it, headless, against the loopback
# endpoint: the team's one-time setup (freeze v1, run and score the baseline, export it), then
# the example script on the same pipeline — it must pass, write a JUnit file that validates
# against tests/data/junit/junit.xsd and a Markdown summary — and a candidate with a worse
# retriever, which must fail with exit 1.
#   gate_example.sh ASSAY_CLI ENDPOINT DEMO_PROJECT SOURCE_DIR
set -euo pipefail
cli=$1 endpoint=$2 demo=$3 src=$4
tmp=$(mktemp -d)
trap 'kill "${EP_PID:-0}" 2>/dev/null || true; rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME=$tmp/config
coproc EP { "$endpoint"; }
read -r line <&"${EP[0]}"
port=${line#port }
export LLM_BASE_URL=http://127.0.0.1:$port/v1 LLM_MODEL=test-model LLM_API_KEY=sk-loopback-key
"$cli" llm profile add ci --base-url "$LLM_BASE_URL" --model "$LLM_MODEL" --key-env LLM_API_KEY >/dev/null

# The team's setup, once: the project with a frozen version, and the baseline exported.
mkdir -p "$tmp/eval"
# A plain copy of the closed fixture: opening it (even to back it up) would leave SQLite's
# -shm beside it while other tests copy it.
cp "$demo" "$tmp/eval/project.assay"
# A sample of 400 semantic groups (about 1,200 queries), as a team keeps a version small
# enough to run on every change.
"$cli" testset freeze "$tmp/eval/project.assay" --name v1 --set short --sample 400 --note "release 1" >/dev/null
"$cli" run "$tmp/eval/project.assay" --name baseline --pipeline "retriever=bm25,k=3,reader=llm:ci" --testset v1 >/dev/null
"$cli" score "$tmp/eval/project.assay" --run baseline --judge contains >/dev/null
"$cli" export results "$tmp/eval/project.assay" --run baseline --judge contains --out "$tmp/eval/baseline.jsonl" >/dev/null
before=$(sha256sum "$tmp/eval/project.assay")

# The CI step, on the same pipeline: pass.
mkdir -p "$tmp/out"
ASSAY_CLI=$cli ASSAY_PROJECT=$tmp/eval/project.assay ASSAY_BASELINE=$tmp/eval/baseline.jsonl ASSAY_OUT=$tmp/out \
  ASSAY_PIPELINE="retriever=bm25,k=3,reader=llm:ci" CI_COMMIT_SHA=same bash "$src/docs/ci/assay-gate.sh"
xmllint --noout --schema "$src/tests/data/junit/junit.xsd" "$tmp/out/gate.xml"
grep -q '^### Assay gate: ✅ pass' "$tmp/out/gate.md"
[ "$(sha256sum "$tmp/eval/project.assay")" = "$before" ] || { echo "the committed project was changed" >&2; exit 1; }
if grep -rq "sk-loopback-key" "$tmp/out" "$tmp/eval"; then echo "the API key was written" >&2; exit 1; fi

# A candidate with a worse retriever: exit 1, the JUnit file says which groups regressed.
set +e
ASSAY_CLI=$cli ASSAY_PROJECT=$tmp/eval/project.assay ASSAY_BASELINE=$tmp/eval/baseline.jsonl ASSAY_OUT=$tmp/out \
  ASSAY_PIPELINE="retriever=keyword,k=1,reader=llm:ci" CI_COMMIT_SHA=worse bash "$src/docs/ci/assay-gate.sh"
status=$?
set -e
[ "$status" -eq 1 ] || { echo "expected exit 1 (regression), got $status" >&2; exit 1; }
xmllint --noout --schema "$src/tests/data/junit/junit.xsd" "$tmp/out/gate.xml"
grep -q '<failure ' "$tmp/out/gate.xml"
grep -q 'regression' "$tmp/out/gate.md"
echo "gate example: pass on the same pipeline, regression on keyword k=1"
