#!/usr/bin/env bash
# Backs up a Balcão install into one folder: the database and the media, plus the keys that open
# the stored secrets. Usage: scripts/backup.sh <folder>   (reads DATABASE_URL and DATA_DIR)
# - With DATABASE_URL (PostgreSQL): pg_dump while the server runs, then DATA_DIR's media and keys.
# - Without it (embedded PGlite): stop the server first; the whole DATA_DIR is archived.
# Media kept in a bucket (MEDIA_URL) are backed up by the bucket's own versioning or replication.
set -euo pipefail
out="${1:?usage: scripts/backup.sh <folder>}"
data="${DATA_DIR:-./data}"
mkdir -p "$out"
stamp="$(date -u +%Y-%m-%dT%H-%M-%SZ)"

if [ -n "${DATABASE_URL:-}" ]; then
  pg_dump --format=custom --no-owner --no-privileges --file "$out/database.dump" "$DATABASE_URL"
  echo "database: $out/database.dump ($(du -h "$out/database.dump" | cut -f1))"
  # media and the generated keys only: the database is in the dump
  files=()
  for f in media channel.key secrets.json; do [ -e "$data/$f" ] && files+=("$f"); done
  tar -czf "$out/data.tar.gz" -C "$data" "${files[@]+"${files[@]}"}"
else
  [ -d "$data/pglite" ] || { echo "no embedded database in $data: set DATA_DIR, or DATABASE_URL for PostgreSQL" >&2; exit 1; }
  tar -czf "$out/data.tar.gz" -C "$data" .
fi
echo "files: $out/data.tar.gz ($(du -h "$out/data.tar.gz" | cut -f1))"
echo "$stamp" > "$out/taken-at"
echo "backup taken at $stamp"
