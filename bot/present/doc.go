// Package present turns a seat's engine.View, the engine's events and a table's record into
// the text, embeds, components and pictures the bot shows; it does no I/O.
//
// Every function here is a function of its arguments: the same table, view and events
// always read the same, byte for byte, as the golden files in testdata hold for a seeded
// game of each preset: its narration, score sheet and review in testdata/<preset>.golden
// (go test -run TestGolden -update rewrites them), and its lobby, table and hands as
// Components V2 messages in testdata/v2 (go test -run TestV2GoldenMessages -update). A
// table is still described by its table.Game (its seats, settings and ID), read as a
// value; nothing here calls the store, the Discord session or the clock. The one thing
// that keeps state is a Painter, which draws the pictures of Components V2 messages
// (TableMessage, HandMessage) and keeps the latest in a cache; it is safe for concurrent
// use, so that the bot can lay messages out off the tables' goroutines.
//
// Users' text is Markdown to Discord: every name that goes into a message's content, an
// embed or a Text Display goes through Escape (Name, for a seat), so that it reads as
// written and never makes a heading, a quote, a list, a link, a spoiler or a mention;
// PlainName is for text Discord shows as it is, such as a suggestion's label or a picture.
//
// The story of a game, action by action, is a Narrator's: the same sentences in Markdown
// for a table's thread and in plain text (Style) for the terminal tool, which addresses its
// player as "you".
package present
