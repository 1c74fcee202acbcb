// Package live runs the live tables of the Pinochle bot, with no Discord in them.
//
// A table is a state machine (machine): its record, its game and what it remembers between
// commands, changed by one command at a time into a Reply for the sender and typed effects
// for the world. It runs no goroutine and reads no clock: each command comes with its time,
// and what it asks of the runtime (to arm a timer, to let a computer player search, to stop)
// is an effect like the others. Its one dependency is the store, which it writes first: a
// command is checked, saved and only then applied, so that nothing is shown before it is
// saved. Its tests drive it directly, command by command.
//
// A Runtime runs the machines, one goroutine each (the shape of a Nakama match loop): what
// people do (a click, a slash command), the deadlines of a table's timers, the decisions of
// its computer players and the messages posted for it all reach the table as commands in its
// inbox, handled one at a time, so every table has one writer by construction and tables run
// independently of each other. The inbox is bounded: a table flooded with commands refuses
// more people's commands at once (ErrBusy, counted by Runtime.Refused) rather than block
// their handlers; what the runtime and the bot report to a table waits for a place.
//
// The runtime carries out the effects meant for it (timers on its Clock, searches in a pool
// of Config.Searches off the tables' goroutines, given up when their table ends or moves on
// or the runtime closes) and hands the rest to Config.Effects: a narration for the thread,
// reminders and mentions, private views to bring up to date, the table and lobby messages
// to post or edit. Effects carry copies of the table's record and engine views, which stay
// valid while the table moves on; a table speaks in facts (Notice, Note, Ending), never in
// sentences, and turning them into words and Discord requests is the caller's job
// (packages present and bot). Close stops every table and timer and waits for every
// goroutine the runtime started.
package live
