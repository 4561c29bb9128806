# Balcão: one image for every role (ROLE=all, web or worker).
# Build: docker build -t balcao .      Run: see compose.yaml and the README's Deployment section.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# dependencies first: this layer is reused while only sources change
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY server/package.json server/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY common common
COPY server server
COPY web web
COPY scripts scripts
# the web app and the server compiled to JavaScript, then the build tools removed
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/common/package.json common/
COPY --from=build /app/server/package.json server/
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/web/package.json web/
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/scripts/balcao.mjs scripts/
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--enable-source-maps", "server/dist/main.js"]
