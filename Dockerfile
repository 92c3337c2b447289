# syntax=docker/dockerfile:1
#
# One image for the three processes of the at-scale deployment (api, projections, workers);
# docker-compose.yml picks the process with `command`. See docs/at-scale.md.

# Node 26, the current LTS line (.nvmrc), pinned to the release the tests run on (.ci/run takes the
# newest 26 from the npm registry; the slim Debian 12 variant, whose glibc the prebuilt native
# packages expect). Upgrading is a change of this line.
ARG NODE_IMAGE=node:26.12.1-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false

# --- deps: every dependency, native addons compiled here (better-sqlite3 falls back to node-gyp).
FROM base AS deps
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
# Whether or not this npm applies package.json's `allowScripts`, install without scripts and
# then run them only for the packages that field allows. (A bare `npm rebuild` would run every
# package's scripts, hence the emptiness check.)
RUN --mount=type=cache,target=/root/.npm \
    npm ci --ignore-scripts \
 && allowed="$(node -p "Object.entries(require('./package.json').allowScripts ?? {}).filter(([, ok]) => ok === true).map(([name]) => name).join(' ')")" \
 && if [ -n "$allowed" ]; then npm rebuild $allowed; fi

# --- build: the SPA into dist/, the server compiled into build/server/ (scripts/build-server.mjs).
FROM deps AS build
COPY . .
RUN npm run build

# --- prod-deps: drop devDependencies; the compiled addons stay as they are.
FROM deps AS prod-deps
RUN npm prune --omit=dev

# --- runtime
FROM base AS runtime
# NODE_ENV=production refuses DEV_ROUTES at start; with HOST=0.0.0.0 DEMO_DATA defaults to false
# (its published passwords are for a server on loopback only).
ENV NODE_ENV=production \
    DEV_ROUTES=false \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY domain ./domain
COPY platform ./platform
COPY api ./api
COPY projections ./projections
COPY workers ./workers
COPY scripts ./scripts
COPY --from=build /app/dist ./dist
COPY --from=build /app/build ./build
# Code stays root-owned (read-only to the app); only the data folder is writable. A named
# volume mounted here starts with this ownership.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Every role (api, projections, workers) answers /api/health/ready on PORT: 503 while a store is
# unreachable, a lease has no holder or a projection fails or stalls.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
# The compiled server runs on plain node, through scripts/serve.sh (its memory settings, as `npm start`
# runs it; the shell execs node, which stays PID 1); the sources stay for the CLI (`npm run mibi`, through tsx).
CMD ["sh", "scripts/serve.sh", "api"]
