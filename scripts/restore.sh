#!/usr/bin/env bash
# scripts/restore.sh BACKUP_FOLDER TARGET_DATABASE_URL [MEDIA_FOLDER]
# Restores a folder written by backup.sh: the dump into TARGET_DATABASE_URL, which must be an empty
# database (create it first: createdb, or `create database …`), in one transaction; then the media
# into the bucket named by the S3_* variables when S3_ENDPOINT is set (a new or empty bucket, each
# object with the content type it had), else into MEDIA_FOLDER (default $DATA_DIR/media), which must
# be empty. Last, the restored rows are counted and compared with the manifest: exit 1 on a
# difference (decision 076). Start Muster on the restored database only after this succeeds.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
if [ $# -lt 2 ]; then
  echo "usage: scripts/restore.sh BACKUP_FOLDER TARGET_DATABASE_URL [MEDIA_FOLDER]" >&2
  exit 2
fi
backup="$1"
target="$2"
for file in database.dump manifest.json; do
  if [ ! -f "$backup/$file" ]; then
    echo "restore: $backup/$file is missing; is this a folder backup.sh wrote?" >&2
    exit 1
  fi
done

existing="$(psql "$target" -X -A -t -v ON_ERROR_STOP=1 -c "select count(*) from information_schema.tables
  where table_schema not in ('pg_catalog', 'information_schema')")"
if [ "$existing" != "0" ]; then
  echo "restore: the target database already holds $existing tables; restore into an empty one" >&2
  exit 1
fi

if [ -n "${S3_ENDPOINT:-}" ]; then
  media_target="s3:${S3_BUCKET:-muster-media}"
else
  media_folder="${3:-${DATA_DIR:-./data}/media}"
  media_target="folder:$media_folder"
  if [ -d "$media_folder" ] && [ -n "$(ls -A "$media_folder")" ]; then
    echo "restore: $media_folder is not empty; restore media into an empty folder" >&2
    exit 1
  fi
fi

# --no-owner/--no-acl: the target's owner (the role in TARGET_DATABASE_URL) owns what is restored,
# whatever role owned it at the source. One transaction: a failure leaves the database empty.
pg_restore --no-owner --no-acl --single-transaction --exit-on-error --dbname="$target" "$backup/database.dump"
echo "restore: database restored into $(psql "$target" -X -A -t -c 'select current_database()')" >&2

if [ -n "${S3_ENDPOINT:-}" ]; then
  media="$(node "$here/bucket-sync.mjs" push "$backup/media" --into-empty | tail -n 1)"
else
  mkdir -p "$media_folder"
  find "$backup/media" -mindepth 1 -maxdepth 1 ! -name .bucket-index.json -exec cp -a {} "$media_folder/" \;
  objects="$(find "$media_folder" -type f | wc -l)"
  bytes="$(find "$media_folder" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')"
  media="{\"objects\":$objects,\"bytes\":$bytes}"
fi
echo "restore: media into $media_target: $media" >&2

# The manifest's counts against the restored database's, compared by node as parsed JSON.
restored="$(psql "$target" -X -A -t -q -v ON_ERROR_STOP=1 -f "$here/table-counts.sql")"
RESTORED_TABLES="$restored" RESTORED_MEDIA="$media" MANIFEST="$backup/manifest.json" node --input-type=module -e '
  import fs from "node:fs";
  const manifest = JSON.parse(fs.readFileSync(process.env.MANIFEST, "utf8"));
  const tables = JSON.parse(process.env.RESTORED_TABLES);
  const media = JSON.parse(process.env.RESTORED_MEDIA);
  const problems = [];
  for (const name of new Set([...Object.keys(manifest.tables), ...Object.keys(tables)]))
    if (manifest.tables[name] !== tables[name])
      problems.push(`${name}: ${manifest.tables[name] ?? "absent"} in the backup, ${tables[name] ?? "absent"} restored`);
  for (const what of ["objects", "bytes"])
    if (manifest.media[what] !== media[what])
      problems.push(`media ${what}: ${manifest.media[what]} in the backup, ${media[what]} restored`);
  if (problems.length) {
    console.error("restore: the restored copy differs from the manifest:\n  " + problems.join("\n  "));
    process.exit(1);
  }
  const rows = Object.values(tables).reduce((a, b) => a + b, 0);
  console.error(`restore: ${Object.keys(tables).length} tables, ${rows} rows and ${media.objects} media files match the manifest`);
'
