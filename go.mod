module github.com/pinochle-discord/pinochle

go 1.26.8

require (
	github.com/bwmarrin/discordgo v0.29.0
	github.com/gorilla/websocket v1.4.2
	github.com/joho/godotenv v1.5.1
	github.com/mattn/go-sqlite3 v1.14.53
)

require (
	golang.org/x/crypto v0.0.0-20210421170649-83a5a9bb288b // indirect
	golang.org/x/sys v0.0.0-20201119102817-f84b799fce68 // indirect
)
