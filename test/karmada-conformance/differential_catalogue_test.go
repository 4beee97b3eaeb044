package conformance

// Karmada's third-party catalogue (pkg/resourceinterpreter/default/thirdparty/resourcecustomizations): which of its
// kinds this service serves, and their testdata cases. Both are read from the catalogue compiled into the Karmada
// module the harness imports (resourcecustomizations.Embedded, the very files karmada-controller-manager loads), at
// test time: nothing of it is copied into this repository.

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/karmada-io/karmada/pkg/resourceinterpreter/default/thirdparty/resourcecustomizations"
)

// catalogueKind is one kind of Karmada's third-party catalogue, at one version, that this service serves.
type catalogueKind struct {
	folder string // lib/kinds/<folder> on our side
	readme string // our folder's README.md (from the repository root), where departures are listed
	gvk    schema.GroupVersionKind
	dir    string     // the catalogue's folder in resourcecustomizations.Embedded: <group>/<version>/<Kind>
	cases  []testCase // every document of the catalogue folder's testdata/*.yaml
}

// name is how tests and the report name the kind: our folder and the catalogue's version.
func (k catalogueKind) name() string { return k.folder + "/" + k.gvk.Version }

// catalogueKindFolders maps every kind of the catalogue to its folder (<group>/<version>/<Kind>, the layout Karmada's
// TestThirdPartyCustomizationsFile enforces: one customizations.yaml per folder).
func catalogueKindFolders() (map[schema.GroupVersionKind]string, error) {
	folders := map[schema.GroupVersionKind]string{}
	err := fs.WalkDir(resourcecustomizations.Embedded, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || d.Name() != "customizations.yaml" {
			return nil
		}
		parts := strings.Split(path.Dir(p), "/")
		if len(parts) != 3 {
			return fmt.Errorf("catalogue file %s is not in a <group>/<version>/<Kind> folder", p)
		}
		folders[schema.GroupVersionKind{Group: parts[0], Version: parts[1], Kind: parts[2]}] = path.Dir(p)
		return nil
	})
	return folders, err
}

// servedCatalogueKinds are the catalogue's kinds that `npm run -s kinds -- --json` lists as interpreted here, matched
// on group, version and kind, with their catalogue cases; and how many kinds the catalogue holds.
func servedCatalogueKinds(root string) ([]catalogueKind, int, error) {
	catalogue, err := catalogueKindFolders()
	if err != nil {
		return nil, 0, err
	}
	contract, err := kindsOfContract()
	if err != nil {
		return nil, 0, err
	}
	var kinds []catalogueKind
	for _, k := range contract {
		if !k.Interpreted {
			continue
		}
		for _, version := range k.Versions {
			gvk := schema.GroupVersionKind{Group: k.Group, Version: version, Kind: k.Kind}
			dir, ok := catalogue[gvk]
			if !ok {
				continue
			}
			cases, err := catalogueCases(dir)
			if err != nil {
				return nil, 0, err
			}
			if len(cases) == 0 {
				return nil, 0, fmt.Errorf("Karmada's catalogue folder %s has no testdata cases", dir)
			}
			kinds = append(kinds, catalogueKind{
				folder: path.Base(k.Folder),
				readme: path.Join(k.Folder, "README.md"),
				gvk:    gvk,
				dir:    dir,
				cases:  cases,
			})
		}
	}
	sort.Slice(kinds, func(i, j int) bool { return kinds[i].name() < kinds[j].name() })
	return kinds, len(catalogue), nil
}

// catalogueCases reads every document of every file under the folder's testdata, as Karmada's getAllTestCases does
// (its files walked in lexical order).
func catalogueCases(dir string) ([]testCase, error) {
	var cases []testCase
	err := fs.WalkDir(resourcecustomizations.Embedded, path.Join(dir, "testdata"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		data, err := fs.ReadFile(resourcecustomizations.Embedded, p)
		if err != nil {
			return err
		}
		documents, err := decodeCaseDocuments("resourcecustomizations/"+p, data)
		if err != nil {
			return err
		}
		for _, c := range documents {
			if c.Problem != "" {
				return fmt.Errorf("%s", c.Problem)
			}
		}
		cases = append(cases, documents...)
		return nil
	})
	return cases, err
}
