// The member statuses of an AggregateStatus request (Karmada's AggregatedStatusItem list), each read by the kind.
import { Cursor } from '../kube/cursor';
import { describeJson } from '../review/json';
import { invalidInput } from './wire/errors';
import type { AggregatedStatusItem } from './wire/types';

/**
 * The member statuses of an AggregateStatus request, each decoded by `decode` (what the kind's InterpretStatus
 * returned); items without a status are skipped, a status that is not an object is a 400 naming the item.
 */
export function memberStatusesOf<S>(
  items: readonly AggregatedStatusItem[] | undefined,
  decode: (status: Cursor) => S,
): { clusterName: string; status: S }[] {
  const statuses: { clusterName: string; status: S }[] = [];
  // A plain loop: flatMap's array per item cost as much as the decoding on a small AggregateStatus.
  for (let index = 0; index < (items?.length ?? 0); index++) {
    const { clusterName, status } = items![index]!;
    if (status === undefined || status === null) continue;
    const path = () => `request.aggregatedStatus[${index}].status`;
    if (typeof status !== 'object' || Array.isArray(status)) {
      const member = clusterName === '' ? 'the member' : clusterName;
      throw invalidInput(`${path()} must be an object (what InterpretStatus returned for ${member}), got ${describeJson(status)}`);
    }
    statuses.push({ clusterName, status: decode(Cursor.root(status, path)) });
  }
  return statuses;
}
