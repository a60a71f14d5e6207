#!/usr/bin/env bash
# Build the one-folder app with PyInstaller and smoke-test the frozen executable:
# unpack the .tar.gz that users download, then run `--self-test` from it twice, with the
# SDL dummy video driver and in a real X window (Xvfb). Fails if the build or either run
# fails, or if the app wrote anything beside itself.
#
# Usage: .ci/build_smoke.sh [python]   (the venv's python; .ci/run passes it; default python)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${1:-python}
start=$(date +%s)
say() { echo "--- $* ($(( $(date +%s) - start ))s)"; }

say "build (python build_scripts/build.py)"
"$PY" build_scripts/build.py
build_seconds=$(( $(date +%s) - start ))

version=$("$PY" -c 'import sys; sys.path.insert(0, "build_scripts"); import build; print(build.artefact_stem(build.read_version()))')
archive="$PWD/dist/${version}.tar.gz"
test -f "$archive" || { echo "missing $archive" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xzf "$archive" -C "$work"
app_dir="$work/$version"
app="$app_dir/ShadowsTabletop"
test -x "$app" || { echo "no executable in $archive" >&2; exit 1; }
for f in shadows-tabletop.desktop install-desktop-entry.sh _internal/assets/theme.json; do
  test -e "$app_dir/$f" || { echo "missing $f in $archive" >&2; exit 1; }
done
# The licence texts of everything bundled (build_scripts/licences.py decides what that is).
for name in $("$PY" -c 'import sys; sys.path.insert(0, "build_scripts"); import licences; print(*licences.bundled_distributions())') Python SDL2; do
  test -n "$(ls -A "$app_dir/_internal/licenses/$name" 2>/dev/null)" || { echo "no licence text for $name in $archive" >&2; exit 1; }
done
for f in _internal/licenses/THIRD-PARTY.txt _internal/licenses/pygame-ce/LGPL-2.1.txt _internal/licenses/pygame-ce/pygame-ce-SWAPPING.txt _internal/LICENSE _internal/pygame/__init__.py; do
  test -f "$app_dir/$f" || { echo "missing $f in $archive" >&2; exit 1; }
done
(cd "$app_dir" && find . | sort) > "$work/before.txt"

# A private user folder, no crash window waiting for a key, and a current directory that
# is neither the repo nor the app folder, so nothing can be found by accident.
export SHADOWS_HOME="$work/home"
export SHADOWS_NO_CRASH_WINDOW=1
export SDL_AUDIODRIVER=dummy
export PYGAME_HIDE_SUPPORT_PROMPT=1
mkdir -p "$work/elsewhere"
cd "$work/elsewhere"

say "frozen --self-test, SDL_VIDEODRIVER=dummy"
SDL_VIDEODRIVER=dummy timeout 120 "$app" --self-test
# Once per language: the self-test fails when a language's catalog or font is missing
for lang in ja de fr; do
  say "frozen --self-test --lang $lang"
  SDL_VIDEODRIVER=dummy timeout 120 "$app" --self-test --lang "$lang"
done

say "frozen --self-test under Xvfb"
command -v xvfb-run >/dev/null || { echo "xvfb-run is not installed (apt-get install xvfb xauth)" >&2; exit 1; }
timeout 120 xvfb-run -a -s '-screen 0 1280x720x24' "$app" --self-test

(cd "$app_dir" && find . | sort) > "$work/after.txt"
if ! diff -u "$work/before.txt" "$work/after.txt"; then
  echo "the frozen app wrote files beside itself (see above)" >&2
  exit 1
fi
test -z "$(ls -A "$work/elsewhere")" || { echo "the frozen app wrote into the current directory" >&2; exit 1; }

if command -v objdump >/dev/null; then
  # The oldest Linux the build runs on: the newest glibc symbol version any part asks for.
  glibc=$(find "$app_dir" -type f \( -name '*.so*' -o -name ShadowsTabletop \) -exec objdump -T {} + 2>/dev/null \
    | grep -o 'GLIBC_[0-9.]*' | sort -u -t. -k2,2n -k3,3n | tail -1)
  say "the frozen app needs ${glibc/_/ } or newer"
fi
say "build ${build_seconds}s; one folder $(du -sh "$app_dir" | cut -f1), packed $(du -h "$archive" | cut -f1)"
say "frozen build smoke test passed"
