# repo-actions serve: the webhook service (docs/service.md). Multi-stage: the command line is bundled with ncc in
# the build stage; the runtime stage holds only that bundle and runs as the unprivileged `node` user.
# node:sqlite (the embedded store) is built into Node 24; PostgreSQL (`pg`) is inside the bundle.

FROM node:24-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
COPY actions ./actions
RUN node scripts/build.mjs cli

FROM node:24-slim
ENV NODE_ENV=production \
    REPO_ACTIONS_DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /src/dist/cli ./dist/cli
COPY --from=build --chown=root:root /src/package.json ./package.json
# The embedded store's directory (without DATABASE_URL): a volume owned by the service's user.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "/app/dist/cli/index.js", "serve", "--host", "0.0.0.0"]
