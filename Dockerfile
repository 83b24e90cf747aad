# syntax=docker/dockerfile:1
#
# Mailscribe: one image, every process role (http, smtp, worker; ROLES picks them at start).
#
#   docker build -t mailscribe .
#   docker run --env-file mailscribe.env -p 3000:3000 -p 2525:2525 -v mailscribe-data:/app/data mailscribe
#
# The image runs with NODE_ENV=production, which refuses the development stand-ins: it will not start
# until the environment sets AUTH_PROVIDER=google (with GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET),
# BILLING=stripe (with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET) or BILLING=off, and explicit
# JWT_SECRET and ENCRYPTION_KEY. Set PUBLIC_URL to the https address users reach. See README.md.
#
# Node 22 is the current LTS; the app itself supports Node >= 20.19.
ARG NODE_IMAGE=node:22-bookworm-slim

# ---- deps: every dependency, for building ---------------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci

# ---- build: the web app (dist/web) and the server with its migrations (dist/src, dist/migrations) --
FROM deps AS build
COPY tsconfig.base.json tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY migrations ./migrations
COPY web ./web
RUN npm run build

# ---- runtime: production dependencies and the build output only ----------------------------------
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app

COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

COPY --from=build /app/dist/src ./dist/src
COPY --from=build /app/dist/migrations ./dist/migrations
COPY --from=build /app/dist/web ./dist/web

# A dedicated unprivileged user; it owns only the data directory (embedded database, local files).
RUN groupadd --system --gid 10001 mailscribe \
  && useradd --system --uid 10001 --gid mailscribe --home-dir /app --no-create-home --shell /usr/sbin/nologin mailscribe \
  && mkdir -p /app/data \
  && chown mailscribe:mailscribe /app/data \
  && chmod 700 /app/data
USER mailscribe

ENV NODE_ENV=production DATA_DIR=/app/data WEB_DIR=/app/dist/web PORT=3000 SMTP_PORT=2525

# Without DATABASE_URL the embedded database lives here: mount a volume so it survives the container.
VOLUME /app/data
EXPOSE 3000 2525

# Slim images have no curl: ask /healthz with Node itself. A container started without the http role
# (ROLES=smtp,worker) has no HTTP port: run it with --no-healthcheck or override this.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"

# Migrations run at start. All roles in one container by default; set ROLES to split them.
CMD ["node", "dist/src/main.js"]
