#!/usr/bin/env bash
# Proves the harness finds a new kind with no edit in Go: copies the repository (tracked and untracked, not ignored
# files) to a scratch folder, links node_modules, adds docs/examples/webapp-crd.yaml as a kind the way
# docs/adding-a-kind.md does (`npm run new-kind -- --crd docs/examples/webapp-crd.yaml --owner us --admission --converter copy`), runs this
# harness there (`go test -count=1 -v ./...`) and lists the WebApp's tests. Fails when the harness fails or runs no
# WebApp CRD, conversion, admission or interpreter test. Then scaffolds Prometheus Operator's real Prometheus CRD too
# and runs the admission oracle on both generated kinds: their recorded answers must be what their CRDs admit. The
# repository itself is not changed.
#
#   test/karmada-conformance/new-kind-proof.sh            # from the repository root (or anywhere inside it)
#   KEEP_SCRATCH=1 test/karmada-conformance/new-kind-proof.sh   # keep the scratch copy for a look
set -euo pipefail

repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/karmada-conformance-new-kind-XXXXXX")
if [[ -z "${KEEP_SCRATCH:-}" ]]; then trap 'rm -rf "$scratch"' EXIT; else echo "scratch copy: $scratch"; fi

cd "$repo"
git ls-files -co --exclude-standard -z | while IFS= read -r -d '' file; do
  [[ -e "$file" && "$file" != node_modules/* ]] || continue # deleted in the work tree, or the modules (linked below)
  mkdir -p "$scratch/$(dirname "$file")"
  cp -p "$file" "$scratch/$file"
done
ln -s "$repo/node_modules" "$scratch/node_modules"

cd "$scratch"
npm run -s new-kind -- --crd docs/examples/webapp-crd.yaml --owner us --admission --converter copy >/dev/null

log="$scratch/conformance.log"
status=0
(cd test/karmada-conformance && go test -count=1 -v ./...) >"$log" 2>&1 || status=$?

grep -E -- '--- (PASS|FAIL|SKIP): Test[A-Za-z]+/([^/]+/)?webapp' "$log" | sed 's/ (.*//; s/^ *//' | sort -u || true
for test in TestCRDValid/webapp TestConversionWebhook/webapp TestAdmissionWebhooks/webapp 'TestCases/per-operation/webapp'; do
  if ! grep -q -- "--- PASS: $test" "$log"; then
    echo "new-kind-proof: no passing $test" >&2
    status=1
  fi
done
if [[ $status -ne 0 ]]; then
  echo "new-kind-proof: the harness fails in the scratch copy; failures:" >&2
  grep -E -A3 -- '--- FAIL: [^ ]+/[^ ]+/' "$log" | grep -v '^{"level"' | head -40 >&2 || true
  # What the failing tests said (their t.Errorf lines), so a failure here can be read without the deleted scratch copy.
  grep -E -- '^ +[a-z_]+_test\.go:[0-9]+: ' "$log" | grep -v -E 'report|per kind|^ +[a-z_]+_test\.go:[0-9]+: *$' | head -40 >&2 || true
  exit 1
fi
echo "new-kind-proof: the WebApp's CRD, conversion, admission and interpreter cases ran and passed, with no edit in Go"

# The generated cases' answers are what the kind's CRD admits: the WebApp's, and Prometheus Operator's real Prometheus
# CRD scaffolded as docs/adding-a-kind.md does (its status requires paused, its scale subresource names spec.shards).
prometheus=$(cd "$HOME" && go mod download -json github.com/prometheus-operator/prometheus-operator@v0.85.0 | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
# Prometheus is served here (lib/kinds/prometheus): the scratch copy goes without it, as a repository before it came.
rm -rf lib/kinds/prometheus
npm run -s kinds >/dev/null
npm run -s new-kind -- --crd "$prometheus/example/prometheus-operator-crd/monitoring.coreos.com_prometheuses.yaml" --owner us >/dev/null
if ! ADMISSION_KINDS=webapp,prometheus ADMISSION_DIFFERENTIAL=0 npm run -s admission >"$scratch/admission.log" 2>&1; then
  echo "new-kind-proof: the admission oracle refuses what the generated kinds answer:" >&2
  grep -E '^(REFUSED|admission:)' "$scratch/admission.log" | head -40 >&2
  exit 1
fi
echo "new-kind-proof: $(tail -1 "$scratch/admission.log")"
