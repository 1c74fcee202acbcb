# Build: docker build -t pinochlebot .
# Run:   docker run --env-file .env -v pinochle-data:/data pinochlebot
FROM golang:1.26-trixie AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# SQLite comes through cgo, so the runtime image has the same Debian release (glibc).
RUN CGO_ENABLED=1 go build -trimpath -ldflags="-s -w" -o /out/pinochlebot ./cmd/pinochlebot

FROM debian:trixie-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin pinochle \
    && mkdir -p /data && chown pinochle /data
COPY --from=build /out/pinochlebot /usr/local/bin/pinochlebot
USER pinochle
WORKDIR /data
ENV DATABASE_PATH=/data/pinochle.db
VOLUME ["/data"]
ENTRYPOINT ["/usr/local/bin/pinochlebot"]
