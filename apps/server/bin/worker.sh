#!/bin/sh
# Runs the built worker (apps/server/dist/worker.js): the BullMQ workers and the SLA sweep on their own, beside API
# instances started with RUN_WORKERS=false (docs/scaling.md). Same node flags and malloc settings as the server.
SERVER_ENTRY=worker exec sh "$(dirname "$0")/serve.sh" "$@"
