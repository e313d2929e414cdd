# Production image: the compiled api (node, no tsx) serving the built front ends.
# Build:  docker build -t psb .        Run: see compose.yaml (app + PostgreSQL).

# --- build: install the workspace, build front ends + api, then a production-only copy of the api package
FROM node:22-bookworm-slim AS build
RUN npm install -g pnpm@12.21.0
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile
# Same command as locally: front ends into dist/, the api into api/dist/ (esbuild bundle + source map).
RUN node scripts/build.mjs --all
# The api's production dependencies only (no tsx, jest, esbuild…), as a self-contained folder.
RUN pnpm --filter @psb/api deploy --prod --legacy /out/api
# What the server migrates with, read from the source tree: the migrations and the database rules (sql/ folders).
RUN cd api/src && mkdir -p /out/db-src && find . -type d \( -path ./db/migrations -o -name sql \) -exec cp -r --parents {} /out/db-src \;

# --- runtime: the repository layout the server expects, reduced to what it runs
FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
# The server finds its root by this file (migrations, api/data and dist/ are resolved from there).
COPY --from=build /src/pnpm-workspace.yaml ./
COPY --from=build /out/api ./api
COPY --from=build /src/api/dist ./api/dist
COPY --from=build /src/api/data ./api/data
COPY --from=build /out/db-src ./api/src
COPY --from=build /src/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node runs as PID 1 (exec form): SIGTERM reaches the server, which drains requests and closes its pools.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "api/dist/server.js"]
