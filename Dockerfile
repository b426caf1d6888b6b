# syntax=docker/dockerfile:1
# Skinhamnen's production image (docs/decisions/037-production-kit.md): a build stage compiles the
# server and the client; the runtime stage holds the build, the migrations and the production
# dependencies only, and runs node itself as an unprivileged user, so SIGTERM reaches the
# server's graceful shutdown directly. The CMD is the one `npm start` runs after its build check;
# server/production-image.test.ts starts the server with exactly this command line.

ARG NODE_IMAGE=node:20.20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/build ./build
COPY --chown=root:root package.json ./
COPY --chown=root:root drizzle ./drizzle
# The app reads its code as root-owned files and writes only DATA_DIR (generated secrets).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
VOLUME ["/app/data"]
# Liveness: the process answers and reaches its database (/readyz is for the proxy).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=2", "build/server/main.js"]
