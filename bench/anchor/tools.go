//go:build tools

// Package anchor pins the Karmada module whose example webhook `npm run bench -- anchor` builds and measures.
package anchor

import _ "github.com/karmada-io/karmada/examples/customresourceinterpreter/webhook"
