// Command fitbidmodel fits the Expert's bid model (engine/computer/bidmodel.go) to the
// auction decisions internal/selfplay recorded, by least squares, and writes it as Go:
//
//	go run ./internal/fitbidmodel -records internal/fitbidmodel/records -out bidmodel_gen.go
//
// The records directory holds one record per preset, PRESET.txt (or PRESET.txt.gz), as
// selfplay writes it. Of each deal the fit takes the declarer's last turn of the auction
// and each defender's: the declaring side's total and the opponents' change of score are
// fitted on the declarers' features, the defending side's score difference on the
// defenders'. The fit is a plain function of the records: the same records give the same
// file, whose header names each record by its SHA-256.
//
// The records are too large for the repository (go generate makes them again, in about an
// hour on two cores); the file records instead the fitter's fingerprint, the digest of
// what it fits to a slice of a record kept in testdata, so that a change to the fitter or
// to the features it fits makes TestFingerprint fail until the model is fitted again.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
)

func main() {
	records := flag.String("records", "internal/fitbidmodel/records", "the directory of the PRESET.txt records")
	slice := flag.String("slice", "internal/fitbidmodel/testdata", "the directory of the slice the fingerprint is fitted to")
	out := flag.String("out", "bidmodel_gen.go", "the Go file to write")
	seed := flag.Uint64("seed", 35, "the seed selfplay made the records with, for the file's header")
	flag.Parse()
	src, err := Generate(*records, *slice, *seed)
	if err == nil {
		err = os.WriteFile(*out, src, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "fitbidmodel:", err)
		os.Exit(1)
	}
}

// ridge is added to the diagonal of the normal equations (but the constant's), a touch
// that keeps them solvable when a feature never varies in a preset.
const ridge = 1e-3

// row is one turn of the auction the fit uses.
type row struct {
	x              []float64
	total, opp, us float64 // the declaring side's total, the other side's change, the seat's side's difference
}

// fit is one preset's model and what it was fitted on.
type fit struct {
	preset                 string
	deals, declare, defend int
	sum                    [sha256.Size]byte
	total, opp, defendW    []float64
	sigma                  float64
}

// Generate fits a model to each record in dir, made by selfplay with seed, and returns
// the Go file, with the fingerprint of the fitter on the slice in sliceDir.
func Generate(dir, sliceDir string, seed uint64) ([]byte, error) {
	fits, err := fitDir(dir)
	if err != nil {
		return nil, err
	}
	fp, err := Fingerprint(sliceDir)
	if err != nil {
		return nil, err
	}
	return render(fits, fp, seed)
}

// Fingerprint returns the digest of the fit of the records in dir.
func Fingerprint(dir string) (string, error) {
	fits, err := fitDir(dir)
	if err != nil {
		return "", err
	}
	src, err := render(fits, "", 0)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(src)
	return fmt.Sprintf("%x", sum[:16]), nil
}

// fitDir fits a model to each record in dir.
func fitDir(dir string) ([]fit, error) {
	var fits []fit
	for _, preset := range engine.PresetNames() {
		name := filepath.Join(dir, preset+".txt")
		raw, err := os.ReadFile(name)
		if errors.Is(err, os.ErrNotExist) {
			name += ".gz"
			raw, err = os.ReadFile(name)
		}
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		f, err := fitPreset(preset, raw, strings.HasSuffix(name, ".gz"))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		fits = append(fits, f)
	}
	if len(fits) == 0 {
		return nil, fmt.Errorf("no records in %s", dir)
	}
	return fits, nil
}

// fitPreset fits the model of preset to its record raw, gzipped when zipped.
func fitPreset(preset string, raw []byte, zipped bool) (fit, error) {
	r, err := engine.NewRules(preset, nil)
	if err != nil {
		return fit{}, err
	}
	var in io.Reader = bytes.NewReader(raw)
	if zipped {
		if in, err = gzip.NewReader(in); err != nil {
			return fit{}, err
		}
	}
	f := fit{preset: preset, sum: sha256.Sum256(raw)}
	declare, defend, deals, err := readRows(in, r.Players)
	if err != nil {
		return fit{}, err
	}
	if len(declare) < 2*len(declare[0].x) || len(defend) < 2*len(defend[0].x) {
		return fit{}, errors.New("too few hands to fit")
	}
	f.deals, f.declare, f.defend = deals, len(declare), len(defend)
	f.total, f.sigma = regress(declare, func(r *row) float64 { return r.total })
	f.opp, _ = regress(declare, func(r *row) float64 { return r.opp })
	f.defendW, _ = regress(defend, func(r *row) float64 { return r.us })
	return f, nil
}

// readRows reads a selfplay record of a preset of players seats and returns the rows of
// the declarers and of the defenders, and the number of deals.
func readRows(in io.Reader, players int) (declare, defend []row, deals int, err error) {
	sc := bufio.NewScanner(in)
	last := map[int]row{} // a seat's last turn in the deal, by seat
	side := map[int]int{} // 0 declarer, 1 declarer's partner, 2 defender
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "# deal ") {
			for _, s := range slices.Sorted(maps.Keys(last)) {
				switch side[s] {
				case 0:
					declare = append(declare, last[s])
				case 2:
					defend = append(defend, last[s])
				}
			}
			clear(last)
			clear(side)
			deals++
			continue
		}
		var v [20]int
		fields := strings.Fields(line)
		if len(fields) != len(v) {
			return nil, nil, 0, fmt.Errorf("line %d: %d fields, want %d", n, len(fields), len(v))
		}
		for i, s := range fields {
			if v[i], err = strconv.Atoi(s); err != nil {
				return nil, nil, 0, fmt.Errorf("line %d: %w", n, err)
			}
		}
		seat, bidder := v[1], v[13]
		if bidder < 0 {
			continue
		}
		f := computer.BidFeatures{Trump: engine.Suit(v[3]), PlayMean: float64(v[4]), Meld: v[5], Trumps: v[6], TrumpHonours: v[7],
			Aces: v[8], Order: v[9], Partner: v[10], Opponent: v[11], Passes: v[12]}
		last[seat] = row{x: f.Vector(), total: float64(v[16]), opp: float64(v[17]), us: float64(v[18] - v[19])}
		switch {
		case bidder == 0:
			side[seat] = 0
		case bidder%2 == 0: // teams alternate seats
			side[seat] = 1
		default:
			side[seat] = 2
		}
	}
	return declare, defend, deals, sc.Err()
}

// regress returns the least-squares weights of y on the rows' x, and the spread of the
// residuals.
func regress(rows []row, y func(*row) float64) ([]float64, float64) {
	p := len(rows[0].x)
	a := make([][]float64, p)
	for i := range a {
		a[i] = make([]float64, p+1)
	}
	for k := range rows {
		x, t := rows[k].x, y(&rows[k])
		for i := range p {
			for j := range p {
				a[i][j] += x[i] * x[j]
			}
			a[i][p] += x[i] * t
		}
	}
	for i := 1; i < p; i++ {
		a[i][i] += ridge * float64(len(rows))
	}
	w := solve(a)
	ss := 0.0
	for k := range rows {
		e := y(&rows[k])
		for i := range p {
			e -= w[i] * rows[k].x[i]
		}
		ss += e * e
	}
	return w, math.Sqrt(ss / float64(len(rows)-p))
}

// solve solves the augmented system a by Gaussian elimination with partial pivoting.
func solve(a [][]float64) []float64 {
	p := len(a)
	for c := range p {
		piv := c
		for r := c + 1; r < p; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[piv][c]) {
				piv = r
			}
		}
		a[c], a[piv] = a[piv], a[c]
		if a[c][c] == 0 {
			continue
		}
		for r := c + 1; r < p; r++ {
			m := a[r][c] / a[c][c]
			for k := c; k <= p; k++ {
				a[r][k] -= m * a[c][k]
			}
		}
	}
	w := make([]float64, p)
	for r := p - 1; r >= 0; r-- {
		s := a[r][p]
		for k := r + 1; k < p; k++ {
			s -= a[r][k] * w[k]
		}
		if a[r][r] != 0 {
			w[r] = s / a[r][r]
		}
	}
	return w
}

// render writes the fits of records made with seed as the Go file bidmodel_gen.go, with
// the fitter's fingerprint when it is not empty.
func render(fits []fit, fingerprint string, seed uint64) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by go run ./internal/fitbidmodel -records internal/fitbidmodel/records -seed %d -out bidmodel_gen.go; DO NOT EDIT.\n\n", seed)
	b.WriteString("package computer\n\n")
	b.WriteString("// bidModels are the bid models by preset, fitted by least squares (ridge " + strconv.FormatFloat(ridge, 'g', -1, 64) + ") to the\n")
	b.WriteString("// first hands of deals experts (expert-v2) played in internal/selfplay:\n//\n")
	for _, f := range fits {
		fmt.Fprintf(&b, "//\t%s: %d deals (go run ./internal/selfplay -variant %s -deals %d -seed %d), %d declarers, %d defenders,\n//\t\trecord sha256 %x\n",
			f.preset, f.deals, f.preset, f.deals, seed, f.declare, f.defend, f.sum[:16])
	}
	if fingerprint != "" {
		fmt.Fprintf(&b, "//\n// Fitter fingerprint %s (TestFingerprint).\n", fingerprint)
	}
	b.WriteString("//\n// The inputs are BidFeatures.vector: 1, PlayMean, Meld, Trumps, TrumpHonours, Aces,\n")
	b.WriteString("// partner bid (0 or 1), Partner, Opponent, Order.\n")
	b.WriteString("var bidModels = map[string]bidModel{\n")
	for _, f := range fits {
		fmt.Fprintf(&b, "%q: {\ntotal: %s,\nsigma: %s,\nopp: %s,\ndefend: %s,\n},\n", f.preset, floats(f.total), num(f.sigma), floats(f.opp), floats(f.defendW))
	}
	b.WriteString("}\n")
	return format.Source(b.Bytes())
}

// num writes x to six significant digits.
func num(x float64) string {
	s := strconv.FormatFloat(x, 'g', 6, 64)
	if s == "-0" {
		return "0"
	}
	return s
}

// floats writes xs as a Go array literal.
func floats(xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = num(x)
	}
	return "[numBidFeatures]float64{" + strings.Join(parts, ", ") + "}"
}
