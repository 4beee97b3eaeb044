// Package conformance drives Karmada's own resource interpreter webhook client against the local server.
package conformance
