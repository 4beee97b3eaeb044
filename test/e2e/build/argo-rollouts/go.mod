// Only for `go mod download`: pins Argo Rollouts' release whose CRDs (manifests/crds) the e2e's rollout scenario
// installs. Nothing is built from it, and test/e2e/lib/build.ts leaves it out of the binaries' cache key.
module karmada-serverless/e2e/argo-rollouts

go 1.25.7

require github.com/argoproj/argo-rollouts v1.8.3
