// A program that uses the Go binding as a program outside this repository
// does. In the tarball of make dist the replace points at ../../go.
module example.com/feeddate-program

go 1.19

require github.com/feeddate/feeddate/bindings/go v1.2.0

replace github.com/feeddate/feeddate/bindings/go => ../../bindings/go
