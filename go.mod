module github.com/pinochle-discord/pinochle

go 1.26.8
