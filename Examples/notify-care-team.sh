#!/bin/sh
# An example notify command for 'planner health --notify':
#
#   planner health journal.csv --notify 'Examples/notify-care-team.sh care@example.org'
#
# planner runs it with /bin/sh -c when an alert fires, with the verdict JSON (the same JSON as
# 'planner health --format json') on standard input. It mails the JSON to the address given,
# or, where no 'mail' program is installed, appends it to $PLANNER_ALERT_LOG (default
# ~/planner-alerts.log). Exiting non-zero tells planner the alert was not delivered: planner
# then keeps it in the outbox and tries again on the next run.
set -eu

to="${1:?usage: notify-care-team.sh ADDRESS}"
payload="$(cat)"
# The top-level "message" line of the pretty-printed JSON: what the patient was told.
message="$(printf '%s\n' "$payload" | sed -n 's/^  "message" : "\(.*\)",$/\1/p')"
today="$(printf '%s\n' "$payload" | sed -n 's/^  "today" : "\(.*\)",$/\1/p')"

if command -v mail >/dev/null 2>&1; then
  printf '%s\n' "$payload" | mail -s "planner alert for $today: $message" "$to"
else
  log="${PLANNER_ALERT_LOG:-$HOME/planner-alerts.log}"
  {
    printf '# to %s, %s: %s\n' "$to" "$today" "$message"
    printf '%s\n' "$payload"
  } >>"$log"
  echo "notify-care-team: no 'mail' program; the alert was appended to $log" >&2
fi
