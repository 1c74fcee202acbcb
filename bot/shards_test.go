package bot

import (
	"slices"
	"testing"
)

func TestParseShards(t *testing.T) {
	cases := []struct {
		count, ids string
		n          int
		want       []int
		bad        bool
	}{
		{"", "", 0, nil, false},
		{"1", "", 1, []int{0}, false},
		{"4", "", 4, []int{0, 1, 2, 3}, false},
		{"4", "2", 4, []int{2}, false},
		{"8", "0,2,5", 8, []int{0, 2, 5}, false},
		{"8", "0-3", 8, []int{0, 1, 2, 3}, false},
		{"8", " 6 , 0-1,1 ", 8, []int{0, 1, 6}, false},
		{"auto", "", AutoShards, nil, false},
		{"AUTO", "0-1", AutoShards, []int{0, 1}, false},
		{"", "1", 0, nil, true},
		{"0", "", 0, nil, true},
		{"-2", "", 0, nil, true},
		{"two", "", 0, nil, true},
		{"4", "4", 0, nil, true},
		{"4", "3-1", 0, nil, true},
		{"4", "1-", 0, nil, true},
		{"4", "a", 0, nil, true},
		{"4", ",", 0, nil, true},
		{"5000", "", 0, nil, true},
	}
	for _, tc := range cases {
		n, ids, err := ParseShards(tc.count, tc.ids)
		if tc.bad {
			if err == nil {
				t.Errorf("ParseShards(%q, %q) = %d, %v; want an error", tc.count, tc.ids, n, ids)
			}
			continue
		}
		if err != nil || n != tc.n || !slices.Equal(ids, tc.want) {
			t.Errorf("ParseShards(%q, %q) = %d, %v, %v; want %d, %v", tc.count, tc.ids, n, ids, err, tc.n, tc.want)
		}
	}
}

func TestShardOf(t *testing.T) {
	// Discord's documented example: guild 197038439483310086 is on shard 0 of 1... and its
	// (id >> 22) % count elsewhere.
	id := uint64(197038439483310086)
	for _, count := range []int{1, 2, 3, 16} {
		want := int((id >> 22) % uint64(count))
		if got := ShardOf("197038439483310086", count); got != want {
			t.Errorf("ShardOf(count %d) = %d, want %d", count, got, want)
		}
	}
	if ShardOf("", 4) != 0 {
		t.Error("a direct message is not on shard 0")
	}
}

// FuzzParseShards checks that whatever the settings say, ParseShards either refuses them or
// returns sorted, distinct ids within the count.
func FuzzParseShards(f *testing.F) {
	for _, s := range [][2]string{{"4", "0-3"}, {"auto", ""}, {"8", "1,3,5-7"}, {"", ""}, {"3", "2-"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, count, ids string) {
		n, got, err := ParseShards(count, ids)
		if err != nil {
			return
		}
		if n == 0 && len(got) != 0 {
			t.Fatalf("unsharded with ids %v", got)
		}
		for i, id := range got {
			if id < 0 || (n > 0 && id >= n) || (i > 0 && got[i-1] >= id) {
				t.Fatalf("ParseShards(%q, %q) = %d, %v", count, ids, n, got)
			}
		}
	})
}

// TestChannelRate: a process's budget of posts and edits a second is the one it is given, or
// its shards' part of DefaultChannelRate, so that processes sharing a token stay within it.
func TestChannelRate(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rate  float64
		count int
		ids   []int
		want  float64
	}{
		{"unsharded", 0, 0, nil, DefaultChannelRate},
		{"every shard", 0, 4, []int{0, 1, 2, 3}, DefaultChannelRate},
		{"every shard, none named", 0, 4, nil, DefaultChannelRate},
		{"one of two", 0, 2, []int{1}, 22.5},
		{"three of four", 0, 4, []int{0, 2, 3}, 33.75},
		{"an unknown count", 0, AutoShards, []int{0}, DefaultChannelRate},
		{"given", 30, 2, []int{1}, 30},
	} {
		if got := channelRate(tc.rate, tc.count, tc.ids); got != tc.want {
			t.Errorf("%s: channelRate(%v, %d, %v) = %v, want %v", tc.name, tc.rate, tc.count, tc.ids, got, tc.want)
		}
	}
	// The processes of a token, each given its own shards, add up to the whole.
	sum := 0.0
	for _, ids := range [][]int{{0}, {1, 2}, {3, 4, 5}} {
		sum += channelRate(0, 6, ids)
	}
	if sum != DefaultChannelRate {
		t.Errorf("three processes sharing six shards make %v posts a second in all, want %v", sum, DefaultChannelRate)
	}
}
