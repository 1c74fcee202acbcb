// Package live runs the live tables of the Pinochle bot, with no Discord in them.
//
// A Runtime holds the tables being played. Each table has one goroutine that owns it: what
// people do (a click, a slash command), the deadlines of its timers, the decisions of its
// computer players and the messages posted for it all reach it as commands in its inbox,
// handled one at a time (the shape of a Nakama match loop). So every table has one writer by
// construction, and tables run independently of each other.
//
// A command is checked, saved to the store and applied, in that order: nothing is shown
// before it is saved. Then the table answers the sender (a Reply, for that person alone) and
// hands what the world should see to Config.Effects as typed effects: a narration for the
// thread, reminders and mentions, private views to bring up to date, the table and lobby
// messages to post or edit. The effects carry copies of the table's record and engine views,
// which stay valid while the table moves on; turning them into text and Discord requests is
// the caller's job (packages present and bot).
//
// Computer players that search do so in a bounded pool off the tables' goroutines, from the
// seat's view; their decisions come back as commands and count only if the game is still
// where it was. A search is given up, waiting for the pool or part way, when its table ends,
// the game moves on without it (a late player moves after all) or the runtime closes. Time is read from a Clock, so tests move it by hand. Close stops every
// table and timer and waits for every goroutine the runtime started.
package live
