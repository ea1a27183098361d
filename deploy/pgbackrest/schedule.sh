#!/bin/sh
# The backup schedule of the `production` profile (decision 102): once the primary answers, the
# stanza is created (idempotent) and checked (a WAL segment must reach the repository); then every
# day at BACKUP_HOUR (UTC, default 2) a differential backup, and a full one on FULL_DAY (ISO weekday,
# default 7 = Sunday). pgBackRest turns a differential backup into a full one when there is none
# yet, and expires what the retention (pgbackrest.conf) no longer keeps after each backup. A failed
# backup is logged and the next day's runs as usual; `docker compose exec backup pgbackrest info`
# shows the backups and the archived WAL's range.
set -u
STANZA=radarfirme
BACKUP_HOUR=${BACKUP_HOUR:-2}
FULL_DAY=${FULL_DAY:-7}
if [ -z "${PGBACKREST_REPO1_CIPHER_PASS:-}" ]; then echo "set PGBACKREST_REPO1_CIPHER_PASS (the backup repository's encryption passphrase)" >&2; exit 1; fi
until pg_isready -h /var/run/postgresql -U postgres >/dev/null 2>&1; do sleep 2; done
pgbackrest --stanza=$STANZA stanza-create || exit 1
pgbackrest --stanza=$STANZA check || echo "pgbackrest check failed: archive_command does not reach the repository" >&2
# The first backup at once: the archive is useless without one.
pgbackrest --stanza=$STANZA --type=diff backup || echo "first backup failed" >&2
while true; do
  # Sleep to the next BACKUP_HOUR:00 UTC.
  now=$(date -u +%s)
  next=$(date -u -d "$(date -u +%Y-%m-%d) ${BACKUP_HOUR}:00" +%s)
  [ "$next" -le "$now" ] && next=$((next + 86400))
  sleep $((next - now))
  if [ "$(date -u +%u)" = "$FULL_DAY" ]; then type=full; else type=diff; fi
  pgbackrest --stanza=$STANZA --type=$type backup || echo "$type backup failed" >&2
done
