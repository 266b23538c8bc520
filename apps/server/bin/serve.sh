#!/bin/sh
# Runs the built server (apps/server/dist/main.js) with the settings that keep its idle memory small; `npm start`,
# the image, the browser tests and the idle-memory benchmark all start the product through this file.
# - One glibc malloc arena, and allocations over 32 KB mapped on their own and returned when freed: V8 compiles
#   Prisma's query compiler and the seed's code in large temporary buffers that would otherwise stay resident.
# - A young generation of at most 16 MB per semi-space, and wasm compiled function by function on first call.
#   V8 grows the young generation to its limit as soon as the server starts (loading its modules) and keeps it,
#   so the limit is resident at all times: 32 MB took 32 MB more of every figure (idle, a feed, an export) for
#   no measurable gain in lead creations through the API (npm run bench, 574-586 leads/s with either); 8 MB
#   spent a quarter of the main thread in the garbage collector and created 15-20% fewer leads per second.
# - An old-generation limit of 512 MB: far above what the server holds (lists are paged, exports streamed), and
#   it makes V8 collect before growing its heap; without it, a 100,000-row export leaves ~350 MB resident
#   instead of ~200 MB (npm run bench). SERVER_HEAP_MB changes it.
# - gc() exposed: streamed bytes (files, exports, feeds) are freed as they pass, and bulk work (start-up, an
#   import, an export, a feed build) hands its garbage back when it ends (src/core/memory-release.ts): idle RSS
#   ~222 -> ~190 MB, and a second import starts from 194 MB instead of 290.
export MALLOC_ARENA_MAX=1
export GLIBC_TUNABLES="${GLIBC_TUNABLES:+$GLIBC_TUNABLES:}glibc.malloc.mmap_threshold=32768:glibc.malloc.trim_threshold=65536"
# Arguments are further node flags (a benchmark's heap cap or profiler). SERVER_ENTRY=worker runs dist/worker.js
# (bin/worker.sh) with the same settings.
exec "${NODE:-node}" --expose-gc --max-semi-space-size=16 --max-old-space-size="${SERVER_HEAP_MB:-512}" --wasm-lazy-compilation "$@" "$(dirname "$0")/../dist/${SERVER_ENTRY:-main}.js"
