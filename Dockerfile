# The product in one image: the built web app and the bundled server (`npm start` without its rebuild step).
FROM node:20-bookworm-slim AS build
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
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 STORAGE_DIR=/app/storage
WORKDIR /app
COPY --from=build --chown=node:node /app ./
RUN mkdir -p /app/storage && chown node:node /app/storage
USER node
EXPOSE 3000
# Applies pending migrations, seeds an empty database, then serves the API, tRPC and the web app.
# apps/server/bin/serve.sh sets the node flags and malloc settings for small idle memory.
CMD ["sh", "apps/server/bin/serve.sh"]
