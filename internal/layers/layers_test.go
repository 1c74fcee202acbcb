package layers

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// module is this repository's module path.
const module = "github.com/pinochle-discord/pinochle"

// allowed lists, for every package of the module, the packages of the module its non-test
// files may import. A package that is not listed fails the test: a new package takes its
// place in the layers on purpose.
var allowed = map[string][]string{
	// The rules and the players.
	"engine":                          {},
	"engine/record":                   {"engine"},
	"engine/computer":                 {"engine"},
	"engine/computer/computertest":    {"engine", "engine/computer"},
	"engine/computer/duel":            {"engine", "engine/computer", "internal/parallel"},
	"engine/computer/internal/fitbid": {"engine", "engine/computer", "engine/computer/duel"},
	"internal/parallel":               {},
	"internal/layers":                 {},
	"internal/words":                  {},

	// The bid model's self-play and fit (issue 35).
	"engine/computer/internal/selfplay":    {"engine", "engine/computer", "engine/computer/duel", "internal/parallel"},
	"engine/computer/internal/fitbidmodel": {"engine", "engine/computer"},

	// What results mean, and the table's vocabulary.
	"league":       {"engine"},
	"league/event": {"engine", "league"},
	"league/club":  {"engine", "league", "league/event", "table"},
	"table":        {"engine"},

	// The store, the runtime, commands and presentation: none of the last three sees the
	// store.
	"storage":        {"engine", "league", "league/event", "league/club", "table"},
	"storage/pgtest": {},
	"bot/live":       {"engine", "engine/computer", "league", "table"},
	"commands":       {"engine", "table", "league/event", "league/club", "internal/words"},
	"bot/present": {"engine", "engine/computer", "engine/record", "league", "league/event", "league/club", "table", "bot/live",
		"bot/present/picture", "commands", "internal/words"},
	"bot/charts":          {},
	"bot/present/picture": {"engine", "internal/words"},

	// The Discord layer: requests to Discord and posting within its limits below the bot
	// proper, which wires them together.
	"bot/rest": {"bot/live", "bot/present", "internal/words"},
	"bot/post": {"bot/present", "bot/rest", "internal/words"},
	"bot/who":  {"bot/live"},
	// The store as the bot writes it: only under the lease on its shards.
	"bot/leased": {"engine", "league", "league/event", "league/club", "table", "storage"},
	// Whole capabilities, each behind what it needs of the bot.
	"bot/events": {"engine", "engine/computer", "league", "league/event", "league/club", "table", "storage", "bot/live", "bot/present",
		"bot/charts", "bot/rest", "bot/post", "bot/who", "commands", "internal/words"},
	"bot/social": {"engine", "league", "table", "storage", "bot/live", "bot/present", "bot/charts", "bot/rest", "bot/post", "bot/who",
		"commands", "internal/words"},
	"bot": {"engine", "engine/computer", "engine/record", "league", "league/event", "league/club", "table", "storage", "bot/live", "bot/present/picture",
		"commands", "bot/present", "bot/charts", "bot/rest", "bot/post", "bot/who", "bot/leased", "bot/events", "bot/social",
		"internal/words"},

	// The programs.
	"cmd/pinochlebot": {"bot", "storage", "table", "engine", "engine/computer", "league"},
	"cmd/pinochle": {"engine", "engine/computer", "engine/computer/duel", "engine/record", "league",
		"bot/present", "internal/parallel", "internal/words"},
	"fakediscord": {},
}

// noDatabase are the packages that must not link a database driver, through any import.
var noDatabase = []string{"engine", "league", "table", "bot/live", "commands", "bot/present"}

// noDiscord are the packages that must know nothing of Discord, through any import.
var noDiscord = []string{"engine", "league", "table", "bot/live", "storage"}

// TestImportEdges: every import of the module's own packages is an edge the table allows.
func TestImportEdges(t *testing.T) {
	imports := moduleImports(t)
	for pkg, deps := range imports {
		ok, listed := allowed[pkg]
		if !listed {
			t.Errorf("package %s is not in the layers' table: add it to allowed in internal/layers", pkg)
			continue
		}
		for _, d := range deps {
			if strings.HasPrefix(d, module+"/") && !slices.Contains(ok, strings.TrimPrefix(d, module+"/")) {
				t.Errorf("%s imports %s, which its layer may not", pkg, strings.TrimPrefix(d, module+"/"))
			}
		}
	}
	for pkg := range allowed {
		if _, ok := imports[pkg]; !ok {
			t.Errorf("the layers' table lists %s, which has no Go files: remove it", pkg)
		}
	}
}

// TestNoDatabaseBelow: no database driver reaches the runtime, commands or presentation,
// directly or through another package of the module.
func TestNoDatabaseBelow(t *testing.T) {
	imports := moduleImports(t)
	for _, pkg := range noDatabase {
		for _, via := range reach(imports, pkg, func(p string) bool {
			return strings.Contains(p, "go-sqlite3") || strings.Contains(p, "jackc/pgx") || p == "database/sql" ||
				p == module+"/storage"
		}) {
			t.Errorf("%s reaches a database: %s", pkg, via)
		}
	}
}

// TestNoDiscordBelow: the rules, the league, the vocabulary, the runtime and the store know
// nothing of Discord.
func TestNoDiscordBelow(t *testing.T) {
	imports := moduleImports(t)
	for _, pkg := range noDiscord {
		for _, via := range reach(imports, pkg, func(p string) bool {
			return !strings.HasPrefix(p, module+"/") && strings.Contains(p, "discord")
		}) {
			t.Errorf("%s reaches Discord: %s", pkg, via)
		}
	}
}

// TestReach: the walk finds a bad import through the module's own packages, and only
// through them.
func TestReach(t *testing.T) {
	imports := map[string][]string{
		"a": {module + "/b", "fmt"},
		"b": {module + "/c"},
		"c": {"github.com/mattn/go-sqlite3"},
		"d": {"github.com/other/uses-sqlite"},
	}
	isDriver := func(p string) bool { return strings.Contains(p, "go-sqlite3") }
	if got, want := reach(imports, "a", isDriver), []string{"a → b → c → github.com/mattn/go-sqlite3"}; !slices.Equal(got, want) {
		t.Errorf("reach from a = %q, want %q", got, want)
	}
	if got := reach(imports, "d", isDriver); len(got) != 0 {
		t.Errorf("reach from d = %q, want nothing", got)
	}
}

// reach returns the import paths (as "a → b → c") by which pkg reaches an import bad
// reports, following the module's own packages.
func reach(imports map[string][]string, pkg string, bad func(string) bool) []string {
	var found []string
	seen := map[string]bool{}
	var visit func(p string, path []string)
	visit = func(p string, path []string) {
		if seen[p] {
			return
		}
		seen[p] = true
		for _, d := range imports[p] {
			via := append(slices.Clone(path), strings.TrimPrefix(d, module+"/"))
			if bad(d) {
				found = append(found, strings.Join(via, " → "))
			}
			if strings.HasPrefix(d, module+"/") {
				visit(strings.TrimPrefix(d, module+"/"), via)
			}
		}
	}
	visit(pkg, []string{pkg})
	return found
}

// moduleImports reads the imports of the non-test Go files of every package of the module,
// by package path relative to the module. Files of every build tag count.
func moduleImports(t *testing.T) map[string][]string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("the module's root is not two folders up: %v", err)
	}
	imports := map[string][]string{}
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(rel)
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return err
			}
			if !slices.Contains(imports[pkg], p) {
				imports[pkg] = append(imports[pkg], p)
			}
		}
		if imports[pkg] == nil {
			imports[pkg] = []string{}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(imports["engine"]) == 0 || len(imports["bot"]) == 0 {
		t.Fatalf("the walk read no imports of the engine or the bot: %v", imports)
	}
	return imports
}
