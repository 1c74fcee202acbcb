// Package deploy_test checks the deployment files (the Dockerfile, deploy/compose.yaml and
// .env.example) for what a build cannot show without Docker. README.md, "Docker", lists
// the commands that check a built image.
package deploy_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// botCloseTimeout is how long the bot allows itself to close on SIGTERM
// (cmd/pinochlebot): Docker must wait longer before it kills the process.
const botCloseTimeout = 15 * time.Second

// read returns a file of the repository, relative to its root.
func read(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestDockerfile: the build stage takes a private module proxy's settings, the runtime
// stage builds quietly and runs as a numeric non-root user, and the run command in its
// header waits longer than the bot's close and restarts it.
func TestDockerfile(t *testing.T) {
	df := read(t, "Dockerfile")
	stages := regexp.MustCompile(`(?m)^FROM `).Split(df, -1)
	if len(stages) != 3 {
		t.Fatalf("the Dockerfile has %d stages, want a build and a runtime stage", len(stages)-1)
	}
	header, build, runtime := stages[0], stages[1], stages[2]
	for _, arg := range []string{"GOPROXY", "GOFLAGS", "GONOSUMDB", "GOPRIVATE"} {
		if !regexp.MustCompile(`(?m)^ARG ` + arg + `\b`).MatchString(build) {
			t.Errorf("the build stage does not declare ARG %s: docker build --build-arg %s=... would not reach go", arg, arg)
		}
	}
	if before, _, ok := strings.Cut(runtime, "apt-get"); !ok || !strings.Contains(before, "ARG DEBIAN_FRONTEND=noninteractive") {
		t.Error("apt-get runs without ARG DEBIAN_FRONTEND=noninteractive before it")
	}
	if m := regexp.MustCompile(`(?m)^USER (\d+):(\d+)$`).FindStringSubmatch(runtime); m == nil || m[1] == "0" {
		t.Errorf("the runtime stage does not run as a numeric non-root uid:gid (USER %v)", m)
	}
	checkStopTimeout(t, "the Dockerfile's run command", header)
	if !strings.Contains(header, "--restart unless-stopped") {
		t.Error("the Dockerfile's run command does not restart the bot (--restart unless-stopped)")
	}
	if !strings.Contains(runtime, "ENV DATABASE_PATH=/data/pinochle.db") || !strings.Contains(runtime, `VOLUME ["/data"]`) {
		t.Error("the database is not on the /data volume")
	}
}

// checkStopTimeout fails unless text gives docker run a --stop-timeout longer than the
// bot's close.
func checkStopTimeout(t *testing.T, where, text string) {
	t.Helper()
	m := regexp.MustCompile(`--stop-timeout (\d+)`).FindStringSubmatch(text)
	if m == nil {
		t.Errorf("%s has no --stop-timeout: Docker kills the bot after 10 seconds", where)
		return
	}
	if n, _ := strconv.Atoi(m[1]); time.Duration(n)*time.Second <= botCloseTimeout {
		t.Errorf("%s: --stop-timeout %s is not longer than the bot's %v", where, m[1], botCloseTimeout)
	}
}

// TestCompose: both shards run one image that is never pulled, every service has a grace
// period to stop, the bots' longer than their close.
func TestCompose(t *testing.T) {
	c := read(t, "deploy/compose.yaml")
	if !strings.Contains(c, "\nname: ") {
		t.Error("compose.yaml has no top-level name")
	}
	anchor, services, ok := strings.Cut(c, "\nservices:\n")
	if !ok {
		t.Fatal("compose.yaml has no services")
	}
	_, anchor, _ = strings.Cut(anchor, "x-bot: &bot\n")
	if !regexp.MustCompile(`(?m)^  image: pinochlebot$`).MatchString(anchor) || !strings.Contains(anchor, "pull_policy: never") {
		t.Errorf("the bots' common settings do not name one image, never pulled:\n%s", anchor)
	}
	if n := strings.Count(c, "build:"); n != 1 {
		t.Errorf("compose.yaml builds %d times, want once (shard-0) for the one image", n)
	}
	grace := regexp.MustCompile(`stop_grace_period: (\S+)`)
	if m := grace.FindStringSubmatch(anchor); m == nil {
		t.Error("the bots have no stop_grace_period")
	} else if d, err := time.ParseDuration(m[1]); err != nil || d <= botCloseTimeout {
		t.Errorf("the bots' stop_grace_period %s is not longer than their %v close", m[1], botCloseTimeout)
	}
	services, _, _ = strings.Cut(services, "\nvolumes:")
	for _, svc := range regexp.MustCompile(`(?m)^  [a-z0-9-]+:$`).Split(services, -1)[1:] {
		if !strings.Contains(svc, "<<: *bot") && !grace.MatchString(svc) {
			t.Errorf("a service has no stop_grace_period:%s", svc)
		}
	}
}

// TestEnvExample: .env.example leaves DATABASE_PATH unset, so that the image's path on the
// volume holds; a copy of it used with --env-file would otherwise move the database.
func TestEnvExample(t *testing.T) {
	if m := regexp.MustCompile(`(?m)^\s*DATABASE_PATH\s*=.*$`).FindString(read(t, ".env.example")); m != "" {
		t.Errorf(".env.example sets %q, which overrides the image's /data/pinochle.db", m)
	}
}

// TestReadmeDocker: the README's run command and compose notes say what the files do.
func TestReadmeDocker(t *testing.T) {
	readme := read(t, "README.md")
	_, docker, ok := strings.Cut(readme, "\n## Docker\n")
	if !ok {
		t.Fatal("the README has no Docker section")
	}
	docker, _, _ = strings.Cut(docker, "\n## ")
	checkStopTimeout(t, "the README's docker run", docker)
	for _, want := range []string{"--restart unless-stopped", "chown 10001:10001", "--build-arg GOPROXY"} {
		if !strings.Contains(docker, want) {
			t.Errorf("the README's Docker section does not say %q", want)
		}
	}
	if !strings.Contains(readme, "Docker Compose v2") {
		t.Error("the README does not say deploy/compose.yaml needs Docker Compose v2")
	}
}
