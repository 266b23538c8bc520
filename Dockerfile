# The product in one image: the built web app and the bundled server, with the server's production dependencies only.
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV PRISMA_HIDE_UPDATE_MESSAGE=1 NPM_CONFIG_UPDATE_NOTIFIER=false
# Manifests first, so the dependency layer is cached until they change. The root postinstall generates the
# Prisma client, which needs the schema, its config and the script.
COPY package.json package-lock.json prisma.config.ts ./
COPY scripts ./scripts
COPY prisma ./prisma
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# What runs: the server's bundle (our code and the generated Prisma client are compiled in), the built web app, the
# migrations, and only the npm packages the server imports at run time, at the lockfile's versions (no web, test or
# build tooling: about a third of the workspace's node_modules).
FROM node:24-bookworm-slim AS runtime-deps
WORKDIR /runtime
ENV NPM_CONFIG_UPDATE_NOTIFIER=false
COPY --from=build /app/package.json /app/package-lock.json /app/
COPY --from=build /app/packages/domain/package.json /app/packages/domain/
COPY --from=build /app/apps/server/package.json /app/apps/server/
COPY --from=build /app/scripts/runtime-package.mjs /app/scripts/
RUN node /app/scripts/runtime-package.mjs /runtime && npm install --omit=dev --ignore-scripts --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 STORAGE_DIR=/app/storage
WORKDIR /app
COPY --from=runtime-deps --chown=node:node /runtime/node_modules ./node_modules
COPY --from=runtime-deps --chown=node:node /runtime/package.json ./
COPY --from=build --chown=node:node /app/prisma/migrations ./prisma/migrations
COPY --from=build --chown=node:node /app/apps/server/package.json ./apps/server/
COPY --from=build --chown=node:node /app/apps/server/bin ./apps/server/bin
COPY --from=build --chown=node:node /app/apps/server/dist ./apps/server/dist
COPY --from=build --chown=node:node /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /app/storage && chown node:node /app/storage
USER node
EXPOSE 3000 3001
# Applies pending migrations, then serves the API, tRPC and the web app (demo data only with SEED_DEMO=true).
# apps/server/bin/serve.sh sets the node flags and malloc settings for small idle memory. The same image runs the
# worker process with `sh apps/server/bin/worker.sh` (health checks on WORKER_PORT, 3001; docs/scaling.md).
CMD ["sh", "apps/server/bin/serve.sh"]
