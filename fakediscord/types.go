package fakediscord

import (
	"strings"
	"time"
)

// Discord object types as the fake stores and serves them. Their JSON tags
// follow the Discord API v9 wire format; fields tagged "-" are bookkeeping
// that Discord does not send.

// Channel types used by the fake.
const (
	ChannelTypeGuildText     = 0
	ChannelTypeDM            = 1
	ChannelTypePublicThread  = 11
	ChannelTypePrivateThread = 12
)

// Component types.
const (
	ComponentActionRow   = 1
	ComponentButton      = 2
	ComponentStringMenu  = 3
	ComponentTextInput   = 4
	ComponentUserMenu    = 5
	ComponentRoleMenu    = 6
	ComponentMentionMenu = 7
	ComponentChannelMenu = 8
	// The layout and content components of Components V2 (message flag FlagComponentsV2).
	ComponentSection      = 9
	ComponentTextDisplay  = 10
	ComponentThumbnail    = 11
	ComponentMediaGallery = 12
	ComponentFile         = 13
	ComponentSeparator    = 14
	ComponentContainer    = 17
)

// Interaction types.
const (
	InteractionCommand      = 2
	InteractionComponent    = 3
	InteractionAutocomplete = 4
	InteractionModal        = 5
)

// Interaction callback (response) types.
const (
	ResponseMessage        = 4
	ResponseDeferred       = 5
	ResponseDeferredUpdate = 6
	ResponseUpdate         = 7
	ResponseChoices        = 8
	ResponseModal          = 9
)

// Message flags the fake interprets.
const (
	FlagSuppressEmbeds = 1 << 2
	FlagEphemeral      = 1 << 6
	FlagLoading        = 1 << 7
	FlagSuppressNotify = 1 << 12
	FlagComponentsV2   = 1 << 15
)

// Permission bits used by tests.
const (
	PermManageGuild = 1 << 5
	// DefaultPermissions is what an ordinary member gets when User.Permissions
	// is zero: view channel, send messages, send messages in threads, read
	// message history and use application commands.
	DefaultPermissions = 1<<10 | 1<<11 | 1<<38 | 1<<16 | 1<<31
	// PermManageMessages no longer lets a bot pin (since February 2026): PermPinMessages does.
	PermManageMessages = 1 << 13
	PermManageThreads  = 1 << 34
	PermPublicThreads  = 1 << 35
	PermPinMessages    = 1 << 51
	// PermMentionEveryone lets a message ping @everyone, @here and every role. The fake
	// records such pings whether or not the bot holds it (see Pings).
	PermMentionEveryone = 1 << 17
	// DefaultBotPermissions is what the bot holds in a guild unless SetBotPermissions says
	// otherwise: an ordinary member's, with managing threads and messages, starting public
	// threads and pinning.
	DefaultBotPermissions = DefaultPermissions | PermManageMessages | PermManageThreads | PermPublicThreads | PermPinMessages
)

// User is a Discord user. Permissions is the member's permission bitfield
// in guild interactions (zero means DefaultPermissions); it is not part of
// the user object on the wire.
type User struct {
	ID            string `json:"id"`
	Username      string `json:"username"`
	GlobalName    string `json:"global_name,omitempty"`
	Discriminator string `json:"discriminator"`
	Bot           bool   `json:"bot,omitempty"`
	Permissions   int64  `json:"-"`
}

// ThreadMetadata is the thread-specific part of a thread channel.
type ThreadMetadata struct {
	Archived            bool      `json:"archived"`
	AutoArchiveDuration int       `json:"auto_archive_duration"`
	ArchiveTimestamp    time.Time `json:"archive_timestamp"`
	Locked              bool      `json:"locked"`
	Invitable           bool      `json:"invitable"`
}

// Channel is a guild text channel, a thread or a DM channel.
type Channel struct {
	ID               string          `json:"id"`
	Type             int             `json:"type"`
	GuildID          string          `json:"guild_id,omitempty"`
	Name             string          `json:"name,omitempty"`
	ParentID         string          `json:"parent_id,omitempty"`
	OwnerID          string          `json:"owner_id,omitempty"`
	LastMessageID    string          `json:"last_message_id,omitempty"`
	RateLimitPerUser int             `json:"rate_limit_per_user"`
	Recipients       []User          `json:"recipients,omitempty"`
	ThreadMetadata   *ThreadMetadata `json:"thread_metadata,omitempty"`
	MessageCount     int             `json:"message_count,omitempty"`
	MemberCount      int             `json:"member_count,omitempty"`
	Flags            int             `json:"flags"`

	// StarterMessageID is the message a thread was started from, if any.
	StarterMessageID string `json:"-"`
	// Members are the user IDs added to a thread (the bot included).
	Members []string `json:"-"`
	// Deleted is set by DeleteChannel.
	Deleted bool `json:"-"`
}

// Guild is a guild and its channels.
type Guild struct {
	ID       string    `json:"id"`
	Name     string    `json:"name"`
	Channels []Channel `json:"channels"`
}

// EmbedFooter is an embed footer.
type EmbedFooter struct {
	Text    string `json:"text"`
	IconURL string `json:"icon_url,omitempty"`
}

// EmbedAuthor is an embed author.
type EmbedAuthor struct {
	Name    string `json:"name"`
	URL     string `json:"url,omitempty"`
	IconURL string `json:"icon_url,omitempty"`
}

// EmbedMedia is an embed image or thumbnail.
type EmbedMedia struct {
	URL string `json:"url"`
}

// EmbedField is one field of an embed.
type EmbedField struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Inline bool   `json:"inline,omitempty"`
}

// Embed is a rich embed.
type Embed struct {
	Type        string       `json:"type,omitempty"`
	Title       string       `json:"title,omitempty"`
	Description string       `json:"description,omitempty"`
	URL         string       `json:"url,omitempty"`
	Timestamp   string       `json:"timestamp,omitempty"`
	Color       int          `json:"color,omitempty"`
	Footer      *EmbedFooter `json:"footer,omitempty"`
	Image       *EmbedMedia  `json:"image,omitempty"`
	Thumbnail   *EmbedMedia  `json:"thumbnail,omitempty"`
	Author      *EmbedAuthor `json:"author,omitempty"`
	Fields      []EmbedField `json:"fields,omitempty"`
}

// Emoji is a component emoji.
type Emoji struct {
	ID       string `json:"id,omitempty"`
	Name     string `json:"name,omitempty"`
	Animated bool   `json:"animated,omitempty"`
}

// SelectOption is one option of a string select menu.
type SelectOption struct {
	Label       string `json:"label"`
	Value       string `json:"value"`
	Description string `json:"description,omitempty"`
	Emoji       *Emoji `json:"emoji,omitempty"`
	Default     bool   `json:"default,omitempty"`
}

// Component is any message or modal component: action row, button, select menu, text
// input, and the layout and content components of Components V2 (section, text display,
// thumbnail, media gallery, file, separator, container). Fields that do not apply to a
// type are left zero.
type Component struct {
	Type        int            `json:"type"`
	ID          int            `json:"id,omitempty"`
	CustomID    string         `json:"custom_id,omitempty"`
	Label       string         `json:"label,omitempty"`
	Style       int            `json:"style,omitempty"`
	Disabled    bool           `json:"disabled,omitempty"`
	URL         string         `json:"url,omitempty"`
	SKUID       string         `json:"sku_id,omitempty"`
	Emoji       *Emoji         `json:"emoji,omitempty"`
	Placeholder string         `json:"placeholder,omitempty"`
	MinValues   *int           `json:"min_values,omitempty"`
	MaxValues   *int           `json:"max_values,omitempty"`
	Options     []SelectOption `json:"options,omitempty"`
	Value       string         `json:"value,omitempty"`
	Required    *bool          `json:"required,omitempty"`
	MinLength   *int           `json:"min_length,omitempty"`
	MaxLength   *int           `json:"max_length,omitempty"`
	// Components are an action row's, a section's or a container's children.
	Components []Component `json:"components,omitempty"`

	// Content is a text display's Markdown.
	Content string `json:"content,omitempty"`
	// Accessory is a section's button or thumbnail.
	Accessory *Component `json:"accessory,omitempty"`
	// Media and Description are a thumbnail's picture and alt text.
	Media       *UnfurledMedia `json:"media,omitempty"`
	Description *string        `json:"description,omitempty"`
	// Items are a media gallery's pictures.
	Items []MediaItem `json:"items,omitempty"`
	// File is a file component's attachment (attachment://name).
	File *UnfurledMedia `json:"file,omitempty"`
	// Spoiler blurs a thumbnail, a file or a container.
	Spoiler bool `json:"spoiler,omitempty"`
	// AccentColor is a container's accent.
	AccentColor *int `json:"accent_color,omitempty"`
	// Divider and Spacing are a separator's.
	Divider *bool `json:"divider,omitempty"`
	Spacing *int  `json:"spacing,omitempty"`
}

// UnfurledMedia is the picture or file a Components V2 component shows: an URL, or
// attachment://name for a file uploaded with the message.
type UnfurledMedia struct {
	URL string `json:"url"`
}

// MediaItem is one picture of a media gallery.
type MediaItem struct {
	Media       UnfurledMedia `json:"media"`
	Description *string       `json:"description,omitempty"`
	Spoiler     bool          `json:"spoiler,omitempty"`
}

// Attachment is a file of a message, as Discord describes it. The file's bytes are the
// message's File of the same index.
type Attachment struct {
	ID          string `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
	ContentType string `json:"content_type,omitempty"`
	Size        int    `json:"size"`
	URL         string `json:"url"`
	ProxyURL    string `json:"proxy_url"`
}

// Pings is whom a message mentions in a way that notifies: the users, the roles, and
// whether @everyone or @here, as Discord parses them from its content (or, with Components
// V2, from its text displays) under its allowed_mentions. Roles and @everyone are counted
// whether or not the bot holds PermMentionEveryone or the role is mentionable (the fake
// does not model roles): a message that asks for them is taken to ping them.
type Pings struct {
	Users    []string
	Roles    []string
	Everyone bool
}

// Empty reports whether the message pings nobody.
func (p Pings) Empty() bool { return len(p.Users) == 0 && len(p.Roles) == 0 && !p.Everyone }

// PingRecord is one accepted message creation or edit that pings someone.
type PingRecord struct {
	MessageID string
	ChannelID string
	// Via is "create" for a new message (channel message, interaction answer or
	// follow-up), or the edit's route: "channel", "update" or "webhook".
	Via   string
	Pings Pings
	At    time.Time
}

// AllowedMentions is the allowed_mentions object a message was sent with.
type AllowedMentions struct {
	Parse       []string `json:"parse"`
	Roles       []string `json:"roles,omitempty"`
	Users       []string `json:"users,omitempty"`
	RepliedUser bool     `json:"replied_user,omitempty"`
}

// InteractionMetadata is attached to messages created by interaction
// responses and follow-ups.
type InteractionMetadata struct {
	ID   string `json:"id"`
	Type int    `json:"type"`
	User User   `json:"user"`
}

// Message is a message as Discord stores it.
type Message struct {
	ID                  string               `json:"id"`
	ChannelID           string               `json:"channel_id"`
	GuildID             string               `json:"guild_id,omitempty"`
	Author              User                 `json:"author"`
	Content             string               `json:"content"`
	Timestamp           time.Time            `json:"timestamp"`
	EditedTimestamp     *time.Time           `json:"edited_timestamp"`
	TTS                 bool                 `json:"tts"`
	MentionEveryone     bool                 `json:"mention_everyone"`
	Mentions            []User               `json:"mentions"`
	MentionRoles        []string             `json:"mention_roles"`
	Attachments         []Attachment         `json:"attachments"`
	Embeds              []Embed              `json:"embeds"`
	Components          []Component          `json:"components"`
	Pinned              bool                 `json:"pinned"`
	Type                int                  `json:"type"`
	Flags               int                  `json:"flags"`
	WebhookID           string               `json:"webhook_id,omitempty"`
	ApplicationID       string               `json:"application_id,omitempty"`
	InteractionMetadata *InteractionMetadata `json:"interaction_metadata,omitempty"`
	Thread              *Channel             `json:"thread,omitempty"`

	// AllowedMentions is what the sender asked for, if anything.
	AllowedMentions *AllowedMentions `json:"-"`
	// InteractionID is the interaction whose response or follow-up this is.
	InteractionID string `json:"-"`
	// Deleted is set once the message has been deleted.
	Deleted bool `json:"-"`
	// Files are the message's files, in the order of its Attachments: those uploaded
	// with it and with its edits, less those an edit did not keep.
	Files []File `json:"-"`
	// Pings is whom the message pings, as its content (or text displays) and allowed
	// mentions say; an edit that changes them parses them anew.
	Pings Pings `json:"-"`
}

// File is a file uploaded with a message.
type File struct {
	Name        string
	ContentType string
	Data        []byte
}

// Ephemeral reports whether the message is visible only to the interaction
// user.
func (m Message) Ephemeral() bool { return m.Flags&FlagEphemeral != 0 }

// Controls returns every button and select menu of the message, in the order they
// appear: row by row, and with Components V2 inside containers and as sections'
// accessories too.
func (m Message) Controls() []Component {
	var out []Component
	walkComponents(m.Components, func(c Component) {
		if c.Type == ComponentButton || isSelect(c.Type) {
			out = append(out, c)
		}
	})
	return out
}

// walkComponents calls f for every component of cs and their children, depth first, in
// order: a section's accessory after its text.
func walkComponents(cs []Component, f func(Component)) {
	for _, c := range cs {
		f(c)
		walkComponents(c.Components, f)
		if c.Accessory != nil {
			walkComponents([]Component{*c.Accessory}, f)
		}
	}
}

// Component returns the component with the given custom_id.
func (m Message) Component(customID string) (Component, bool) {
	for _, c := range m.Controls() {
		if c.CustomID == customID {
			return c, true
		}
	}
	return Component{}, false
}

// CommandChoice is a predefined choice of a command option.
type CommandChoice struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// CommandOption is an option (or subcommand) of an application command.
type CommandOption struct {
	Type         int             `json:"type"`
	Name         string          `json:"name"`
	Description  string          `json:"description"`
	Required     bool            `json:"required,omitempty"`
	Choices      []CommandChoice `json:"choices,omitempty"`
	Options      []CommandOption `json:"options,omitempty"`
	ChannelTypes []int           `json:"channel_types,omitempty"`
	MinValue     *float64        `json:"min_value,omitempty"`
	MaxValue     *float64        `json:"max_value,omitempty"`
	MinLength    *int            `json:"min_length,omitempty"`
	MaxLength    *int            `json:"max_length,omitempty"`
	Autocomplete bool            `json:"autocomplete,omitempty"`
}

// Command is a registered application command.
type Command struct {
	ID                       string          `json:"id"`
	ApplicationID            string          `json:"application_id"`
	GuildID                  string          `json:"guild_id,omitempty"`
	Version                  string          `json:"version"`
	Type                     int             `json:"type"`
	Name                     string          `json:"name"`
	Description              string          `json:"description"`
	Options                  []CommandOption `json:"options,omitempty"`
	DefaultMemberPermissions *string         `json:"default_member_permissions"`
	DMPermission             *bool           `json:"dm_permission,omitempty"`
	Contexts                 []int           `json:"contexts,omitempty"`
	NSFW                     bool            `json:"nsfw"`
}

// Interaction records an interaction the fake dispatched.
type Interaction struct {
	ID            string
	Token         string
	Type          int
	User          User
	GuildID       string
	ChannelID     string
	CommandName   string
	Options       []Option
	MessageID     string // component interactions: the message clicked
	CustomID      string // component and modal interactions
	ComponentType int
	Values        []string
	Fields        map[string]string // modal submissions
	DispatchedAt  time.Time
}

// Response records an accepted interaction callback.
type Response struct {
	InteractionID   string
	InteractionType int
	Type            int
	Content         string
	Embeds          []Embed
	Components      []Component
	Flags           int
	Ephemeral       bool
	// CustomID and Title are set for modals (type 9).
	CustomID string
	Title    string
	// Choices are the suggestions of an autocomplete answer (type 8).
	Choices []Choice
	// Files are the files a message answer (type 4) uploaded.
	Files []File
	// MessageID is the message created (types 4 and 5) or updated (types 6
	// and 7).
	MessageID string
	// Latency is the time from dispatch to callback.
	Latency time.Duration
	At      time.Time
}

// Choice is one suggestion of an autocomplete answer.
type Choice struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// Edit records one change to a message.
type Edit struct {
	MessageID string
	ChannelID string
	// Via is "channel" (PATCH /channels/…/messages/…), "update" (callback
	// type 7) or "webhook" (PATCH /webhooks/…).
	Via    string
	Before Message
	After  Message
	At     time.Time
}

// ChannelEdit records one change to a channel (thread archive, lock, name).
type ChannelEdit struct {
	ChannelID string
	Before    Channel
	After     Channel
	At        time.Time
}

// Request records one REST request the fake served.
type Request struct {
	Method string
	Path   string
	Status int
	At     time.Time
}

func cloneUsers(us []User) []User {
	if us == nil {
		return nil
	}
	return append([]User(nil), us...)
}

func cloneChannel(c Channel) Channel {
	c.Recipients = cloneUsers(c.Recipients)
	c.Members = append([]string(nil), c.Members...)
	if c.ThreadMetadata != nil {
		tm := *c.ThreadMetadata
		c.ThreadMetadata = &tm
	}
	return c
}

func cloneComponents(cs []Component) []Component {
	if cs == nil {
		return nil
	}
	out := make([]Component, len(cs))
	for i, c := range cs {
		if c.Emoji != nil {
			e := *c.Emoji
			c.Emoji = &e
		}
		if c.Options != nil {
			opts := make([]SelectOption, len(c.Options))
			for j, o := range c.Options {
				if o.Emoji != nil {
					e := *o.Emoji
					o.Emoji = &e
				}
				opts[j] = o
			}
			c.Options = opts
		}
		c.MinValues = cloneInt(c.MinValues)
		c.MaxValues = cloneInt(c.MaxValues)
		c.MinLength = cloneInt(c.MinLength)
		c.MaxLength = cloneInt(c.MaxLength)
		if c.Required != nil {
			b := *c.Required
			c.Required = &b
		}
		c.Components = cloneComponents(c.Components)
		if c.Accessory != nil {
			a := cloneComponents([]Component{*c.Accessory})[0]
			c.Accessory = &a
		}
		if c.Media != nil {
			m := *c.Media
			c.Media = &m
		}
		if c.File != nil {
			f := *c.File
			c.File = &f
		}
		c.Description = cloneString(c.Description)
		if c.Items != nil {
			items := make([]MediaItem, len(c.Items))
			for j, it := range c.Items {
				it.Description = cloneString(it.Description)
				items[j] = it
			}
			c.Items = items
		}
		c.AccentColor = cloneInt(c.AccentColor)
		c.Spacing = cloneInt(c.Spacing)
		if c.Divider != nil {
			b := *c.Divider
			c.Divider = &b
		}
		out[i] = c
	}
	return out
}

func cloneString(p *string) *string {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

// cloneFiles copies the list of files; their bytes, never changed once stored, are shared.
func cloneFiles(fs []File) []File {
	if fs == nil {
		return nil
	}
	return append([]File(nil), fs...)
}

func clonePings(p Pings) Pings {
	p.Users = append([]string(nil), p.Users...)
	p.Roles = append([]string(nil), p.Roles...)
	return p
}

func cloneInt(p *int) *int {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

func cloneEmbeds(es []Embed) []Embed {
	if es == nil {
		return nil
	}
	out := make([]Embed, len(es))
	for i, e := range es {
		if e.Footer != nil {
			f := *e.Footer
			e.Footer = &f
		}
		if e.Author != nil {
			a := *e.Author
			e.Author = &a
		}
		if e.Image != nil {
			m := *e.Image
			e.Image = &m
		}
		if e.Thumbnail != nil {
			m := *e.Thumbnail
			e.Thumbnail = &m
		}
		e.Fields = append([]EmbedField(nil), e.Fields...)
		out[i] = e
	}
	return out
}

func cloneMessage(m Message) Message {
	m.Mentions = cloneUsers(m.Mentions)
	m.MentionRoles = append([]string(nil), m.MentionRoles...)
	m.Attachments = append([]Attachment(nil), m.Attachments...)
	m.Files = cloneFiles(m.Files)
	m.Pings = clonePings(m.Pings)
	m.Embeds = cloneEmbeds(m.Embeds)
	m.Components = cloneComponents(m.Components)
	if m.EditedTimestamp != nil {
		t := *m.EditedTimestamp
		m.EditedTimestamp = &t
	}
	if m.InteractionMetadata != nil {
		im := *m.InteractionMetadata
		m.InteractionMetadata = &im
	}
	if m.Thread != nil {
		t := cloneChannel(*m.Thread)
		m.Thread = &t
	}
	if m.AllowedMentions != nil {
		am := *m.AllowedMentions
		am.Parse = append([]string(nil), am.Parse...)
		am.Roles = append([]string(nil), am.Roles...)
		am.Users = append([]string(nil), am.Users...)
		m.AllowedMentions = &am
	}
	return m
}

// wire returns the message ready to be marshalled: nil slices become empty
// arrays, as Discord always sends them.
func (m Message) wire() Message {
	m = cloneMessage(m)
	if m.Mentions == nil {
		m.Mentions = []User{}
	}
	if m.MentionRoles == nil {
		m.MentionRoles = []string{}
	}
	if m.Attachments == nil {
		m.Attachments = []Attachment{}
	}
	if m.Embeds == nil {
		m.Embeds = []Embed{}
	}
	if m.Components == nil {
		m.Components = []Component{}
	}
	return m
}

func cloneCommand(c Command) Command {
	c.Options = cloneOptions(c.Options)
	if c.DefaultMemberPermissions != nil {
		s := *c.DefaultMemberPermissions
		c.DefaultMemberPermissions = &s
	}
	c.Contexts = append([]int(nil), c.Contexts...)
	return c
}

func cloneOptions(os []CommandOption) []CommandOption {
	if os == nil {
		return nil
	}
	out := make([]CommandOption, len(os))
	for i, o := range os {
		o.Choices = append([]CommandChoice(nil), o.Choices...)
		o.Options = cloneOptions(o.Options)
		o.ChannelTypes = append([]int(nil), o.ChannelTypes...)
		out[i] = o
	}
	return out
}

func cloneInteraction(in Interaction) Interaction {
	in.Options = cloneInvokedOptions(in.Options)
	in.Values = append([]string(nil), in.Values...)
	if in.Fields != nil {
		f := make(map[string]string, len(in.Fields))
		for k, v := range in.Fields {
			f[k] = v
		}
		in.Fields = f
	}
	return in
}

func cloneResponse(r Response) Response {
	r.Embeds = cloneEmbeds(r.Embeds)
	r.Components = cloneComponents(r.Components)
	return r
}

// Text returns everything a message says in words, as a person reads it: its content, its
// embeds' titles, descriptions, fields and footers, and with Components V2 its text
// displays and its pictures' alt text, in order, a line apart.
func (m Message) Text() string { return textOf(m.Content, m.Embeds, m.Components, true) }

// Markdown returns the words of a message that Discord renders as Markdown: Text without
// the pictures' alt text, which it shows as it is.
func (m Message) Markdown() string { return textOf(m.Content, m.Embeds, m.Components, false) }

// Text returns everything an interaction's answer says in words, as Message.Text does.
func (r Response) Text() string { return textOf(r.Content, r.Embeds, r.Components, true) }

// textOf joins the words of content, embeds and components, with the pictures' alt text
// when alt is set.
func textOf(content string, embeds []Embed, components []Component, alt bool) string {
	var parts []string
	if content != "" {
		parts = append(parts, content)
	}
	for _, e := range embeds {
		for _, s := range []string{e.Title, e.Description} {
			if s != "" {
				parts = append(parts, s)
			}
		}
		for _, f := range e.Fields {
			parts = append(parts, f.Name, f.Value)
		}
		if e.Footer != nil && e.Footer.Text != "" {
			parts = append(parts, e.Footer.Text)
		}
	}
	walkComponents(components, func(c Component) {
		switch {
		case c.Type == ComponentTextDisplay && c.Content != "":
			parts = append(parts, c.Content)
		case alt && c.Description != nil && *c.Description != "":
			parts = append(parts, *c.Description)
		}
		for _, it := range c.Items {
			if !alt {
				break
			}
			if it.Description != nil && *it.Description != "" {
				parts = append(parts, *it.Description)
			}
		}
	})
	return strings.Join(parts, "\n")
}
