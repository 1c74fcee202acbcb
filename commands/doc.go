// Package commands defines the bot's slash commands and message controls and
// translates between Discord interactions and the rules engine, and the table
// settings storage keeps.
//
// It is pure: it performs no network or storage access. It provides
//
//   - Definitions, the /pinochle and /league application commands, and
//     Flatten, which reads an invoked subcommand and its options;
//   - ParseTimer, ParseOptions, ValidateOptions, ParseTableSettings and
//     NewTableRequest, which turn the options of /pinochle new and /pinochle
//     settings into a table: its rules (engine options such as target or
//     pass) and how the bot runs it (table.Settings);
//   - ID, the custom ID carried by every button, select menu and modal,
//     with ParseID, which refuses anything the bot did not make;
//   - Controls, the private components a seat gets for the current step of a
//     game, BidModal, and ActionFor, which maps a used control back to an
//     engine action;
//   - RulesSummary and RulesEmbed, an embed describing a preset's rules;
//   - SeasonName, which reads a league season's name within SeasonNameLimit.
package commands
