// The deployed functions' handlers, by function name: the local server runs exactly these. Listed by hand (static
// imports, as the deployed bundles have them); test/stack/function-list.test.ts checks the list against lib/routes.ts.
import type { HttpApiHandler } from '../transport/http-api';
import { handler as aggregateStatus } from '../../functions/aggregate-status';
import { handler as convert } from '../../functions/convert';
import { handler as dispatcher } from '../../functions/dispatcher';
import { handler as interpretComponent } from '../../functions/interpret-component';
import { handler as interpretDependency } from '../../functions/interpret-dependency';
import { handler as interpretHealth } from '../../functions/interpret-health';
import { handler as interpretReplica } from '../../functions/interpret-replica';
import { handler as interpretStatus } from '../../functions/interpret-status';
import { handler as mutate } from '../../functions/mutate';
import { handler as retain } from '../../functions/retain';
import { handler as reviseReplica } from '../../functions/revise-replica';
import { handler as validate } from '../../functions/validate';

export const handlersByFunction: Readonly<Record<string, HttpApiHandler>> = {
  'interpret-replica': interpretReplica,
  'interpret-component': interpretComponent,
  'revise-replica': reviseReplica,
  retain,
  'aggregate-status': aggregateStatus,
  'interpret-status': interpretStatus,
  'interpret-health': interpretHealth,
  'interpret-dependency': interpretDependency,
  dispatcher,
  convert,
  mutate,
  validate,
};
