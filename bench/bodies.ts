// Karmada request bodies for the benchmarks and the load test: a typical Workload per operation, and fleets of clusters.
import type { InterpreterOperation } from '../lib/interpreter/wire/operations';
import { interpreterContext, type Json, type JsonMap } from '../test/support/karmada';
import { aggregateStatusBody } from '../test/property/seeds';

export { aggregateStatusBody };

/** A Workload as the resource detector sees it: server-set metadata, a two-container pod template, a status. */
export function typicalWorkload(): JsonMap {
  return {
    apiVersion: 'workload.example.io/v1alpha1',
    kind: 'Workload',
    metadata: {
      name: 'checkout',
      namespace: 'shop',
      uid: '5a8d3c2e-7b14-4f0a-9c6e-1d2f3a4b5c6d',
      resourceVersion: '184467',
      generation: 7,
      creationTimestamp: '2026-11-02T09:14:27Z',
      labels: { app: 'checkout', tier: 'backend', 'app.kubernetes.io/part-of': 'shop' },
      annotations: {
        'resourcetemplate.karmada.io/generation': '7',
        'propagationpolicy.karmada.io/name': 'shop-backend',
        'propagationpolicy.karmada.io/namespace': 'shop',
      },
    },
    spec: {
      replicas: 6,
      paused: false,
      template: {
        metadata: { labels: { app: 'checkout', tier: 'backend' } },
        spec: {
          serviceAccountName: 'checkout',
          nodeSelector: { 'kubernetes.io/arch': 'arm64' },
          tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'shop', effect: 'NoSchedule' }],
          imagePullSecrets: [{ name: 'registry-credentials' }],
          initContainers: [{ name: 'migrate', image: 'registry.example.com/checkout-migrate:1.42.0', resources: { requests: { cpu: '200m', memory: '128Mi' } } }],
          containers: [
            {
              name: 'checkout',
              image: 'registry.example.com/checkout:1.42.0',
              ports: [{ name: 'http', containerPort: 8080 }],
              env: [
                { name: 'LOG_LEVEL', value: 'info' },
                { name: 'DB_PASSWORD', valueFrom: { secretKeyRef: { name: 'checkout-db', key: 'password' } } },
              ],
              envFrom: [{ configMapRef: { name: 'checkout-config' } }],
              resources: { requests: { cpu: '500m', memory: '512Mi' }, limits: { cpu: '1', memory: '1Gi' } },
              volumeMounts: [{ name: 'tls', mountPath: '/etc/tls', readOnly: true }],
            },
            {
              name: 'envoy',
              image: 'envoyproxy/envoy:v1.31.0',
              resources: { requests: { cpu: '100m', memory: '64Mi' } },
            },
          ],
          volumes: [
            { name: 'tls', secret: { secretName: 'checkout-tls' } },
            { name: 'envoy-config', configMap: { name: 'checkout-envoy' } },
            { name: 'cache', persistentVolumeClaim: { claimName: 'checkout-cache' } },
          ],
        },
      },
    },
    status: {
      observedGeneration: 7,
      readyReplicas: 6,
      conditions: [
        { type: 'Available', status: 'True', lastTransitionTime: '2026-11-20T10:00:00Z', reason: 'MinimumReplicasAvailable' },
        { type: 'Progressing', status: 'True', lastTransitionTime: '2026-11-20T09:58:00Z', reason: 'NewReplicaSetAvailable' },
      ],
    },
  };
}

/** The typical Workload's request for `operation`, with the fields Karmada adds for it. */
export function typicalBody(operation: InterpreterOperation, uid = `typical-${operation}`): JsonMap {
  const object = typicalWorkload();
  switch (operation) {
    case 'ReviseReplica':
      return interpreterContext({ operation, object, replicas: 2, uid });
    case 'Retain': {
      const observedObject = typicalWorkload();
      (observedObject.spec as JsonMap).paused = true;
      (observedObject.spec as JsonMap).replicas = 4;
      return interpreterContext({ operation, object, observedObject, uid });
    }
    case 'AggregateStatus': {
      const items: Json[] = ['member1', 'member2', 'member3'].map((clusterName, i) => ({ clusterName, applied: true, health: 'Healthy', status: { readyReplicas: i + 1 } }));
      return interpreterContext({ operation, object, aggregatedStatus: items, uid });
    }
    default:
      return interpreterContext({ operation, object, uid });
  }
}

/** One warm-handler benchmark: a function's handler on its own route with one body. */
export interface WarmCase {
  name: string;
  functionName: string;
  routePath: string;
  body: JsonMap;
}

const routeOf = (segment: string) => `/interpreter/${segment}`;

export function warmCases(): WarmCase[] {
  const typical: [InterpreterOperation, string][] = [
    ['InterpretReplica', 'interpret-replica'],
    ['InterpretComponent', 'interpret-component'],
    ['ReviseReplica', 'revise-replica'],
    ['Retain', 'retain'],
    ['InterpretStatus', 'interpret-status'],
    ['InterpretHealth', 'interpret-health'],
    ['InterpretDependency', 'interpret-dependency'],
  ];
  return [
    ...typical.map(([operation, segment]) => ({ name: `${operation} (typical Workload)`, functionName: segment, routePath: routeOf(segment), body: typicalBody(operation) })),
    ...[10, 100, 1000, 2000].map((clusters) => ({
      name: `AggregateStatus, ${clusters} clusters`,
      functionName: 'aggregate-status',
      routePath: routeOf('aggregate-status'),
      body: aggregateStatusBody(clusters),
    })),
    { name: 'dispatcher: InterpretReplica (typical)', functionName: 'dispatcher', routePath: '/interpreter', body: typicalBody('InterpretReplica') },
  ];
}
