# Build: docker build -t pinochlebot .
# Run:   docker run -d --name pinochlebot --env-file .env -v pinochle-data:/data \
#          --stop-timeout 20 --restart unless-stopped pinochlebot
# The bot allows itself 15 seconds to close on SIGTERM: --stop-timeout gives it 5 more
# before Docker kills it (Docker's default is 10). README.md, "Docker", says more.
FROM golang:1.26-trixie AS build
# A private module proxy or private modules: docker build --build-arg GOPROXY=... etc.
# Declared here, they reach go mod download and go build as environment variables.
ARG GOPROXY
ARG GOFLAGS
ARG GONOSUMDB
ARG GOPRIVATE
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# SQLite comes through cgo, so the runtime image has the same Debian release (glibc).
RUN CGO_ENABLED=1 go build -trimpath -ldflags="-s -w" -o /out/pinochlebot ./cmd/pinochlebot

FROM debian:trixie-slim
# An ARG, not an ENV: apt stays quiet while the image builds, and the image's environment
# does not keep it.
ARG DEBIAN_FRONTEND=noninteractive
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --gid 10001 pinochle \
    && useradd --uid 10001 --gid 10001 --no-create-home --home-dir /data --shell /usr/sbin/nologin pinochle \
    && mkdir -p /data && chown 10001:10001 /data
COPY --from=build /out/pinochlebot /usr/local/bin/pinochlebot
# Numeric, so that a runtime (Kubernetes' runAsNonRoot) can tell it is not root.
USER 10001:10001
WORKDIR /data
# The database lives on the volume. .env.example leaves DATABASE_PATH unset so that this
# wins; set it (or DATABASE_URL) only to put the database elsewhere on purpose.
ENV DATABASE_PATH=/data/pinochle.db
VOLUME ["/data"]
ENTRYPOINT ["/usr/local/bin/pinochlebot"]
