#!/bin/sh
# The primary of docker-compose.yml's `production` profile: a role the streaming replica connects
# with (REPLICATION_PASSWORD), allowed from the compose network. Runs once, on an empty data folder.
set -eu
# Empty in the compose file when the operator did not set it (no `:?` there: it would stop the dev profile too).
if [ -z "${REPLICATION_PASSWORD:-}" ]; then echo "set REPLICATION_PASSWORD (the streaming replica's password)" >&2; exit 1; fi
psql -v ON_ERROR_STOP=1 -U "$POSTGRES_USER" -d "$POSTGRES_DB" -c "CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD '${REPLICATION_PASSWORD}'"
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
