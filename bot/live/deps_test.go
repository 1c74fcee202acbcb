package live_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// module is this repository's module path.
const module = "github.com/pinochle-discord/pinochle"

// TestKnowsNoDiscord: the runtime, and every package of this module it imports, directly or
// not, imports no Discord library: tables know nothing of Discord.
func TestKnowsNoDiscord(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var visit func(pkg string, path []string)
	visit = func(pkg string, path []string) {
		if seen[pkg] {
			return
		}
		seen[pkg] = true
		dir := filepath.Join(root, strings.TrimPrefix(strings.TrimPrefix(pkg, module), "/"))
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatalf("package %s: %v", pkg, err)
		}
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, name), nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				via := append(append([]string(nil), path...), p)
				if !strings.HasPrefix(p, module+"/") && strings.Contains(p, "discord") {
					t.Errorf("%s imports %s (through %s)", pkg, p, strings.Join(via, " → "))
				}
				if strings.HasPrefix(p, module+"/") {
					visit(p, via)
				}
			}
		}
	}
	visit(module+"/bot/live", []string{module + "/bot/live"})
	if !seen[module+"/engine"] {
		t.Fatalf("the walk never reached the engine: it reads no imports")
	}
}
