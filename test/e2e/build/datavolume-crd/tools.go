//go:build tools

// Pins the generator and the API types it reads (go.mod), so `go build` and controller-gen need no network once cached.
package tools

import (
	_ "kubevirt.io/containerized-data-importer-api/pkg/apis/core/v1beta1"
	_ "sigs.k8s.io/controller-tools/cmd/controller-gen"
)
