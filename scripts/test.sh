#!/usr/bin/env bash
# Every test: type check, lint, the OpenAPI document's lint, unit/contract/API tests (vitest), browser tests (Playwright).
# Ends with one line counted from the runners' JSON reports: "tests: N passed, M failed, K skipped".
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/require-os.sh || exit 1
node scripts/require-node.mjs || exit 1
rm -rf reports && mkdir -p reports

status=0
echo "== typecheck"
npx tsc --noEmit || status=1

echo "== lint and format (layers, import cycles, Biome formatter)"
npx biome ci --colors=off . || status=1

echo "== OpenAPI document (redocly lint, recommended rules, on the document the app serves)"
{ npx tsx scripts/openapi-json.ts > reports/openapi.json && npx redocly lint reports/openapi.json; } || status=1

echo "== vitest"
npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json || status=1

echo "== playwright"
npx playwright test || status=1

node scripts/test-summary.mjs reports/vitest.json reports/playwright.json || status=1
exit $status
