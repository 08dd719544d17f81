// Command idindex gives every FerretDB (SQLite backend) collection table an index on the exact
// expression FerretDB 1.24 filters by when it looks a document up by `_id`.
//
// FerretDB indexes `_id` as `_ferretdb_sjson->"_id"` but pushes `{_id: x}` down to SQLite as
// `WHERE _ferretdb_sjson->'$._id' = ?`. SQLite only uses an expression index whose expression is
// written the same way, so every lookup by `_id` walked the table until it met the row (a missing
// id walked all of it). An index on `_ferretdb_sjson->'$._id'` turns each of those into an index
// search. The index is an ordinary SQLite index FerretDB does not know of: it does not list it,
// never drops it on its own, and it goes with its table when the collection is dropped.
//
// Run beside FerretDB: idindex -dir <sqlite dir> [-every 1s] [-while-pid <pid>] [-once]
// It checks the `*.sqlite` files in dir (only those changed since its last look) and indexes any
// collection table that lacks the index, until the process `-while-pid` is gone.
package main

import (
	"database/sql"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	_ "modernc.org/sqlite"
)

// indexSuffix names the index; FerretDB's own indexes are named "<table>_<index name>".
const indexSuffix = "_fw_id_lookup"

// busyTimeoutMs matches FerretDB's own default, so neither side gives up while the other writes.
const busyTimeoutMs = 10_000

type seen struct {
	size  int64
	mtime time.Time
}

func main() {
	dir := flag.String("dir", "", "FerretDB's SQLite directory (its --sqlite-url)")
	every := flag.Duration("every", time.Second, "how often to look for new tables")
	whilePid := flag.Int("while-pid", 0, "stop once this process is gone")
	once := flag.Bool("once", false, "look once and exit")
	flag.Parse()
	if *dir == "" {
		log.Fatal("idindex: -dir is required")
	}

	checked := map[string]seen{}
	for {
		if err := indexDir(*dir, checked); err != nil {
			log.Printf("idindex: %v", err)
		}
		if *once {
			return
		}
		time.Sleep(*every)
		if *whilePid != 0 && syscall.Kill(*whilePid, 0) != nil {
			return
		}
	}
}

func indexDir(dir string, checked map[string]seen) error {
	files, err := filepath.Glob(filepath.Join(dir, "*.sqlite"))
	if err != nil {
		return err
	}
	for _, file := range files {
		// A new table shows in the write-ahead log first, so both files count as a change.
		state := fileState(file)
		wal := fileState(file + "-wal")
		state.size += wal.size
		if wal.mtime.After(state.mtime) {
			state.mtime = wal.mtime
		}
		if checked[file] == state {
			continue
		}
		if err := indexFile(file); err != nil {
			log.Printf("idindex: %s: %v", filepath.Base(file), err)
			continue
		}
		checked[file] = state
	}
	return nil
}

func fileState(path string) seen {
	info, err := os.Stat(path)
	if err != nil {
		return seen{}
	}
	return seen{size: info.Size(), mtime: info.ModTime()}
}

func indexFile(file string) error {
	// mode=rw: a database FerretDB has just dropped must not be created again here.
	dsn := fmt.Sprintf("file:%s?mode=rw&_pragma=busy_timeout(%d)", file, busyTimeoutMs)
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)

	tables, err := missingIndexes(db)
	if err != nil {
		return err
	}
	for _, table := range tables {
		q := fmt.Sprintf(
			`CREATE INDEX IF NOT EXISTS %q ON %q (_ferretdb_sjson->'$._id')`,
			table+indexSuffix, table,
		)
		if _, err := db.Exec(q); err != nil {
			return fmt.Errorf("%s: %w", table, err)
		}
	}
	return nil
}

// missingIndexes lists FerretDB's collection tables (those with its document column) that have
// no lookup index yet.
func missingIndexes(db *sql.DB) ([]string, error) {
	rows, err := db.Query(`
		SELECT t.name FROM sqlite_master t
		WHERE t.type = 'table'
		  AND t.name NOT LIKE 'sqlite_%'
		  AND t.name NOT LIKE '\_ferretdb\_%' ESCAPE '\'
		  AND instr(t.sql, '_ferretdb_sjson') > 0
		  AND NOT EXISTS (
		    SELECT 1 FROM sqlite_master i
		    WHERE i.type = 'index' AND i.name = t.name || ?
		  )`, indexSuffix)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, err
		}
		if !strings.ContainsAny(name, "\"\x00") {
			tables = append(tables, name)
		}
	}
	return tables, rows.Err()
}
