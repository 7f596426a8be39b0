#!/bin/sh
# An example notify command for 'planner health --notify':
#
#   planner health journal.csv --notify 'Examples/notify-care-team.sh care@example.org'
#
# planner runs it with /bin/sh -c when an alert fires, with the alert JSON on standard input:
# alert_id, patient_id, rule_set (id, name, sha256), day, severity, alerts, messages and the
# verdict with its evidence (docs/health.md, "Telling the care team"). It mails the JSON to the address given,
# or, where no 'mail' program is installed, appends it to $PLANNER_ALERT_LOG (default
# ~/planner-alerts.log). Exiting non-zero tells planner the alert was not delivered: planner
# then keeps it in the outbox and tries again on the next run.
set -eu

to="${1:?usage: notify-care-team.sh ADDRESS}"
payload="$(cat)"
# Top-level lines of the pretty-printed JSON: the patient, the day, and the first message.
patient="$(printf '%s\n' "$payload" | sed -n 's/^  "patient_id" : "\(.*\)",$/\1/p')"
today="$(printf '%s\n' "$payload" | sed -n 's/^  "day" : "\(.*\)",$/\1/p')"
message="$(printf '%s\n' "$payload" | sed -n '/^  "messages" : \[/{n;s/^    "\(.*\)",\{0,1\}$/\1/p;}')"

if command -v mail >/dev/null 2>&1; then
  printf '%s\n' "$payload" | mail -s "planner alert for $patient on $today: $message" "$to"
else
  log="${PLANNER_ALERT_LOG:-$HOME/planner-alerts.log}"
  {
    printf '# to %s, %s on %s: %s\n' "$to" "$patient" "$today" "$message"
    printf '%s\n' "$payload"
  } >>"$log"
  echo "notify-care-team: no 'mail' program; the alert was appended to $log" >&2
fi
