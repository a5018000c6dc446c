#!/usr/bin/env bash
# Re-creates test/fixtures/lockfiles/** with the REAL package managers, so the bump
# detector is tested against lockfiles as npm, pnpm and yarn actually write them.
#
# Needs network access to https://registry.npmjs.org only: every tool is pointed at it
# explicitly (yarn's defaults would use registry.yarnpkg.com) and yarn telemetry is off.
# Each scenario gets a base/ and head/ directory; head is always generated from scratch
# so transitive versions move only where the scenario intends (see README.md there).
#
# Usage: scripts/make-lockfile-fixtures.sh [scenario...]   (default: all)
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$ROOT/test/fixtures/lockfiles"
WORK="$(mktemp -d /tmp/depverdict-lockfiles.XXXXXX)"
trap 'rm -rf "$WORK"' EXIT
REGISTRY="https://registry.npmjs.org/"
# The transitive-only change: base locks follow-redirects (a dependency of axios) at
# 1.15.6, head resolves it fresh. npm gets there by first installing with it declared,
# then un-declaring it (npm keeps a locked version that still satisfies axios' range);
# pnpm and yarn use their override fields.
PINNED_TRANSITIVE='"follow-redirects": "1.15.6"'

export npm_config_registry="$REGISTRY" npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
export YARN_NPM_REGISTRY_SERVER="$REGISTRY" YARN_ENABLE_TELEMETRY=0 YARN_ENABLE_GLOBAL_CACHE=0 YARN_NODE_LINKER=node-modules

# $1 side (base|head), $2 override style (none|npm|pnpm|yarn)
app_manifest() {
  local side="$1" style="$2" overrides=""
  if [ "$side" = base ]; then
    case "$style" in
      npm) overrides=', "overrides": { "follow-redirects": "1.15.6" }' ;;
      # pnpm 7 and 8 settle on 1.15.6 for axios' ^1.15.6 even without the override, so
      # their base pins an older release to keep a transitive-only change in the pair.
      pnpm) overrides=', "pnpm": { "overrides": { "follow-redirects": "1.15.4" } }' ;;
      yarn) overrides=', "resolutions": { "follow-redirects": "1.15.6" }' ;;
    esac
    cat <<JSON
{
  "name": "fixture-app",
  "version": "1.0.0",
  "private": true,
  "dependencies": { "axios": "1.6.8", "chalk": "4.1.0", "lodash": "4.17.20", "ms": "2.1.3" },
  "devDependencies": { "@types/node": "20.11.0", "semver": "7.5.4" },
  "peerDependencies": { "semver": "^7.5.0" },
  "optionalDependencies": { "nanoid": "3.3.6" }${overrides}
}
JSON
  else
    cat <<JSON
{
  "name": "fixture-app",
  "version": "1.0.0",
  "private": true,
  "dependencies": { "axios": "1.6.8", "dotenv": "16.4.5", "lodash": "4.17.21", "ms": "2.1.2" },
  "devDependencies": { "@types/node": "20.12.0", "semver": "7.6.3" },
  "peerDependencies": { "semver": "^7.6.0" },
  "optionalDependencies": { "nanoid": "3.3.7" }
}
JSON
  fi
}

# Copies the dependency files of a generated directory into the fixture tree.
store() {
  local from="$1" to="$2"
  mkdir -p "$to"
  (cd "$from" && find . -name node_modules -prune -o -name .yarn -prune -o -type f \
    \( -name package.json -o -name package-lock.json -o -name npm-shrinkwrap.json -o -name pnpm-lock.yaml -o -name yarn.lock \) -print) |
    while read -r file; do mkdir -p "$to/$(dirname "$file")"; cp "$from/$file" "$to/$file"; done
}

# $1 scenario, $2 npm spec, $3 extra flags
npm_scenario() {
  local name="$1" npm="$2" flags="$3" style="$4"
  for side in base head; do
    local dir="$WORK/$name/$side"; mkdir -p "$dir"
    app_manifest "$side" "$style" > "$dir/package.json"
    if [ "$side" = base ]; then
      sed -i "s/\"dependencies\": { /\"dependencies\": { $PINNED_TRANSITIVE, /" "$dir/package.json"
      (cd "$dir" && npx -y "$npm" install --package-lock-only --ignore-scripts $flags >/dev/null)
      app_manifest "$side" "$style" > "$dir/package.json"
    fi
    (cd "$dir" && npx -y "$npm" install --package-lock-only --ignore-scripts $flags >/dev/null)
    store "$dir" "$OUT/$name/$side"
  done
}

pnpm_scenario() {
  local name="$1" pnpm="$2"
  for side in base head; do
    local dir="$WORK/$name/$side"; mkdir -p "$dir"
    app_manifest "$side" pnpm > "$dir/package.json"
    (cd "$dir" && npx -y "$pnpm" install --lockfile-only --ignore-scripts --registry="$REGISTRY" >/dev/null)
    store "$dir" "$OUT/$name/$side"
  done
}

yarn_classic_scenario() {
  local name=yarn-classic
  for side in base head; do
    local dir="$WORK/$name/$side"; mkdir -p "$dir"
    app_manifest "$side" yarn > "$dir/package.json"
    printf 'disable-self-update-check true\nregistry "%s"\n' "$REGISTRY" > "$dir/.yarnrc"
    # Yarn 1 has no lockfile-only mode; --ignore-scripts keeps the install inert.
    (cd "$dir" && npx -y yarn@1.22.22 install --ignore-scripts --no-bin-links --non-interactive --registry "$REGISTRY" >/dev/null)
    store "$dir" "$OUT/$name/$side"
  done
}

yarn_berry_scenario() {
  local name=yarn-berry
  for side in base head; do
    local dir="$WORK/$name/$side"; mkdir -p "$dir"
    app_manifest "$side" yarn > "$dir/package.json"
    # An empty yarn.lock marks the project root so Yarn does not look at parent folders.
    : > "$dir/yarn.lock"
    printf 'enableTelemetry: false\nnpmRegistryServer: "%s"\nnodeLinker: node-modules\n' "${REGISTRY%/}" > "$dir/.yarnrc.yml"
    (cd "$dir" && npx -y -p @yarnpkg/cli-dist@4 yarn install --mode=update-lockfile >/dev/null)
    store "$dir" "$OUT/$name/$side"
  done
}

workspace_manifests() {
  local side="$1" dir="$2"
  mkdir -p "$dir/packages/web" "$dir/packages/api"
  if [ "$side" = base ]; then
    echo '{ "name": "fixture-monorepo", "private": true, "workspaces": ["packages/*"], "devDependencies": { "typescript": "5.3.3" } }' > "$dir/package.json"
    echo '{ "name": "@fixture/web", "version": "1.0.0", "dependencies": { "lodash": "4.17.20", "ms": "2.1.2", "@fixture/api": "1.0.0" } }' > "$dir/packages/web/package.json"
    echo '{ "name": "@fixture/api", "version": "1.0.0", "dependencies": { "lodash": "4.17.20", "ms": "2.0.0", "axios": "1.6.8" } }' > "$dir/packages/api/package.json"
  else
    echo '{ "name": "fixture-monorepo", "private": true, "workspaces": ["packages/*"], "devDependencies": { "typescript": "5.4.5" } }' > "$dir/package.json"
    echo '{ "name": "@fixture/web", "version": "1.0.0", "dependencies": { "lodash": "4.17.21", "ms": "2.1.3", "@fixture/api": "1.0.0" } }' > "$dir/packages/web/package.json"
    echo '{ "name": "@fixture/api", "version": "1.0.0", "dependencies": { "lodash": "4.17.21", "ms": "2.1.3", "axios": "1.6.8" } }' > "$dir/packages/api/package.json"
  fi
}

npm_workspaces_scenario() {
  local name=npm-workspaces
  for side in base head; do
    local dir="$WORK/$name/$side"; mkdir -p "$dir"
    workspace_manifests "$side" "$dir"
    (cd "$dir" && npx -y npm@11 install --package-lock-only --ignore-scripts >/dev/null)
    store "$dir" "$OUT/$name/$side"
  done
}

grouped_scenario() {
  local name=npm-grouped
  local base='"commander": "11.0.0", "uuid": "9.0.0", "dotenv": "16.3.1", "picocolors": "1.0.0", "nanoid": "3.3.6", "kleur": "4.1.4", "mime": "3.0.0", "minimist": "1.2.7", "escape-html": "1.0.2", "ini": "4.1.0", "yaml": "2.3.1", "semver": "7.5.4", "ms": "2.1.2"'
  local head='"commander": "12.1.0", "uuid": "9.0.1", "dotenv": "16.4.5", "picocolors": "1.1.0", "nanoid": "3.3.7", "kleur": "4.1.5", "mime": "4.0.4", "minimist": "1.2.8", "escape-html": "1.0.3", "ini": "4.1.3", "yaml": "2.4.5", "semver": "7.6.3", "ms": "2.1.3"'
  for side in base head; do
    local dir="$WORK/$name/$side"; mkdir -p "$dir"
    local deps="$base"; [ "$side" = head ] && deps="$head"
    echo "{ \"name\": \"fixture-grouped\", \"version\": \"1.0.0\", \"private\": true, \"dependencies\": { $deps } }" > "$dir/package.json"
    (cd "$dir" && npx -y npm@11 install --package-lock-only --ignore-scripts >/dev/null)
    store "$dir" "$OUT/$name/$side"
  done
}

run() {
  case "$1" in
    npm-v1) npm_scenario npm-v1 npm@6 "" none ;;
    npm-v2) npm_scenario npm-v2 npm@11 "--lockfile-version=2" none ;;
    npm-v3) npm_scenario npm-v3 npm@11 "" none ;;
    npm-workspaces) npm_workspaces_scenario ;;
    npm-grouped) grouped_scenario ;;
    pnpm-v5) pnpm_scenario pnpm-v5 pnpm@7 ;;
    pnpm-v6) pnpm_scenario pnpm-v6 pnpm@8 ;;
    pnpm-v9) pnpm_scenario pnpm-v9 pnpm@9 ;;
    yarn-classic) yarn_classic_scenario ;;
    yarn-berry) yarn_berry_scenario ;;
    *) echo "unknown scenario: $1" >&2; exit 2 ;;
  esac
  echo "generated $1"
}

SCENARIOS=("$@")
[ ${#SCENARIOS[@]} -eq 0 ] && SCENARIOS=(npm-v1 npm-v2 npm-v3 npm-workspaces npm-grouped pnpm-v5 pnpm-v6 pnpm-v9 yarn-classic yarn-berry)
for scenario in "${SCENARIOS[@]}"; do rm -rf "${OUT:?}/$scenario"; run "$scenario"; done
