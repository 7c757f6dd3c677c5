#!/usr/bin/env bash
# Makes the machine's RabbitMQ ready for the site's broker mode (README, Real-time at scale): the Web-STOMP
# plugin (browsers' STOMP over WebSocket on 127.0.0.1:15674/ws) and the OAuth 2 backend that checks the
# site's signed member credentials (HS256 with the key in $RABBITMQ_TOKEN_KEY, or the one kept in
# /var/lib/rabbitmq/hanbit-token.key, made here when missing); guest (the site's publisher) stays on the
# internal backend. Installs Debian's rabbitmq-server where missing, restarts the broker when its
# configuration changed, and prints the environment the server and the tests read.
set -euo pipefail

if ! command -v rabbitmq-plugins >/dev/null 2>&1; then
  echo "rabbitmq-setup: installing Debian's rabbitmq-server" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq rabbitmq-server >/dev/null
fi

key_file=/var/lib/rabbitmq/hanbit-token.key
if [ -n "${RABBITMQ_TOKEN_KEY:-}" ]; then
  key=$RABBITMQ_TOKEN_KEY
else
  [ -s "$key_file" ] || { mkdir -p "$(dirname "$key_file")"; head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$key_file"; }
  key=$(cat "$key_file")
fi

conf_dir=/etc/rabbitmq
mkdir -p "$conf_dir"
wanted_conf=$(cat <<CONF
listeners.tcp.local = 127.0.0.1:5672
web_stomp.tcp.ip = 127.0.0.1
stomp.listeners.tcp.1 = 127.0.0.1:61613
web_stomp.tcp.port = 15674
auth_backends.1 = internal
auth_backends.2 = rabbit_auth_backend_oauth2
auth_oauth2.resource_server_id = hanbit
CONF
)
# A JSON Web Key of kind "oct" holds its secret base64url-encoded ("k"); the site signs with the key's text as bytes.
k=$(printf '%s' "$key" | base64 -w0 | tr '+/' '-_' | tr -d '=')
wanted_advanced="[{rabbitmq_auth_backend_oauth2, [{key_config, [{default_key, <<\"hanbit\">>}, {signing_keys, #{<<\"hanbit\">> => {map, #{<<\"kty\">> => <<\"oct\">>, <<\"alg\">> => <<\"HS256\">>, <<\"k\">> => <<\"$k\">>}}}}]}]}]."
changed=0
if [ "$(cat "$conf_dir/rabbitmq.conf" 2>/dev/null)" != "$wanted_conf" ]; then printf '%s\n' "$wanted_conf" > "$conf_dir/rabbitmq.conf"; changed=1; fi
if [ "$(cat "$conf_dir/advanced.config" 2>/dev/null)" != "$wanted_advanced" ]; then printf '%s\n' "$wanted_advanced" > "$conf_dir/advanced.config"; changed=1; fi
chmod 640 "$conf_dir/advanced.config"; chown root:rabbitmq "$conf_dir/advanced.config" 2>/dev/null || true

# Each browser socket is a connection to Web-STOMP: the 1,024 open files a `su rabbitmq` session gets ran out at
# about a thousand sockets (emfile), and the broker's listeners crashed with it. The broker is started with the
# open-file limit raised to the hard limit, and restarted when it runs with less.
start_broker() {
  if [ "$(id -u)" = 0 ] && [ -x /usr/lib/rabbitmq/bin/rabbitmq-server ]; then
    su rabbitmq -s /bin/sh -c 'ulimit -n "$(ulimit -Hn)"; cd /var/lib/rabbitmq; /usr/lib/rabbitmq/bin/rabbitmq-server -detached'
  else
    rabbitmq-server -detached
  fi
}
broker_pid=$(ss -ltnpH 'sport = :5672' 2>/dev/null | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2)
if [ -n "$broker_pid" ] && [ "$(awk '/Max open files/ {print $4}' "/proc/$broker_pid/limits" 2>/dev/null || echo 0)" -lt 10000 ]; then changed=1; fi

# Offline: the plugins are enabled in the enabled_plugins file and start with the node.
rabbitmq-plugins enable --offline rabbitmq_web_stomp rabbitmq_auth_backend_oauth2 >/dev/null

if rabbitmqctl -q status >/dev/null 2>&1; then
  if [ "$changed" = 1 ] || ! rabbitmqctl -q status 2>/dev/null | grep -q 15674; then
    echo "rabbitmq-setup: restarting RabbitMQ with the site's configuration" >&2
    rabbitmqctl -q stop >/dev/null 2>&1 || true
    start_broker
  fi
else
  start_broker
fi
for _ in $(seq 1 60); do
  if rabbitmqctl -q await_startup >/dev/null 2>&1 && (exec 3<>/dev/tcp/127.0.0.1/15674) 2>/dev/null; then
    echo "RABBITMQ_URL=amqp://guest:guest@127.0.0.1:5672"
    echo "RABBITMQ_STOMP_URL=ws://127.0.0.1:15674/ws"
    echo "RABBITMQ_TOKEN_KEY=$key"
    exit 0
  fi
  sleep 1
done
echo "rabbitmq-setup: RabbitMQ did not come up with Web-STOMP on 127.0.0.1:15674" >&2
exit 1
