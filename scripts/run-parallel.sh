#!/usr/bin/env bash
# Runs the npm scripts it is given at the same time (the static checks of `npm test`: each is one
# process, so two cores check in about the time of the slowest), then prints each one's output whole,
# in the order given. Fails, after all have finished, when any of them failed.
set -u
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
pids=()
for name in "$@"; do
  npm run --silent "$name" >"$logs/$name.log" 2>&1 &
  pids+=("$!")
done
failed=()
i=0
for name in "$@"; do
  if wait "${pids[$i]}"; then
    echo "✓ npm run $name"
  else
    echo "✗ npm run $name failed:"
    failed+=("$name")
  fi
  cat "$logs/$name.log"
  i=$((i + 1))
done
if [ "${#failed[@]}" -gt 0 ]; then
  echo "Failed: ${failed[*]}" >&2
  exit 1
fi
