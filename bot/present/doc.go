// Package present turns a seat's engine.View, the engine's events and a table's record into
// the text, embeds and components the bot shows; it does no I/O.
//
// Every function here is a function of its arguments: the same table, view and events
// always read the same, byte for byte, as the golden files in testdata hold for a seeded
// game of each preset (go test -run TestGolden -update rewrites them). A table is still
// described by its storage.Game (its seats, settings and ID), read as a value; nothing here
// calls the store, the Discord session or the clock.
package present
