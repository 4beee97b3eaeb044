// Bounds on the lists the readers accept, shared by the interpreters (which refuse past them) and admission (which
// keeps such objects out, so that nothing is admitted that the interpreter would then refuse on every call).

/**
 * Kubernetes' pod validation sets no count limit on these lists; what bounds them there is size (the API server
 * refuses bodies over 3 MiB, etcd objects over 1.5 MiB by default), which still allows ~500,000 `{}` items. Real pod
 * templates have tens at most: these bounds are generous.
 */
export const podTemplateLimits = {
  /** containers, initContainers, ephemeralContainers, tolerations, imagePullSecrets, volumes, env, envFrom, sources. */
  listItems: 10_000,
  /** Resource names in one requests, limits or overhead list. */
  resourceNames: 1_000,
} as const;

/** A bound on a list's length and why it is safe: the refusal of a longer list ends with the reason, in brackets. */
export interface ListBound {
  readonly maxItems: number;
  readonly why: string;
}

/** containers, initContainers, tolerations, volumes, env… of a pod template. */
export const podTemplateList: ListBound = { maxItems: podTemplateLimits.listItems, why: 'far more than any real pod template needs' };

/** Resource names in one requests, limits or overhead list. */
export const resourceNameList: ListBound = { maxItems: podTemplateLimits.resourceNames, why: 'far more resource names than any cluster defines' };

/** An InterpretDependency answer: each object once, each a name of at most 253 characters, so a few MB at most. */
export const dependencyList: ListBound = { maxItems: 10_000, why: 'far more objects than any workload depends on' };

/** `status.conditions`: a controller writes one condition per type, a handful in practice. */
export const conditionList: ListBound = { maxItems: podTemplateLimits.listItems, why: 'far more than any controller writes: one condition per type' };

/**
 * Any other list a kind reads: the cursor's bound where the reader names none, so no list is read without one. A
 * 6 MB body holds ~2,000,000 `{}` items; real objects hold tens.
 */
export const anyList: ListBound = { maxItems: 10_000, why: 'far more items than any real object holds' };

/** metav1.Condition's validation (apimachinery ValidateConditions): the longest `type`, `reason` and `message` it admits. */
export const conditionFieldLengths = { type: 316, reason: 1024, message: 32_768 } as const;
