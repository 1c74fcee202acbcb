package commands

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// botPermissionNames are BotPermissions' bits as the developer portal's URL generator and a
// server's settings name them.
var botPermissionNames = []struct {
	bit  int64
	name string
}{
	{discordgo.PermissionViewChannel, "View Channels"},
	{discordgo.PermissionSendMessages, "Send Messages"},
	{discordgo.PermissionSendMessagesInThreads, "Send Messages in Threads"},
	{discordgo.PermissionCreatePublicThreads, "Create Public Threads"},
	{discordgo.PermissionManageThreads, "Manage Threads"},
	{PermissionPinMessages, "Pin Messages"},
	{discordgo.PermissionEmbedLinks, "Embed Links"},
	{discordgo.PermissionAttachFiles, "Attach Files"},
	{discordgo.PermissionReadMessageHistory, "Read Message History"},
}

// TestBotPermissions: the bot asks for Pin Messages (1 << 51), which pinning needs since
// February 2026, and no longer for Manage Messages, which stopped granting it; the README's
// invite URL carries exactly BotPermissions and its list names each of them.
func TestBotPermissions(t *testing.T) {
	var all int64
	for _, p := range botPermissionNames {
		all |= p.bit
	}
	if all != BotPermissions {
		t.Errorf("BotPermissions = %d, the named permissions make %d", BotPermissions, all)
	}
	if PermissionPinMessages != 1<<51 || BotPermissions&PermissionPinMessages == 0 {
		t.Errorf("BotPermissions %d lacks PIN_MESSAGES (1 << 51)", BotPermissions)
	}
	if BotPermissions&discordgo.PermissionManageMessages != 0 {
		t.Errorf("BotPermissions %d asks for Manage Messages, which the bot has no use for", BotPermissions)
	}

	b, err := os.ReadFile(filepath.Join(moduleRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := strings.Join(strings.Fields(string(b)), " ") // the list wraps across lines
	url := "https://discord.com/oauth2/authorize?client_id=APP_ID&scope=bot+applications.commands&integration_type=0&permissions=" +
		strconv.FormatInt(BotPermissions, 10)
	if !strings.Contains(readme, url) {
		t.Errorf("the README has no invite URL %s", url)
	}
	_, list, _ := strings.Cut(readme, "these bot permissions:")
	list, _, _ = strings.Cut(list, "The URL it makes")
	for _, p := range botPermissionNames {
		if !strings.Contains(list, p.name) {
			t.Errorf("the README's permission list leaves out %s: %q", p.name, list)
		}
	}
	if strings.Contains(list, "Manage Messages") {
		t.Errorf("the README's permission list still asks for Manage Messages: %q", list)
	}
}

// moduleRoot is the folder of go.mod above the test's folder.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = parent
	}
}
