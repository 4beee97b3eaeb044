// The auth path's cold cost: a fresh node process that imports the Secrets Manager client and reads one secret.
const started = performance.now();
const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
const imported = performance.now();
const client = new SecretsManagerClient({ endpoint: process.env.BENCH_SECRETS_ENDPOINT, region: process.env.AWS_REGION ?? 'us-east-1' });
const secret = await client.send(new GetSecretValueCommand({ SecretId: process.env.BENCH_SECRET_ID }));
const read = performance.now();
if (typeof secret.SecretString !== 'string') throw new Error('the secret has no SecretString');
process.stdout.write(JSON.stringify({ importMs: imported - started, firstReadMs: read - imported, readyMs: read }));
