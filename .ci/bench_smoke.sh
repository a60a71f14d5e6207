#!/usr/bin/env bash
# Every benchmark once, with small arguments, so that none of them rots unnoticed (one
# crashed for months: bench_frozen.py). Figures are printed, nothing is asserted on time:
# a benchmark fails this only by crashing or by running past its time limit.
#
# Usage: .ci/bench_smoke.sh [python]   (.ci/run passes the venv's python)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${1:-python}
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
SHADOWS_HOME=$(mktemp -d)
export SHADOWS_HOME
trap 'rm -rf "$SHADOWS_HOME"' EXIT
start=$(date +%s)
failed=()

# A benchmark added to bench/ without a line below would never be smoke-tested: refuse.
for f in build_scripts/bench/*.py; do
  if ! grep -q "^bench [0-9]* $(basename "$f") " .ci/bench_smoke.sh; then
    echo "$f has no line in .ci/bench_smoke.sh" >&2
    exit 1
  fi
done

bench() {  # bench <limit seconds> <script> [args...]
  local limit=$1 script=$2
  shift 2
  local path=build_scripts/bench/$script
  echo "--- $path $* ($(( $(date +%s) - start ))s)"
  if ! timeout "$limit" "$PY" "$path" "$@"; then
    failed+=("$script")
    echo "!!! $script failed or ran past ${limit}s" >&2
  fi
}

bench 120 bench_chasing.py --seconds 0.5
bench 120 bench_harsh.py --seconds 0.5 --positions 2
bench 60 bench_harsh.py --ratio --seconds 0.5
bench 60 bench_harsh.py --play proto --games 1
bench 60 bench_chasing.py --play proto --games 1
bench 240 bench_hunters.py --seconds 0.3 --only speed
bench 300 bench_harsh_ai.py --games 1 --difficulties standard --work 200
bench 300 bench_hunters_ai.py --games 1 --players 5 --think-ms 20 --one-way
bench 180 bench_review.py --games 2 --players 5 --rounds 1
bench 180 bench_startup.py --runs 1 --no-frames
bench 300 bench_frames.py --actions 8 --finish 0 --games hunters,harsh,chasing
bench 180 bench_phones.py --players 4 --seconds 5 --idle 2
bench 300 bench_coach.py --only timing --positions 1 --game chasing
bench 600 bench_frozen.py --runs 1 --no-onefile

echo "--- benchmarks done in $(( $(date +%s) - start ))s"
if [ ${#failed[@]} -gt 0 ]; then
  echo "benchmarks that failed: ${failed[*]}" >&2
  exit 1
fi
