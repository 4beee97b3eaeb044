// ExternalSecret's interpreter: health from ESO's Ready condition, the members' sync status added up, and the stores,
// generators and template sources the member's controller must find (see README.md for every decision).
import { defineInterpreter } from '../../interpreter/define';
import type { Cursor } from '../../kube/cursor';
import { fleetConditions, fleetRefreshTime, readyHealth } from '../../families/external-secrets/conditions';
import { addGenerator, addStore, addTemplateSources } from '../../families/external-secrets/store-refs';
import type { JsonObject } from '../../review/json';
import { agreedValue, membersOf, setOrRemove } from '../../shapes/aggregation';
import { NamedReferences, namespaceOf } from '../../shapes/dependencies';
import { readReportedGenerations, reportGenerations } from '../../shapes/generations';
import { externalSecret } from './identity';
import { readExternalSecret, readExternalSecretStatus, type ExternalSecret } from './schema';

const readReflected = (status: Cursor) => ({ ...readExternalSecretStatus(status), ...readReportedGenerations(status) });

export const externalSecretInterpreter = defineInterpreter<ExternalSecret>({
  ...externalSecret,
  decode: readExternalSecret,
  operations: {
    InterpretHealth: ({ object }) => readyHealth(object.conditions),
    // Conditions, refreshTime and the binding; not syncedResourceVersion, a hash of the member object's own labels
    // and annotations that means nothing on the control plane.
    InterpretStatus: ({ object }) => {
      const { conditions, refreshTime, bindingName } = object.status ?? {};
      const rawStatus: JsonObject = {};
      if (conditions !== undefined) rawStatus.conditions = conditions;
      if (refreshTime !== undefined) rawStatus.refreshTime = refreshTime;
      if (bindingName !== undefined) rawStatus.binding = { name: bindingName };
      return { rawStatus: reportGenerations(rawStatus, object.metadata) };
    },
    AggregateStatus: ({ aggregatedStatus, patch: newPatch }) => {
      const members = membersOf(aggregatedStatus, readReflected);
      const patch = newPatch();
      setOrRemove(patch, 'conditions', fleetConditions(members.reporting));
      setOrRemove(patch, 'refreshTime', fleetRefreshTime(members));
      const binding = agreedValue(members, (status) => status.bindingName);
      setOrRemove(patch, 'binding', binding === undefined ? undefined : { name: binding });
      return patch.operations;
    },
    InterpretDependency: ({ object, namespace }) => {
      const { stores, generators, templates } = object.referents;
      const references = new NamedReferences(namespaceOf(object.metadata, namespace));
      for (const store of stores) addStore(references, store);
      for (const generator of generators) addGenerator(references, generator);
      addTemplateSources(references, templates);
      return { dependencies: references.list() };
    },
    // The controller writes its finalizer (metadata, which Karmada keeps) and the status subresource; nothing in spec.
    Retain: ({ patch }) => patch().operations,
  },
});
