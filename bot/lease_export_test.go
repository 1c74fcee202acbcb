package bot

// Hooks into the shard lease for the tests of package bot_test.

// RenewLeaseNow renews the bot's lease on its shards at once, as its renewal loop does
// every third of the lease, and returns once the renewal is done (or the bot has stopped).
func RenewLeaseNow(b *Bot) {
	done := make(chan struct{})
	select {
	case b.renewNow <- done:
		<-done
	case <-b.stopped:
	case <-b.ctx.Done():
	}
}

// LapseLease lets the bot's lease lapse, as if the process had been paused past it or the
// database had been out of reach: the bot writes nothing until it renews (RenewLeaseNow).
func LapseLease(b *Bot) {
	for {
		old := b.leaseUntil.Load()
		if old == leaseRevoked || b.leaseUntil.CompareAndSwap(old, b.leaseClock.Now().UnixMilli()-1) {
			return
		}
	}
}
