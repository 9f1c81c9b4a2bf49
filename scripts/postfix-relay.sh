#!/usr/bin/env bash
# Writes a throwaway Postfix configuration into DIR and runs Postfix (Debian's package) in the
# foreground on 127.0.0.1:PORT, its log on standard output: relaying for loopback clients only,
# every recipient delivered to the Maildir DIR/mail/maildir/ (`virtual` with a static map), no
# chroot. For the delivery tests (Tests/BeckonTestSupport/PostfixRelay.swift) and
# scripts/bench-delivery.py; run as root (the daemons drop to the postfix user).
# `postfix -c DIR/etc stop` ends it.
#
#   scripts/postfix-relay.sh DIR PORT
set -euo pipefail
dir=$1
port=$2
mkdir -p "$dir/etc" "$dir/queue" "$dir/data" "$dir/mail"
cat >"$dir/etc/main.cf" <<CONFIG
compatibility_level = 3.6
config_directory = $dir/etc
queue_directory = $dir/queue
data_directory = $dir/data
mail_owner = postfix
setgid_group = postdrop
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
myhostname = relay.test
mydestination =
mynetworks = 127.0.0.0/8
smtpd_relay_restrictions = permit_mynetworks, reject
virtual_mailbox_domains = static:all
virtual_mailbox_base = $dir/mail
virtual_mailbox_maps = static:maildir/
virtual_uid_maps = static:$(id -u nobody)
virtual_gid_maps = static:$(id -g nobody)
maillog_file = /dev/stdout
smtputf8_enable = no
biff = no
smtpd_client_connection_rate_limit = 0
default_process_limit = 100
CONFIG
cat >"$dir/etc/master.cf" <<CONFIG
127.0.0.1:$port inet n - n - - smtpd
pickup unix n - n 60 1 pickup
cleanup unix n - n - 0 cleanup
qmgr unix n - n 300 1 qmgr
rewrite unix - - n - - trivial-rewrite
bounce unix - - n - 0 bounce
defer unix - - n - 0 bounce
trace unix - - n - 0 bounce
verify unix - - n - 1 verify
flush unix n - n 1000? 0 flush
proxymap unix - - n - - proxymap
smtp unix - - n - - smtp
relay unix - - n - - smtp
showq unix n - n - - showq
error unix - - n - - error
retry unix - - n - - error
discard unix - - n - - discard
local unix - n n - - local
virtual unix - n n - - virtual
lmtp unix - - n - - lmtp
anvil unix - - n - 1 anvil
scache unix - - n - 1 scache
postlog unix-dgram n - n - 1 postlogd
CONFIG
chown postfix "$dir/data"
chown nobody:"$(id -gn nobody)" "$dir/mail"
exec /usr/sbin/postfix -c "$dir/etc" start-fg
