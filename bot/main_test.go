package bot_test

import (
	"flag"
	"os"
	"runtime"
	"strconv"
	"testing"
)

// TestMain runs more of the package's parallel tests at a time than there are processors
// (go test's default): the end-to-end tests spend most of their time waiting, on the round
// trips to the fake Discord and above all on discordgo's Session.Close, which sleeps a
// second before it closes the gateway connection, so that one test per processor leaves the
// machine idle. A -test.parallel given on the command line wins.
func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		if err := flag.Set("test.parallel", strconv.Itoa(4*runtime.GOMAXPROCS(0))); err != nil {
			panic(err)
		}
	}
	os.Exit(m.Run())
}
