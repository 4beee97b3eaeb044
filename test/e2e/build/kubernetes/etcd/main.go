// Command etcd is etcd's own server entry point, built from the pinned module so the e2e needs no download of binaries.
package main

import (
	"os"

	"go.etcd.io/etcd/server/v3/etcdmain"
)

func main() {
	etcdmain.Main(os.Args)
}
