// Package fakediscord is a fake Discord for tests: it is to Discord's HTTP API and gateway
// what net/http/httptest is to net/http. A Server runs in the test's process on a random
// port of 127.0.0.1, answers the REST API (v9) and the gateway websocket as Discord does,
// records everything a bot sends, and lets the test act as Discord's users: it injects
// slash commands, autocomplete, button clicks, select choices and modal submissions, and
// reads what the bot answered. It knows nothing of any particular bot.
//
// Point a discordgo session at it with
//
//	srv := fakediscord.New(t, fakediscord.Options{})
//	s, _ := discordgo.New("Bot " + srv.Token())
//	s.Client = srv.Client()
//
// and call Open: discordgo fetches GET /gateway through the client and dials the websocket
// address the fake returns. A bot that takes a base URL for Discord's API instead uses
// srv.URL().
//
// # What it models
//
//   - The gateway: HELLO, heartbeats and their acknowledgements, IDENTIFY with intents and
//     shards (events go to the shard of their guild, as Discord routes them), RESUME with
//     the replay of missed events, op 7 (reconnect) and op 9 (invalid session), zlib
//     compression, and the close codes of the mistakes below. With Options.MaxConcurrency,
//     IDENTIFYs are limited as GET /gateway/bot's session_start_limit says: one per 5
//     seconds in each bucket shard_id % max_concurrency, within the session starts left;
//     another is invalidated (op 9) and recorded as a problem. Tests can cut connections
//     (DropConnections), ask for a reconnect (RequestReconnect) and invalidate sessions.
//   - The REST routes a game bot uses: the gateway and the bot's user and application,
//     application commands (global and per guild), the application's own emojis,
//     channels, messages (with files, pins and edits), threads and their members, direct
//     messages, and an interaction's callback, original response and follow-ups. The bot's
//     own messages come back as MESSAGE_CREATE.
//     Pins take the current route (/channels/{id}/messages/pins/{id}; the deprecated one
//     still answers) and the PIN_MESSAGES permission, which Manage Messages no longer
//     grants (SetBotPermissions, RefusePins).
//   - Messages as Discord keeps them: legacy components or Components V2 (FlagComponentsV2:
//     sections, text displays, thumbnails, media galleries, files, separators, containers,
//     numbered as Discord numbers them); files uploaded on every route that takes them,
//     an edit adding its files to those the message has, or to those its attachments list
//     keeps (API v9), each message's Attachments and Files saying what it holds; and whom
//     a message pings (Message.Pings, Server.Pings), parsed from its content or text
//     displays under its allowed_mentions or Discord's defaults.
//   - Threads archive themselves once idle for their auto-archive duration (on the clock);
//     posting or editing in an archived thread answers 50083 until it is unarchived, and
//     a deleted channel answers 10003 (DeleteChannel).
//   - Discord's own description of its API: given Options.Spec (its OpenAPI document, see
//     LoadSpec and FindSpec), every request is held to the document's routes, parameters
//     and request schemas, and what it does not define is noted (Undefined).
//   - Interactions: the callback types 4 to 9, a deferred answer filled by its first
//     follow-up, ephemeral messages, modals and what a Discord client would let a user
//     send (registered commands and options, enabled components, options of a select).
//   - Time: the first answer to an interaction is due within InteractionTimeout (3 seconds),
//     its token serves follow-ups and edits for 15 minutes, and a channel takes 5 messages
//     per 5 seconds. These rules run on Options.Clock: the wall clock by default, or a
//     ManualClock that the test advances so that nothing depends on the machine's speed.
//     Heartbeats are timed by the client; the fake announces the interval and acknowledges
//     each heartbeat at once.
//
// # What it refuses
//
// A request Discord would refuse gets Discord's status and JSON error code, and is recorded
// as a problem: a wrong token, an unknown route or object, content, embeds, components,
// modals or command definitions beyond Discord's documented limits (2000 characters, 5 rows
// of 5 buttons, 25 options, 100-character custom IDs, ...), an empty message, an
// interaction answered twice or late (one never answered is reported too), a webhook call
// with an expired token, a message to a user who closed their DMs (FailDMs), a write to a
// locked thread, and, with StrictRateLimits, a sixth message in a channel's window (429, with
// Discord's rate-limit headers). Without StrictRateLimits an excess is only recorded.
// With GlobalRateLimit, requests beyond it get the global 429.
//
// With Components V2 it refuses (400, 50035) content or embeds beside the flag, more than
// 40 components (nested ones counted), more than 4,000 characters of text across them, a
// component where Discord does not take it, an attachment://name of a file the message does
// not have, and an edit that takes the flag off a message; a file no component shows is
// kept hidden, as Discord keeps it, and recorded as a problem. It refuses more than 10 files
// (50035, or 30015 when an edit would leave more), allowed_mentions Discord finds
// ambiguous, and, past OldMessageEdits, an edit of a message older than an hour (429,
// 30046). The application's emojis are held to Discord's rules: names of 2 to 32 letters,
// digits or underscores, unique; an image that is a PNG, JPEG, GIF, WebP or AVIF data URI
// of at most 256 KiB (50035); at most AppEmojiLimit of them (30008). A test that calls
// AllowPings makes every message that would ping anyone else a refusal too.
//
// A test can also make Discord's normal trouble happen: 429s with retry_after and the
// X-RateLimit-* headers on any route, interaction callbacks and webhook edits included,
// per route or global (InjectRateLimit), and server errors, before or after the request
// took effect (InjectFault). A message sent with enforce_nonce and a nonce already used in
// its channel is answered with the message it made, as Discord does.
// Features it does not model, such as polls and stickers, are refused rather than imitated.
//
// New reports every problem not taken with TakeProblems as an error of the test when the
// test ends, so a bot that breaks a rule fails its test even if nothing it checks shows it.
package fakediscord
