package bot

// Hooks into the computer players' searches for the tests of package bot_test.

// SearchPool returns how many searches may run at once.
func SearchPool(b *Bot) int { return b.tables.Searches() }
