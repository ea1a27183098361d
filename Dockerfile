# The production image of docker-compose.yml's `production` profile (issue 32): the app built once
# (next build) with its production dependencies. The same image runs the app instances
# (scripts/serve.mjs), the senders (scripts/mail/send.ts --loop), the cron trigger and the
# migration release step (npm run db:migrate). Node 24: an LTS line with prebuilt binaries for every
# native module here (argon2, DuckDB).
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV PRISMA_HIDE_UPDATE_MESSAGE=1 NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY prisma.config.ts ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN NODE_ENV=production npx next build

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 HOST=0.0.0.0 PORT=3000 LOG_FORMAT=json
# The server process's heap, allocator and thread pool: scripts/server-runtime.mjs (decision 122;
# a unit test keeps these lines equal to it).
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=131072 UV_THREADPOOL_SIZE=8
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
CMD ["node", "--max-old-space-size=320", "--max-semi-space-size=32", "scripts/serve.mjs", "-p", "3000", "-H", "0.0.0.0"]
