// Builds Karmada v1.17.1 components and its e2e suite for npm run e2e (not shipped); E2E_KARMADA_VERSION=v1.17.1 selects it.
module karmada-serverless-e2e/karmada

go 1.25.7

require github.com/karmada-io/karmada v1.17.1
