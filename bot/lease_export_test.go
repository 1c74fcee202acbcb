package bot

// Hooks into the shard lease for the tests of package bot_test.

// LapseLease lets the bot's lease lapse, as if the process had been paused past it or the
// database had been out of reach: the bot writes nothing until it renews.
func LapseLease(b *Bot) {
	for {
		old := b.leaseUntil.Load()
		if old == leaseRevoked || b.leaseUntil.CompareAndSwap(old, b.leaseClock.Now().UnixMilli()-1) {
			return
		}
	}
}
