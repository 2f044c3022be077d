#!/usr/bin/env bash
# scripts/backup.sh [DEST]: one dated folder under DEST (default ./backups) holding
#   database.dump   pg_dump -Fc of DATABASE_URL
#   media/          the bucket (when S3_ENDPOINT is set; through scripts/bucket-sync.mjs, with each
#                   object's content type in media/.bucket-index.json), else DATA_DIR/media
#   manifest.json   when, what, and the counts: rows per table and objects and bytes of media
# The rows are counted in the snapshot pg_dump dumps (an exported snapshot held open by psql), so the
# counts are the dump's even while the server keeps writing; restore.sh checks them. The media are
# copied after the dump: everything the dump points at existed when it was taken (decision 076).
# Needs pg_dump and psql of the server's major version or newer, and node for a bucket.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
: "${DATABASE_URL:?set DATABASE_URL to the database to back up}"
dest="${1:-./backups}"
stamp="$(date -u +%Y-%m-%dT%H%M%SZ)"
out="$dest/muster-$stamp"
if [ -e "$out" ]; then
  echo "backup: $out already exists" >&2
  exit 1
fi
mkdir -p "$out"
# A backup that did not finish must not look like one.
trap 'status=$?; if [ $status -ne 0 ]; then rm -rf "$out"; fi' EXIT

# One repeatable-read transaction exports its snapshot, counts every table in it, and stays open
# until pg_dump has dumped the same snapshot.
coproc PSQL { psql "$DATABASE_URL" -X -q -A -t -v ON_ERROR_STOP=1 2>&1; }
# Copies of the pipes and the pid: bash unsets PSQL and PSQL_PID once psql has exited.
psql_pid=$PSQL_PID
exec {to_psql}>&"${PSQL[1]}" {from_psql}<&"${PSQL[0]}"
read_until_end() {
  local line said=''
  while IFS= read -r -t 600 line <&"$from_psql"; do
    if [ "$line" = "__end__" ]; then
      printf '%s' "$said"
      return 0
    fi
    said+="$line"$'\n'
  done
  printf 'backup: psql stopped answering:\n%s' "$said" >&2
  return 1
}
cat >&"$to_psql" <<'SQL'
begin isolation level repeatable read read only;
select pg_export_snapshot();
\echo __end__
SQL
snapshot="$(read_until_end)"
if ! [[ "$snapshot" =~ ^[0-9A-F-]+$ ]]; then
  echo "backup: could not export a snapshot: $snapshot" >&2
  exit 1
fi
cat "$here/table-counts.sql" >&"$to_psql"
echo '\echo __end__' >&"$to_psql"
tables="$(read_until_end)"

pg_dump --format=custom --snapshot="$snapshot" --file="$out/database.dump" "$DATABASE_URL"
printf 'commit;\n\\q\n' >&"$to_psql"
exec {to_psql}>&-
wait "$psql_pid" 2>/dev/null || true

if [ -n "${S3_ENDPOINT:-}" ]; then
  media_source="s3:${S3_BUCKET:-muster-media}"
  media="$(node "$here/bucket-sync.mjs" pull "$out/media" | tail -n 1)"
else
  data_dir="${DATA_DIR:-./data}"
  media_source="folder:$data_dir/media"
  mkdir -p "$out/media"
  if [ -d "$data_dir/media" ]; then cp -a "$data_dir/media/." "$out/media/"; fi
  objects="$(find "$out/media" -type f | wc -l)"
  bytes="$(find "$out/media" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')"
  media="{\"objects\":$objects,\"bytes\":$bytes}"
fi

cat >"$out/manifest.json" <<JSON
{
  "createdAt": "$(date -u +%Y-%m-%dT%H:%M:%SZ)",
  "pgDump": "$(pg_dump --version)",
  "databaseBytes": $(stat -c %s "$out/database.dump"),
  "tables": $tables,
  "mediaSource": "$media_source",
  "media": $media
}
JSON
echo "$out"
