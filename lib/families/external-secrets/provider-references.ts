// Where each External Secrets Operator provider's configuration names an object of the cluster ESO runs in, path by
// path below `spec.provider.<provider>`: every esmeta.SecretKeySelector (`secret`: name, namespace, key), every
// esmeta.ServiceAccountSelector (`serviceAccount`: name, namespace, audiences), every CAProvider (`caProvider`: a
// Secret or a ConfigMap by `type`), GCP's workload identity federation SecretReference (`secret`: name, namespace)
// and ConfigMapReference (`configMap`). Listed from the `v1` schema of ESO v1.3.2's
// config/crds/bases/external-secrets.io_secretstores.yaml (ClusterSecretStore's is the same), by walking
// `spec.provider` for objects of exactly those properties; v0.16.2's v1beta1 schema names a subset of these paths.
// `[]` marks a list (the webhook provider's `secrets`). See README.md for how to refresh it.

/** What is at a path: which object it names and how its namespace is read (see stores.ts). */
export type ReferenceShape = 'secret' | 'serviceAccount' | 'caProvider' | 'configMap';

/** Per provider (the key of `spec.provider`), the references its configuration may hold. */
export const providerReferences: Readonly<Record<string, readonly (readonly [ReferenceShape, string])[]>> = {
  akeyless: [
    ['secret', 'authSecretRef.kubernetesAuth.secretRef'],
    ['serviceAccount', 'authSecretRef.kubernetesAuth.serviceAccountRef'],
    ['secret', 'authSecretRef.secretRef.accessID'],
    ['secret', 'authSecretRef.secretRef.accessType'],
    ['secret', 'authSecretRef.secretRef.accessTypeParam'],
    ['caProvider', 'caProvider'],
  ],
  alibaba: [['secret', 'auth.secretRef.accessKeyIDSecretRef'], ['secret', 'auth.secretRef.accessKeySecretSecretRef']],
  aws: [
    ['serviceAccount', 'auth.jwt.serviceAccountRef'],
    ['secret', 'auth.secretRef.accessKeyIDSecretRef'],
    ['secret', 'auth.secretRef.secretAccessKeySecretRef'],
    ['secret', 'auth.secretRef.sessionTokenSecretRef'],
  ],
  azurekv: [
    ['secret', 'authSecretRef.clientCertificate'],
    ['secret', 'authSecretRef.clientId'],
    ['secret', 'authSecretRef.clientSecret'],
    ['secret', 'authSecretRef.tenantId'],
    ['serviceAccount', 'serviceAccountRef'],
  ],
  barbican: [['secret', 'auth.password.secretRef'], ['secret', 'auth.username.secretRef']],
  beyondtrust: [
    ['secret', 'auth.apiKey.secretRef'],
    ['secret', 'auth.certificate.secretRef'],
    ['secret', 'auth.certificateKey.secretRef'],
    ['secret', 'auth.clientId.secretRef'],
    ['secret', 'auth.clientSecret.secretRef'],
  ],
  bitwardensecretsmanager: [['secret', 'auth.secretRef.credentials'], ['caProvider', 'caProvider']],
  chef: [['secret', 'auth.secretRef.privateKeySecretRef']],
  cloudrusm: [['secret', 'auth.secretRef.accessKeyIDSecretRef'], ['secret', 'auth.secretRef.accessKeySecretSecretRef']],
  conjur: [
    ['secret', 'auth.apikey.apiKeyRef'],
    ['secret', 'auth.apikey.userRef'],
    ['secret', 'auth.jwt.secretRef'],
    ['serviceAccount', 'auth.jwt.serviceAccountRef'],
    ['caProvider', 'caProvider'],
  ],
  delinea: [['secret', 'clientId.secretRef'], ['secret', 'clientSecret.secretRef']],
  device42: [['secret', 'auth.secretRef.credentials']],
  doppler: [['serviceAccount', 'auth.oidcConfig.serviceAccountRef'], ['secret', 'auth.secretRef.dopplerToken']],
  dvls: [['secret', 'auth.secretRef.appId'], ['secret', 'auth.secretRef.appSecret']],
  fortanix: [['secret', 'apiKey.secretRef']],
  gcpsm: [
    ['secret', 'auth.secretRef.secretAccessKeySecretRef'],
    ['serviceAccount', 'auth.workloadIdentity.serviceAccountRef'],
    ['secret', 'auth.workloadIdentityFederation.awsSecurityCredentials.awsCredentialsSecretRef'],
    ['configMap', 'auth.workloadIdentityFederation.credConfig'],
    ['serviceAccount', 'auth.workloadIdentityFederation.serviceAccountRef'],
  ],
  github: [['secret', 'auth.privateKey']],
  gitlab: [['secret', 'auth.SecretRef.accessToken'], ['caProvider', 'caProvider']],
  ibm: [['secret', 'auth.secretRef.secretApiKeySecretRef']],
  infisical: [
    ['secret', 'auth.awsAuthCredentials.identityId'],
    ['secret', 'auth.azureAuthCredentials.identityId'],
    ['secret', 'auth.azureAuthCredentials.resource'],
    ['secret', 'auth.gcpIamAuthCredentials.identityId'],
    ['secret', 'auth.gcpIamAuthCredentials.serviceAccountKeyFilePath'],
    ['secret', 'auth.gcpIdTokenAuthCredentials.identityId'],
    ['secret', 'auth.jwtAuthCredentials.identityId'],
    ['secret', 'auth.jwtAuthCredentials.jwt'],
    ['secret', 'auth.kubernetesAuthCredentials.identityId'],
    ['secret', 'auth.kubernetesAuthCredentials.serviceAccountTokenPath'],
    ['secret', 'auth.ldapAuthCredentials.identityId'],
    ['secret', 'auth.ldapAuthCredentials.ldapPassword'],
    ['secret', 'auth.ldapAuthCredentials.ldapUsername'],
    ['secret', 'auth.ociAuthCredentials.fingerprint'],
    ['secret', 'auth.ociAuthCredentials.identityId'],
    ['secret', 'auth.ociAuthCredentials.privateKey'],
    ['secret', 'auth.ociAuthCredentials.privateKeyPassphrase'],
    ['secret', 'auth.ociAuthCredentials.region'],
    ['secret', 'auth.ociAuthCredentials.tenancyId'],
    ['secret', 'auth.ociAuthCredentials.userId'],
    ['secret', 'auth.tokenAuthCredentials.accessToken'],
    ['secret', 'auth.universalAuthCredentials.clientId'],
    ['secret', 'auth.universalAuthCredentials.clientSecret'],
    ['caProvider', 'caProvider'],
  ],
  keepersecurity: [['secret', 'authRef']],
  kubernetes: [
    ['secret', 'auth.cert.clientCert'],
    ['secret', 'auth.cert.clientKey'],
    ['serviceAccount', 'auth.serviceAccount'],
    ['secret', 'auth.token.bearerToken'],
    ['secret', 'authRef'],
    ['caProvider', 'server.caProvider'],
  ],
  ngrok: [['secret', 'auth.apiKey.secretRef']],
  onboardbase: [['secret', 'auth.apiKeyRef'], ['secret', 'auth.passcodeRef']],
  onepassword: [['secret', 'auth.secretRef.connectTokenSecretRef']],
  onepasswordSDK: [['secret', 'auth.serviceAccountSecretRef']],
  oracle: [['secret', 'auth.secretRef.fingerprint'], ['secret', 'auth.secretRef.privatekey'], ['serviceAccount', 'serviceAccountRef']],
  passbolt: [['secret', 'auth.passwordSecretRef'], ['secret', 'auth.privateKeySecretRef']],
  passworddepot: [['secret', 'auth.secretRef.credentials']],
  previder: [['secret', 'auth.secretRef.accessToken']],
  pulumi: [['secret', 'accessToken.secretRef']],
  scaleway: [['secret', 'accessKey.secretRef'], ['secret', 'secretKey.secretRef']],
  secretserver: [['caProvider', 'caProvider'], ['secret', 'password.secretRef'], ['secret', 'username.secretRef']],
  senhasegura: [['secret', 'auth.clientSecretSecretRef']],
  vault: [
    ['secret', 'auth.appRole.roleRef'],
    ['secret', 'auth.appRole.secretRef'],
    ['secret', 'auth.cert.clientCert'],
    ['secret', 'auth.cert.secretRef'],
    ['secret', 'auth.gcp.secretRef.secretAccessKeySecretRef'],
    ['serviceAccount', 'auth.gcp.serviceAccountRef'],
    ['serviceAccount', 'auth.gcp.workloadIdentity.serviceAccountRef'],
    ['serviceAccount', 'auth.iam.jwt.serviceAccountRef'],
    ['secret', 'auth.iam.secretRef.accessKeyIDSecretRef'],
    ['secret', 'auth.iam.secretRef.secretAccessKeySecretRef'],
    ['secret', 'auth.iam.secretRef.sessionTokenSecretRef'],
    ['serviceAccount', 'auth.jwt.kubernetesServiceAccountToken.serviceAccountRef'],
    ['secret', 'auth.jwt.secretRef'],
    ['secret', 'auth.kubernetes.secretRef'],
    ['serviceAccount', 'auth.kubernetes.serviceAccountRef'],
    ['secret', 'auth.ldap.secretRef'],
    ['secret', 'auth.tokenSecretRef'],
    ['secret', 'auth.userPass.secretRef'],
    ['caProvider', 'caProvider'],
    ['secret', 'tls.certSecretRef'],
    ['secret', 'tls.keySecretRef'],
  ],
  volcengine: [['secret', 'auth.secretRef.accessKeyID'], ['secret', 'auth.secretRef.secretAccessKey'], ['secret', 'auth.secretRef.token']],
  webhook: [
    ['secret', 'auth.ntlm.passwordSecret'],
    ['secret', 'auth.ntlm.usernameSecret'],
    ['caProvider', 'caProvider'],
    ['secret', 'secrets[].secretRef'],
  ],
  yandexcertificatemanager: [['secret', 'auth.authorizedKeySecretRef'], ['secret', 'caProvider.certSecretRef']],
  yandexlockbox: [['secret', 'auth.authorizedKeySecretRef'], ['secret', 'caProvider.certSecretRef']],
};

/**
 * Providers that read every Secret in the namespace they are handed (the ExternalSecret's), whatever the selector's
 * `namespace` says: Volcengine's `getSecretValue` (providers/v1/volcengine/auth.go) never reads it.
 */
export const selectorNamespaceIgnoredBy: ReadonlySet<string> = new Set(['volcengine']);
