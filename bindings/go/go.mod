module feeddate

go 1.19
