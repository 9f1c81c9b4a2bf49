#!/usr/bin/env bash
# Runs schemathesis (PyPI) against a live `beckon serve` on the default site, from the OpenAPI
# document the server answers at /v1/openapi.json: no answer may be a 5xx, and every answer must
# match the document (status, content type, headers, body schema). Bounded examples. Email
# invites are delivered (`--smtp`) to the scripted relay scripts/smtp-relay.py (aiosmtpd), which
# takes every message, and accepted invites posted (`--webhook`) to scripts/webhook-receiver.py, so
# the delivery members, the retry endpoint and the webhook deliveries are answered as a delivering
# server answers them.
#
#   scripts/schemathesis-serve.sh [BEACON-BINARY] [EXAMPLES]
set -euo pipefail
cd "$(dirname "$0")/.."

beckon=${1:-.build/debug/beckon}
examples=${2:-25}
command -v schemathesis >/dev/null || { echo "schemathesis-serve: schemathesis is not installed (pip install schemathesis)" >&2; exit 2; }

work=$(mktemp -d)
export BECKON_LINK_KEY=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')
export BECKON_API_TOKEN=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')
# The app's key, which schemathesis does not send: its install claims are answered 401, as documented
# (without a key the claim would answer 503, a server error to schemathesis).
export BECKON_APP_KEY=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')
# Starts a helper that prints its port on its first line (the rest of the arguments), in the
# background; sets `port` once it printed it.
start_helper() {
    local name=$1
    shift
    "$@" >"$work/$name.out" 2>"$work/$name.err" &
    helpers="${helpers:-} $!"
    for _ in $(seq 1 100); do
        [ -s "$work/$name.out" ] && break
        kill -0 $! 2>/dev/null || { cat "$work/$name.err" >&2; exit 1; }
        sleep 0.1
    done
    port=$(head -n 1 "$work/$name.out")
}
trap 'kill ${helpers:-} 2>/dev/null || true; rm -rf "$work"' EXIT
start_helper relay python3 scripts/smtp-relay.py --port 0 --maildir "$work/mail"
relay_port=$port
start_helper hooks python3 scripts/webhook-receiver.py --port 0 --dir "$work/hooks"
hooks_port=$port
export BECKON_WEBHOOK_SECRET="whsec_$(head -c 32 /dev/urandom | base64)"
"$beckon" serve --site . --port 0 --database "$work/invites.sqlite" --smtp "smtp://127.0.0.1:$relay_port?tls=none" \
    --webhook "http://127.0.0.1:$hooks_port/hooks" >"$work/serve.out" 2>"$work/serve.err" &
server=$!
trap 'kill $server ${helpers:-} 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 600); do
    grep -q "http://127.0.0.1:" "$work/serve.out" 2>/dev/null && break
    kill -0 $server 2>/dev/null || { cat "$work/serve.err" >&2; exit 1; }
    sleep 0.1
done
url=$(grep -o "http://127.0.0.1:[0-9]*/" "$work/serve.out")
schemathesis run "${url}v1/openapi.json" --header "Authorization: Bearer $BECKON_API_TOKEN" \
    --max-examples "$examples" --seed 1 --no-color \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance
