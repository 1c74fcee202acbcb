package present

import (
	"bytes"

	"github.com/bwmarrin/discordgo"
)

// ChartFile returns a chart, a PNG, as a file to attach named name, and points embed e at
// it: the text of the embed stays for those who cannot see the picture.
func ChartFile(e *discordgo.MessageEmbed, name string, png []byte) *discordgo.File {
	e.Image = &discordgo.MessageEmbedImage{URL: "attachment://" + name}
	return &discordgo.File{Name: name, ContentType: "image/png", Reader: bytes.NewReader(png)}
}
