// Every kind this service converts between versions, one line a kind (only kinds that serve several versions).
import { createConversionRegistry } from '../conversion/registry';
import { workloadConversion } from './workload/conversion';

export const conversionRegistry = createConversionRegistry([workloadConversion]);
