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
python3 scripts/smtp-relay.py --port 0 --maildir "$work/mail" >"$work/relay.out" 2>"$work/relay.err" &
relay=$!
trap 'kill $relay 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do
    [ -s "$work/relay.out" ] && break
    kill -0 $relay 2>/dev/null || { cat "$work/relay.err" >&2; exit 1; }
    sleep 0.1
done
relay_port=$(head -n 1 "$work/relay.out")
python3 scripts/webhook-receiver.py --port 0 --dir "$work/hooks" >"$work/hooks.out" 2>"$work/hooks.err" &
hooks=$!
trap 'kill $relay $hooks 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do
    [ -s "$work/hooks.out" ] && break
    kill -0 $hooks 2>/dev/null || { cat "$work/hooks.err" >&2; exit 1; }
    sleep 0.1
done
hooks_port=$(head -n 1 "$work/hooks.out")
export BECKON_WEBHOOK_SECRET="whsec_$(head -c 32 /dev/urandom | base64)"
"$beckon" serve --site . --port 0 --database "$work/invites.sqlite" --smtp "smtp://127.0.0.1:$relay_port?tls=none" \
    --webhook "http://127.0.0.1:$hooks_port/hooks" >"$work/serve.out" 2>"$work/serve.err" &
server=$!
trap 'kill $server $relay $hooks 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 600); do
    grep -q "http://127.0.0.1:" "$work/serve.out" 2>/dev/null && break
    kill -0 $server 2>/dev/null || { cat "$work/serve.err" >&2; exit 1; }
    sleep 0.1
done
url=$(grep -o "http://127.0.0.1:[0-9]*/" "$work/serve.out")
schemathesis run "${url}v1/openapi.json" --header "Authorization: Bearer $BECKON_API_TOKEN" \
    --max-examples "$examples" --seed 1 --no-color \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance
