// Package table is the vocabulary of a Pinochle table, shared by every layer of the bot: a
// game's record (where it is played, by whom, under which rules, the messages posted for
// it), its seats, its status, the bot's settings for running it and a guild's defaults.
//
// It holds no behaviour beyond what these values say of themselves, and imports nothing of
// the bot but the engine: the store keeps these values, the table runtime changes them, and
// commands and presentation read them, without any of those linking a database.
package table
