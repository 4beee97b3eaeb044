// Every kind this service converts between versions, one line a kind. Generated from the folders under lib/kinds/ by
// `npm run kinds` (new-kind runs it): do not edit; test/kit/kind-lists.test.ts fails when it is not current.
import { createConversionRegistry } from '../conversion/registry';
import { workloadConversion } from './workload/conversion';

export const conversionRegistry = createConversionRegistry([
  workloadConversion,
]);
