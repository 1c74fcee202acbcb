package bot

import "context"

// FlushPosts blocks until every post the bot has queued has been delivered, or ctx ends:
// the tests compare a thread only once the paced posts of earlier moves are out.
func FlushPosts(ctx context.Context, b *Bot) error { return b.post.flush(ctx) }
