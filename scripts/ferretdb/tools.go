//go:build tools

// Package tools pins the FerretDB version the project builds; scripts/db.mjs
// copies that module's source out of the module cache and builds it.
package tools

import _ "github.com/FerretDB/FerretDB/cmd/ferretdb"
