#!/usr/bin/env bash
# Counts what the room server does per confirmed action under the load test: system calls,
# context switches, CPU time and page faults, taken with `perf stat` on the server process over
# a fixed window of the measured play and divided by the actions the server itself counted
# (`cozcade_actions_total` in /metrics) in that window. Counts of system calls and context
# switches depend far less on other processes than CPU time does, so two builds can be compared
# on a busy machine; CPU time per action is printed too, for a quiet one.
#
#   server/loadtest/per-move.sh SERVER_BIN [cozcade-loadtest arguments...]
#
# e.g. server/loadtest/per-move.sh target/release/cozcade-server --rooms 5000 --rate 6000 --seconds 40
#
# SERVER_BIN may be a build of an older commit: flags it does not know (the per-address limits,
# which the load test lifts) are left out. Environment: LOADTEST (default: cozcade-loadtest
# beside SERVER_BIN), WINDOW (seconds counted, default 15), SETTLE (seconds of play before the
# window opens, default 5), CALLGRIND=1 (run the server under valgrind's callgrind and count the
# instructions it executes per action instead: independent of the machine's load, but the
# server runs ~50x slower, so keep the rate low, e.g. --rooms 50 --rate 100), SYSCALLS=1 (count
# each of the system calls the server makes most, per action, instead of their sum). Needs
# perf (Debian: linux-perf) or valgrind, curl and ss.
set -euo pipefail

server=$(realpath "${1:?usage: per-move.sh SERVER_BIN [load test arguments...]}")
shift
loadtest=${LOADTEST:-$(dirname "$server")/cozcade-loadtest}
window=${WINDOW:-15}
settle=${SETTLE:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The load test starts this wrapper as its server: it notes the pid and drops flags that
# SERVER_BIN does not know.
prefix=
if [ -n "${CALLGRIND:-}" ]; then
  prefix="valgrind --tool=callgrind --callgrind-out-file=$work/callgrind.out"
fi
"$server" --help > "$work/help.txt"
cat > "$work/server" <<EOF
#!/usr/bin/env bash
echo \$\$ > "$work/pid"
args=()
while [ \$# -gt 0 ]; do
  case "\$1" in
    --*) if ! grep -q -- "\$1[ =]" "$work/help.txt"; then shift 2; continue; fi ;;
  esac
  args+=("\$1"); shift
done
exec $prefix "$server" "\${args[@]}"
EOF
chmod +x "$work/server"

"$loadtest" --server-bin "$work/server" "$@" > "$work/loadtest.txt" 2>&1 &
load=$!
for _ in $(seq 300); do [ -s "$work/pid" ] && break; sleep 0.1; done
pid=$(cat "$work/pid")
port=
for _ in $(seq 300); do
  port=$(ss -ltnpH | grep "pid=$pid," | head -1 | awk '{print $4}' | sed 's/.*://') || true
  [ -n "$port" ] && break
  sleep 0.1
done
actions() { curl -s "http://127.0.0.1:$port/metrics" | awk '/^cozcade_actions_total/ {print $2}'; }
# The window opens once play has begun (the first action is counted) and settled.
for _ in $(seq 1200); do
  [ "$(actions || echo 0)" -gt 0 ] 2>/dev/null && break
  sleep 0.1
done
sleep "$settle"
before=$(actions)
load_average=$(cut -d' ' -f1-3 /proc/loadavg)
if [ -n "${CALLGRIND:-}" ]; then
  callgrind_control -z "$pid" > /dev/null 2>&1
  sleep "$window"
  after=$(actions)
  callgrind_control -d "$pid" > /dev/null 2>&1
else
  events=raw_syscalls:sys_enter,context-switches,task-clock,page-faults
  if [ -n "${SYSCALLS:-}" ]; then
    # Named, not `syscalls:sys_enter_*`: attaching hundreds of tracepoints to every thread
    # takes longer than the load test runs.
    for call in read write readv writev recvfrom sendto recvmsg sendmsg epoll_wait epoll_ctl \
      futex pwrite64 pread64 fdatasync fsync sched_yield madvise mmap munmap mprotect brk \
      clock_nanosleep ioctl fcntl lseek; do
      events="$events,syscalls:sys_enter_$call"
    done
  fi
  perf stat -x, -o "$work/perf.csv" -e "$events" -p "$pid" -- sleep "$window"
  after=$(actions)
fi
wait "$load" || true
moves=$((after - before))

echo "server: $server"
echo "window: ${window} s, $moves actions confirmed, load average $load_average at the start"
if [ -n "${CALLGRIND:-}" ]; then
  # The dump taken at the end of the window (callgrind.out.1; callgrind.out is the rest).
  callgrind_annotate "$work/callgrind.out.1" 2> /dev/null |
    awk -v n="$moves" '/PROGRAM TOTALS/ { gsub(",", "", $1); printf "instructions per action: %d\n", $1 / n }'
else
awk -F, -v n="$moves" '
  $3 == "raw_syscalls:sys_enter" { printf "system calls per action:     %8.2f\n", $1 / n }
  $3 == "context-switches"       { printf "context switches per action: %8.2f\n", $1 / n }
  $3 == "page-faults"            { printf "page faults per action:      %8.2f\n", $1 / n }
  $3 == "task-clock"             { printf "server CPU per action:       %8.1f us\n", $1 * 1000 / n }
' "$work/perf.csv"
awk -F, -v n="$moves" '$3 ~ /^syscalls:sys_enter_/ && $1 + 0 > 0 {
  sub("syscalls:sys_enter_", "", $3); printf "  %-14s per action: %8.2f\n", $3, $1 / n
}' "$work/perf.csv" | sort -k4 -nr
fi
echo "--- the load test's own report:"
sed -n '/^---/,$p' "$work/loadtest.txt"
