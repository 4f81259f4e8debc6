# syntax=docker/dockerfile:1
# One container: the app on the embedded database in /data, or on PostgreSQL with DATABASE_URL.
# Without a Docker daemon, scripts/docker-rehearsal.sh performs these steps (and .ci/run runs it).

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The install command .ci/run uses too (npm ci), so a lock file it refuses fails CI first.
COPY scripts/install-deps.sh ./scripts/
RUN sh scripts/install-deps.sh
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
RUN mkdir -p /data && chown node:node /data
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/prisma/migrations ./prisma/migrations
# The offline demo video model's clips, read at run time (scripts/make-demo-clips.sh).
COPY --from=build /app/assets/demo-clips ./assets/demo-clips
COPY --from=build /app/package.json /app/server.js ./
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SESSION_SECRET is required: docker run -e SESSION_SECRET=$(openssl rand -hex 32) ...
CMD ["node", "--experimental-wasm-modules", "server.js"]
