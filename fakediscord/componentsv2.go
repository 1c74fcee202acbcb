package fakediscord

import (
	"fmt"
	"strings"
)

// Discord's limits on a message with Components V2 (FlagComponentsV2).
const (
	// maxV2Components is the number of components a message may hold, every one counted:
	// action rows and their buttons, sections with their text displays and accessory,
	// containers with all they hold.
	maxV2Components = 40
	// maxV2Text is the number of characters of text a message may hold across all its
	// components: text displays, button labels, select menus' placeholders and options,
	// and the pictures' alt text.
	maxV2Text            = 4000
	maxSectionTexts      = 3
	maxGalleryItems      = 10
	maxMediaDescription  = 1024
	maxAccentColor       = 0xFFFFFF
	attachmentScheme     = "attachment://"
	separatorSmall       = 1
	separatorLarge       = 2
	maxComponentIDSerial = 1<<31 - 1
)

// v2TopLevel are the component types a Components V2 message may hold at its top level.
var v2TopLevel = map[int]bool{
	ComponentActionRow: true, ComponentSection: true, ComponentTextDisplay: true, ComponentMediaGallery: true,
	ComponentFile: true, ComponentSeparator: true, ComponentContainer: true,
}

// v2InContainer are the component types a container may hold.
var v2InContainer = map[int]bool{
	ComponentActionRow: true, ComponentSection: true, ComponentTextDisplay: true, ComponentMediaGallery: true,
	ComponentFile: true, ComponentSeparator: true,
}

// checkComponentsV2 returns every way a message with FlagComponentsV2 breaks Discord's
// rules: content or embeds beside the flag, a component where Discord does not take it,
// more than 40 components in all, more than 4,000 characters of text, and the limits of
// each component. The attachments its components show are checked against the message's
// files separately (checkAttachmentRefs).
func checkComponentsV2(content string, embeds []Embed, cs []Component) (v []string) {
	if content != "" {
		v = append(v, "content with IS_COMPONENTS_V2 (the message can only contain components)")
	}
	if len(embeds) > 0 {
		v = append(v, "embeds with IS_COMPONENTS_V2 (the message can only contain components)")
	}
	count, text := 0, 0
	walkComponents(cs, func(c Component) {
		count++
		text += componentText(c)
	})
	if count > maxV2Components {
		v = append(v, fmt.Sprintf("%d components in all, nested ones counted (max %d)", count, maxV2Components))
	}
	if text > maxV2Text {
		v = append(v, fmt.Sprintf("components hold %d characters of text (max %d)", text, maxV2Text))
	}
	ids := map[string]bool{}
	serials := map[int]bool{}
	for i, c := range cs {
		p := fmt.Sprintf("component %d", i)
		if !v2TopLevel[c.Type] {
			v = append(v, fmt.Sprintf("%s: type %d cannot be a top-level component of a Components V2 message", p, c.Type))
			continue
		}
		v = append(v, checkV2Component(p, c, ids)...)
	}
	walkComponents(cs, func(c Component) {
		if c.ID == 0 {
			return
		}
		if c.ID < 0 || c.ID > maxComponentIDSerial {
			v = append(v, fmt.Sprintf("component id %d is not a 32-bit integer", c.ID))
		}
		if serials[c.ID] {
			v = append(v, fmt.Sprintf("component id %d is not unique in the message", c.ID))
		}
		serials[c.ID] = true
	})
	return v
}

// componentText is the text one component shows, counted towards maxV2Text (its children
// are counted on their own).
func componentText(c Component) int {
	n := runes(c.Content) + runes(c.Label) + runes(c.Placeholder)
	for _, o := range c.Options {
		n += runes(o.Label) + runes(o.Description)
	}
	if c.Description != nil {
		n += runes(*c.Description)
	}
	for _, it := range c.Items {
		if it.Description != nil {
			n += runes(*it.Description)
		}
	}
	return n
}

// checkV2Component checks one component of a Components V2 message and what it holds.
// ids are the custom IDs seen so far in the message.
func checkV2Component(p string, c Component, ids map[string]bool) (v []string) {
	switch c.Type {
	case ComponentActionRow:
		v = append(v, checkRow(p, c, ids)...)
	case ComponentTextDisplay:
		if c.Content == "" {
			v = append(v, p+": text display without content")
		}
	case ComponentSection:
		if n := len(c.Components); n < 1 || n > maxSectionTexts {
			v = append(v, fmt.Sprintf("%s: section holds %d components (want 1-%d text displays)", p, n, maxSectionTexts))
		}
		for j, t := range c.Components {
			if t.Type != ComponentTextDisplay {
				v = append(v, fmt.Sprintf("%s component %d: a section holds text displays, not type %d", p, j, t.Type))
				continue
			}
			v = append(v, checkV2Component(fmt.Sprintf("%s component %d", p, j), t, ids)...)
		}
		switch a := c.Accessory; {
		case a == nil:
			v = append(v, p+": section without an accessory")
		case a.Type == ComponentButton:
			v = append(v, checkButton(p+" accessory", *a)...)
			v = append(v, uniqueCustomID(p+" accessory", *a, ids)...)
		case a.Type == ComponentThumbnail:
			v = append(v, checkMedia(p+" accessory", a.Media, a.Description)...)
		default:
			v = append(v, fmt.Sprintf("%s: a section's accessory is a button or a thumbnail, not type %d", p, a.Type))
		}
	case ComponentMediaGallery:
		if n := len(c.Items); n < 1 || n > maxGalleryItems {
			v = append(v, fmt.Sprintf("%s: media gallery of %d items (want 1-%d)", p, n, maxGalleryItems))
		}
		for j, it := range c.Items {
			media := it.Media
			v = append(v, checkMedia(fmt.Sprintf("%s item %d", p, j), &media, it.Description)...)
		}
	case ComponentFile:
		switch {
		case c.File == nil || c.File.URL == "":
			v = append(v, p+": file component without a file")
		case !strings.HasPrefix(c.File.URL, attachmentScheme):
			v = append(v, fmt.Sprintf("%s: a file component shows an uploaded file (attachment://name), not %q", p, c.File.URL))
		}
	case ComponentSeparator:
		if c.Spacing != nil && *c.Spacing != separatorSmall && *c.Spacing != separatorLarge {
			v = append(v, fmt.Sprintf("%s: separator spacing %d is not 1 or 2", p, *c.Spacing))
		}
	case ComponentContainer:
		if len(c.Components) == 0 {
			v = append(v, p+": empty container")
		}
		if c.AccentColor != nil && (*c.AccentColor < 0 || *c.AccentColor > maxAccentColor) {
			v = append(v, fmt.Sprintf("%s: accent_color %d is not an RGB colour", p, *c.AccentColor))
		}
		for j, in := range c.Components {
			cp := fmt.Sprintf("%s component %d", p, j)
			if !v2InContainer[in.Type] {
				v = append(v, fmt.Sprintf("%s: a container cannot hold type %d", cp, in.Type))
				continue
			}
			v = append(v, checkV2Component(cp, in, ids)...)
		}
	}
	return v
}

// checkMedia checks a thumbnail's or a gallery item's picture and alt text.
func checkMedia(p string, m *UnfurledMedia, description *string) (v []string) {
	if m == nil || m.URL == "" {
		v = append(v, p+": no media url")
	}
	if description != nil {
		if n := runes(*description); n > maxMediaDescription {
			v = append(v, fmt.Sprintf("%s: alt text is %d characters (max %d)", p, n, maxMediaDescription))
		}
	}
	return v
}

// mediaRefs returns the file names the components show with attachment://name, in order.
func mediaRefs(cs []Component) []string {
	var out []string
	add := func(m *UnfurledMedia) {
		if m != nil {
			if name, ok := strings.CutPrefix(m.URL, attachmentScheme); ok {
				out = append(out, name)
			}
		}
	}
	walkComponents(cs, func(c Component) {
		add(c.Media)
		add(c.File)
		for i := range c.Items {
			add(&c.Items[i].Media)
		}
	})
	return out
}

// checkAttachmentRefs checks that every attachment://name a Components V2 message's
// components show is one of its files. It returns the files no component shows, which
// Discord keeps but does not display.
func checkAttachmentRefs(cs []Component, atts []Attachment) (violations, hidden []string) {
	have := map[string]bool{}
	for _, a := range atts {
		have[a.Filename] = true
	}
	shown := map[string]bool{}
	for _, name := range mediaRefs(cs) {
		shown[name] = true
		if !have[name] {
			violations = append(violations, fmt.Sprintf("attachment://%s: the message has no file %q", name, name))
		}
	}
	for _, a := range atts {
		if !shown[a.Filename] {
			hidden = append(hidden, a.Filename)
		}
	}
	return violations, hidden
}

// numberComponents gives every component of a Components V2 message without an id the
// next free one, as Discord does: in order, skipping those the message sets itself.
func numberComponents(cs []Component) {
	used := map[int]bool{}
	walkComponents(cs, func(c Component) { used[c.ID] = true })
	next := 0
	var number func([]Component)
	number = func(cs []Component) {
		for i := range cs {
			c := &cs[i]
			if c.ID == 0 {
				for next++; used[next]; next++ {
				}
				c.ID = next
			}
			number(c.Components)
			if c.Accessory != nil {
				a := []Component{*c.Accessory}
				number(a)
				c.Accessory = &a[0]
			}
		}
	}
	number(cs)
}
