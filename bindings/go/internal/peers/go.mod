// The Go peer benchmark (make bench-peers-go): a module of its own, so that
// the binding's module never depends on go-humanize. Both come from this
// machine: the binding from the checkout, go-humanize from Debian's
// golang-github-dustin-go-humanize-dev, which ships no go.mod: mk/go.mk
// links its files into build/peers/go-humanize with one. No module proxy.
module github.com/feeddate/feeddate/bindings/go/internal/peers

go 1.19

require (
	github.com/dustin/go-humanize v1.0.0
	github.com/feeddate/feeddate/bindings/go v0.0.0
)

replace github.com/feeddate/feeddate/bindings/go => ../..

replace github.com/dustin/go-humanize => ../../../../build/peers/go-humanize
