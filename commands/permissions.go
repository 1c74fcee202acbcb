package commands

import "github.com/bwmarrin/discordgo"

// PermissionPinMessages lets a member pin and unpin messages (PIN_MESSAGES). Since 23
// February 2026 Manage Messages no longer grants it; discordgo v0.29.0 predates it.
const PermissionPinMessages int64 = 1 << 51

// BotPermissions are the permissions the bot asks for when a server adds it: the invite
// URL's permissions= in the README. Each is for something the bot does.
const BotPermissions int64 = discordgo.PermissionViewChannel | // see the channels tables open in
	discordgo.PermissionSendMessages | // post lobbies, and season news where a season started
	discordgo.PermissionSendMessagesInThreads | // narrate a table in its thread
	discordgo.PermissionCreatePublicThreads | // give each table a thread
	discordgo.PermissionManageThreads | // archive a finished table's thread
	PermissionPinMessages | // pin the live table in its thread, unpin the copy it replaces
	discordgo.PermissionEmbedLinks | // show tables, sheets and standings as embeds
	discordgo.PermissionAttachFiles | // attach exported games and rating charts to its answers
	discordgo.PermissionReadMessageHistory // see a thread's earlier messages, which it edits and pins
