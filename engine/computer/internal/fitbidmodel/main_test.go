package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// generated is the file the fitter writes, from this package's directory.
const generated = "../../bidmodel_gen.go"

// TestFingerprint: the bid model in the repository was written by the fitter as it is:
// the fingerprint in its header is the digest of what the fitter fits to the slice of
// a record in testdata. A change to the fitter or to the features it regresses on
// changes the fingerprint; fit the model again (go generate ./engine/computer/).
func TestFingerprint(t *testing.T) {
	src, err := os.ReadFile(generated)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`Fitter fingerprint ([0-9a-f]+)`).FindSubmatch(src)
	if m == nil {
		t.Fatalf("%s names no fitter fingerprint", generated)
	}
	got, err := Fingerprint("testdata")
	if err != nil {
		t.Fatal(err)
	}
	if got != string(m[1]) {
		t.Errorf("the fitter's fingerprint is %s, %s was fitted by one of %s: fit the model again", got, generated, m[1])
	}
}

// TestRecords: where the records go generate makes are at hand, the model in the
// repository is the fit of them.
func TestRecords(t *testing.T) {
	dir := "records"
	if m, _ := filepath.Glob(filepath.Join(dir, "*.txt")); len(m) == 0 {
		t.Skip("no records: go generate ./engine/computer/ makes them")
	}
	want, err := os.ReadFile(generated)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Generate(dir, "testdata", 35)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the fit of %s differs from %s", dir, generated)
	}
}

// TestRegress: least squares recovers the weights of an exact linear relation, and the
// residuals' spread of a noisy one.
func TestRegress(t *testing.T) {
	var rows []row
	for i := range 50 {
		x := []float64{1, float64(i % 7), float64(i*i%11) - 5}
		y := 3 + 2*x[1] - 0.5*x[2]
		noise := float64(i%2*2 - 1) // ±1
		rows = append(rows, row{x: x, total: y, opp: y + noise})
	}
	w, sigma := regress(rows, func(r *row) float64 { return r.total })
	for i, want := range []float64{3, 2, -0.5} {
		if math.Abs(w[i]-want) > 0.01 {
			t.Errorf("weight %d = %.4f, want %.4f", i, w[i], want)
		}
	}
	if sigma > 0.01 {
		t.Errorf("an exact relation leaves a spread of %.4f", sigma)
	}
	if _, sigma := regress(rows, func(r *row) float64 { return r.opp }); math.Abs(sigma-1) > 0.1 {
		t.Errorf("noise of ±1 leaves a spread of %.4f, want about 1", sigma)
	}
}
