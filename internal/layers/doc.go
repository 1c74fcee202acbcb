// Package layers holds no code: its test states which packages of the module may import
// which, so that the layering (rules at the bottom, Discord at the top, no database under
// the table runtime, commands or presentation) cannot drift. docs/architecture.md
// describes the layers; the table in layers_test.go is what holds.
package layers
