#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests: Debian's server binaries, a data folder under the
# build folder, no TCP port (the server listens only on a socket in DIR/sock), trust
# authentication, a database and superuser both named `arbiter`. Run as root, the server runs as
# the `postgres` system user (initdb refuses root).
#
#   cluster.sh start DIR   initialise DIR when needed, start the server, wait until it answers;
#                          prints the connection URL
#   cluster.sh stop DIR    stop the server (fast shutdown, then immediate); quiet when not running
#   cluster.sh url DIR     the connection URL
set -euo pipefail

cmd=${1:-}
dir=${2:-}
if [ -z "$cmd" ] || [ -z "$dir" ]; then
  echo "usage: cluster.sh start|stop|url DIR" >&2
  exit 2
fi
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
# The socket sits in a short folder under /tmp (a socket path has at most 107 bytes); the data
# too when the server's user cannot reach DIR (a clone under /root, say).
key=$(printf '%s' "$dir" | md5sum | cut -c1-12)
sock="/tmp/arbiter-pg-$key"
data="$dir/data"
if [ "$(id -u)" -eq 0 ] && ! runuser -u postgres -- test -x "$dir" 2>/dev/null; then
  data="$sock/data"
fi
log="$(dirname "$data")/server.log"
url="postgresql:///arbiter?host=$sock&user=arbiter"

bindir=""
for b in /usr/lib/postgresql/*/bin; do
  [ -x "$b/pg_ctl" ] && bindir=$b
done
if [ -z "$bindir" ]; then
  echo "cluster.sh: PostgreSQL server binaries not found (Debian package postgresql)" >&2
  exit 1
fi

# Run a server binary as the owner of the cluster.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

case "$cmd" in
  url)
    echo "$url"
    ;;
  start)
    mkdir -p "$sock"
    chmod 700 "$sock"
    if [ "$(id -u)" -eq 0 ]; then
      chown postgres: "$sock"
      [ "$data" = "$dir/data" ] && chown postgres: "$dir"
    fi
    if [ ! -f "$data/PG_VERSION" ]; then
      rm -rf "$data"
      as_owner "$bindir/initdb" -D "$data" -U arbiter --auth=trust --encoding=UTF8 \
        --no-instructions >"$dir/initdb.log" 2>&1 ||
        { cat "$dir/initdb.log" >&2; exit 1; }
    fi
    # A server left running by an interrupted run is stopped first.
    as_owner "$bindir/pg_ctl" -D "$data" status >/dev/null 2>&1 &&
      as_owner "$bindir/pg_ctl" -D "$data" stop -m immediate >/dev/null 2>&1 || true
    opts="-c listen_addresses='' -c unix_socket_directories='$sock' -c fsync=off"
    opts+=" -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
    as_owner "$bindir/pg_ctl" -D "$data" -l "$log" -o "$opts" -w -t 60 start \
      >/dev/null || { tail -20 "$log" >&2; exit 1; }
    if ! as_owner "$bindir/psql" -h "$sock" -U arbiter -d postgres -tAc \
      "SELECT 1 FROM pg_database WHERE datname = 'arbiter'" | grep -q 1; then
      as_owner "$bindir/createdb" -h "$sock" -U arbiter arbiter
    fi
    echo "$url" >"$dir/url"
    echo "$url"
    ;;
  stop)
    if [ -f "$data/PG_VERSION" ]; then
      as_owner "$bindir/pg_ctl" -D "$data" stop -m fast -w -t 30 >/dev/null 2>&1 ||
        as_owner "$bindir/pg_ctl" -D "$data" stop -m immediate >/dev/null 2>&1 || true
    fi
    ;;
  *)
    echo "cluster.sh: unknown command '$cmd' (start, stop, url)" >&2
    exit 2
    ;;
esac
