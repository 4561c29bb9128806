#!/usr/bin/env bash
# Checks that a production install works, as README's Deployment section describes it: in a
# clone of the committed HEAD (uncommitted changes are not in it), `npm ci`, `npm run build`,
# then `npm ci --omit=dev`, and the built server started the way `npm start` starts it without
# build tools, on the embedded database in a new DATA_DIR. It waits for /healthz, loads the web
# app and signs in as the admin through the API, then stops the server and removes everything.
# Exits non-zero on the first failure. Takes a few minutes (two installs and the web build).
# Usage: scripts/check-production-install.sh
set -euo pipefail

repo="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
work="$(mktemp -d "${TMPDIR:-/tmp}/balcao-install-check-XXXXXX")"
server_pid=""

cleanup() {
  status=$?
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
  if [ "$status" -eq 0 ]; then echo "production install check: passed"; else echo "production install check: FAILED" >&2; fi
  exit "$status"
}
trap cleanup EXIT

step() { printf '\n== %s\n' "$*"; }
fail() {
  echo "$*" >&2
  exit 1
}

step "clone of $(git -C "$repo" rev-parse --short HEAD) into $work/repo"
git clone --quiet --shared "$repo" "$work/repo"
cd "$work/repo"

step "npm ci"
npm ci --no-audit --no-fund --prefer-offline

step "npm run build"
npm run build

step "npm ci --omit=dev"
npm ci --omit=dev --no-audit --no-fund --prefer-offline
for dev in vite esbuild tsx vitest drizzle-kit; do
  [ ! -e "node_modules/$dev" ] || fail "dev dependency $dev is still installed"
done
[ -f server/dist/main.js ] && [ -f web/dist/index.html ] || fail "the build's output is missing after the production install"

port="$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
url="http://127.0.0.1:$port"
password="check-$(node -e 'console.log(require("node:crypto").randomBytes(12).toString("hex"))')"
mkdir "$work/data"

step "server on $url (embedded database in $work/data)"
# a clean environment: only what an operator would set for a first single-process install
env -i PATH="$PATH" HOME="$HOME" PORT="$port" HOST=127.0.0.1 DATA_DIR="$work/data" ADMIN_PASSWORD="$password" LOG_LEVEL=warn \
  node scripts/start.mjs >"$work/server.log" 2>&1 &
server_pid=$!

deadline=$((SECONDS + 180))
until curl -fsS -o /dev/null "$url/healthz" 2>/dev/null; do
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; fail "the server exited before answering /healthz"; }
  [ "$SECONDS" -lt "$deadline" ] || { cat "$work/server.log" >&2; fail "no healthy /healthz within 180 s"; }
  sleep 1
done
echo "/healthz: $(curl -fsS "$url/healthz")"

step "the web app at /"
page="$(curl -fsS -H 'accept: text/html' "$url/")" || fail "GET / failed"
grep -qi '<!doctype html' <<<"$page" || fail "GET / did not answer the web app's page"
script="$(grep -o 'src="/assets/[^"]*\.js"' <<<"$page" | head -1 | cut -d'"' -f2)"
[ -n "$script" ] || fail "the web app's page names no script"
curl -fsS -o /dev/null "$url$script" || fail "the web app's script $script is not served"
echo "page and $script served"

step "sign in as the admin"
login="$(curl -fsS -H 'content-type: application/json' -d "{\"email\":\"admin@admin.com\",\"password\":\"$password\"}" "$url/auth/login")" || fail "POST /auth/login failed"
token="$(jq -r '.token // empty' <<<"$login")"
[ -n "$token" ] || fail "no token in the sign-in answer"
me="$(curl -fsS -H "authorization: Bearer $token" "$url/auth/me")" || fail "GET /auth/me with the token failed"
[ "$(jq -r '.email' <<<"$me")" = "admin@admin.com" ] || fail "GET /auth/me answered another user: $me"
echo "signed in as $(jq -r '.email' <<<"$me") ($(jq -r '.profile' <<<"$me"))"

step "stop"
kill -TERM "$server_pid"
wait "$server_pid" || fail "the server did not stop cleanly"
server_pid=""
if grep -q '"level":[56]0' "$work/server.log"; then
  cat "$work/server.log" >&2
  fail "the server logged errors"
fi
