# nginx with deploy/nginx.conf in front of two `arbiter serve` processes on fixed ports, for the
# CLI sessions that test that deployment (docs/deploy.md), sourced with `tmp` (a scratch folder)
# set. nginx is started with its own prefix, pid file and logs under $tmp/nginx.
#   free_port                          prints a free TCP port on loopback
#   wait_health PORT                   waits up to 15 s for 127.0.0.1:PORT/api/health to answer 2xx
#   start_nginx ROOT FRONT PORT0 PORT1 ROOT's deploy/nginx.conf listening on 127.0.0.1:FRONT, its
#                                      two upstreams PORT0 and PORT1; returns once it answers
#   stop_nginx                         stops it (TERM, so its master stops its workers; killed
#                                      outright it would leave them holding the port)
free_port() {
  /usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
wait_health() {
  for _ in $(seq 150); do
    curl -fsS "http://127.0.0.1:$1/api/health" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  return 1
}
start_nginx() {
  local root=$1 front=$2 port0=$3 port1=$4 user=""
  mkdir -p "$tmp/nginx/logs"
  sed -e "s/server 127.0.0.1:8081\([ ;]\)/server 127.0.0.1:$port0\1/" \
      -e "s/server 127.0.0.1:8082\([ ;]\)/server 127.0.0.1:$port1\1/" \
      -e "s/listen 8080;/listen 127.0.0.1:$front;/" "$root/deploy/nginx.conf" >"$tmp/nginx/nginx.conf"
  [ "$(id -u)" -eq 0 ] && user="user root;"
  nginx -p "$tmp/nginx" -c "$tmp/nginx/nginx.conf" \
    -g "daemon off; pid $tmp/nginx/nginx.pid; error_log $tmp/nginx/logs/error.log warn; $user" \
    >"$tmp/nginx/out" 2>&1 &
  disown
  wait_health "$front" || { cat "$tmp/nginx/out" "$tmp/nginx/logs/error.log" >&2; return 1; }
}
stop_nginx() {
  [ -f "$tmp/nginx/nginx.pid" ] || return 0
  local master
  master=$(cat "$tmp/nginx/nginx.pid")
  kill -TERM "$master" 2>/dev/null
  for _ in $(seq 50); do kill -0 "$master" 2>/dev/null || break; sleep 0.05; done
  kill -9 "$master" 2>/dev/null
  rm -f "$tmp/nginx/nginx.pid"
}
