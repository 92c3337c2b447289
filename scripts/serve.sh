#!/bin/sh
# The compiled server (build/server/start.js; scripts/build-server.mjs makes it) as production
# runs it: `npm start` and the Dockerfile start it through this file, so both run the same
# process with the same memory settings. `exec`: the server takes this shell's place (same pid,
# signals reach it directly).
#
# MALLOC_MMAP_THRESHOLD_: glibc serves blocks from 64 KiB up with mmap and returns them to the
# system when freed. By default it raises that threshold to the size of each large block freed
# (up to 32 MiB), after which buffers of a few hundred KiB (request and response bodies,
# compressed bodies, SQLite's work) come from its heaps and stay resident once freed. Under
# `npm run bench:api` the server's peak RSS was ~250 MiB with this setting, ~300 without.
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-65536}"
exec node --enable-source-maps "$(dirname "$0")/../build/server/start.js" "$@"
