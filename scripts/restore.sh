#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh. Usage: scripts/restore.sh <folder>
# Stop every server process first. With DATABASE_URL the dump replaces that database's contents
# (it should be empty or a copy to overwrite); DATA_DIR receives the media and keys.
set -euo pipefail
from="${1:?usage: scripts/restore.sh <folder>}"
data="${DATA_DIR:-./data}"
[ -f "$from/data.tar.gz" ] || { echo "no $from/data.tar.gz: not a backup folder" >&2; exit 1; }
mkdir -p "$data"

if [ -f "$from/database.dump" ]; then
  [ -n "${DATABASE_URL:-}" ] || { echo "this backup holds a PostgreSQL dump: set DATABASE_URL to the database to restore into" >&2; exit 1; }
  pg_restore --clean --if-exists --no-owner --no-privileges --exit-on-error --dbname "$DATABASE_URL" "$from/database.dump"
  echo "database restored"
elif [ -e "$data/pglite" ]; then
  echo "$data already holds an embedded database: restore into an empty DATA_DIR" >&2
  exit 1
fi
tar -xzf "$from/data.tar.gz" -C "$data"
echo "files restored into $data (backup of $(cat "$from/taken-at" 2>/dev/null || echo "unknown date"))"
