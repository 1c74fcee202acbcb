package commands

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRepositoryStandsAlone fails if a file the repository tracks points at a path outside
// it: the project's rules and documents live in the repository itself.
func TestRepositoryStandsAlone(t *testing.T) {
	root := moduleRoot(t)
	out, err := exec.Command("git", "-C", root, "ls-files").Output()
	if err != nil {
		t.Skipf("git ls-files: %v (not a git checkout)", err)
	}
	// The rules live in docs/rules.md: a file the repository does not hold (the notes the
	// presets were drawn from, the rule texts' own files) is never named.
	outside := []string{"../" + "shared", "/" + "work/", "VARIANTS" + ".md", "shared" + "/rules", "seeds" + "/0"}
	for _, name := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		b, err := os.ReadFile(filepath.Join(root, name))
		if err != nil || bytes.IndexByte(b, 0) >= 0 {
			continue // deleted in the work tree, or binary
		}
		for _, o := range outside {
			if bytes.Contains(b, []byte(o)) {
				t.Errorf("%s refers to %q, outside the repository", name, o)
			}
		}
	}
}
