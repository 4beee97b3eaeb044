// Builds Karmada v1.18.2 components and its e2e suite for npm run e2e (not shipped); the default release.
module karmada-serverless-e2e/karmada

go 1.25.10

require github.com/karmada-io/karmada v1.18.2
