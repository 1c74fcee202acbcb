// Package present turns a seat's engine.View, the engine's events and a table's record into
// the text, embeds and components the bot shows; it does no I/O.
//
// Every function here is a function of its arguments: the same table, view and events
// always read the same, byte for byte, as the golden files in testdata hold for a seeded
// game of each preset (go test -run TestGolden -update rewrites them). A table is still
// described by its table.Game (its seats, settings and ID), read as a value; nothing here
// calls the store, the Discord session or the clock.
//
// Users' text is Markdown to Discord: every name that goes into a message's content or an
// embed goes through Escape (Name, for a seat), so that it reads as written and never
// makes a heading, a link, a spoiler or a mention; PlainName is for text Discord shows as it
// is, such as a suggestion's label.
//
// The story of a game, action by action, is a Narrator's: the same sentences in Markdown
// for a table's thread and in plain text (Style) for the terminal tool, which addresses its
// player as "you".
package present
