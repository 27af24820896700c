module github.com/feeddate/feeddate/bindings/go

go 1.19
