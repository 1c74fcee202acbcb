package bot

import "context"

// Settle waits until the tables ids (every table when none is given) have nothing under way
// (live.Runtime.WaitIdle: no command, search or posting of their table message pending)
// and every queued post has gone out; or until ctx ends. What happens next at those tables
// then waits for a person or the clock. Tests wait for it instead of a moment of silence.
func Settle(ctx context.Context, b *Bot, ids ...int64) error {
	for {
		if err := b.tables.WaitIdle(ctx, ids...); err != nil {
			return err
		}
		if err := b.events.WaitIdle(ctx); err != nil {
			return err
		}
		if err := b.post.Flush(ctx); err != nil {
			return err
		}
		// Posting may have brought work back to a table (a table message posted): again,
		// until both are idle at once.
		quiet, cancel := context.WithCancel(ctx)
		cancel()
		if b.tables.WaitIdle(quiet, ids...) == nil && b.events.WaitIdle(quiet) == nil && b.post.Idle() {
			return nil
		}
	}
}

// WaitTables waits until the tables ids (every table when none is given) have nothing under
// way (live.Runtime.WaitIdle), or ctx ends; unlike Settle, it does not wait for the posts.
func WaitTables(ctx context.Context, b *Bot, ids ...int64) error {
	return b.tables.WaitIdle(ctx, ids...)
}
